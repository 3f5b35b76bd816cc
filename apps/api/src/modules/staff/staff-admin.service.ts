import { createHash, randomBytes } from 'node:crypto';
import { renderInvitationEmail } from '@sufra/shared/notify/invitation-email';
import type { StaffRole } from '@sufra/shared/schemas/staff';
import {
  INVITATION_DAYS,
  type StaffListItem,
  type staffInviteBody,
  type staffUpdateBody,
} from '@sufra/shared/schemas/staff-admin';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Queryable } from '../../db/client.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { recordStaffChange } from '../audit/audit.service.ts';
import { mailIsOn, queueMail } from '../email/email.service.ts';
import { hashPassword } from './password.service.ts';
import {
  brandBranchIds,
  brandForMail,
  brandStaff,
  emailTaken,
  insertInvitation,
  insertInvitedStaff,
  otherActiveOwners,
  replaceStaffBranches,
  revokeStaffSessions,
  setPasswordAndActivate,
  spendInvitation,
  spendStaffInvitations,
  staffAccount,
  updateStaffAt,
} from './staff-admin.repo.ts';

/** An account as the console's list shows it. */
function toItem(account: NonNullable<Awaited<ReturnType<typeof staffAccount>>>): StaffListItem {
  const { id, email, name, role, active, invited, branchIds, version } = account;
  return { id, email, name, role: role as StaffRole, active, invited, branchIds, version };
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Staff accounts (issue 26 item 9). An owner invites managers and cashiers to any branch of the brand; a manager
 * invites cashiers to their own branches and manages only cashiers whose branches are all theirs. The one-time link
 * comes back to the inviter; with e-mail set up it is also e-mailed to the person, in the brand's default language,
 * through the outbox (docs/adr/0621).
 */
export function createStaffAdminService(ctx: AppContext) {
  const { db } = ctx;

  /** May `staff` manage an account of this role on these branches? */
  function mayManage(staff: StaffPrincipal, role: string, branchIds: number[]): boolean {
    if (staff.role === 'owner') return role !== 'owner';
    if (staff.role === 'manager') return role === 'cashier' && branchIds.every((id) => staff.branchIds.includes(id));
    return false;
  }

  /**
   * A new one-time link for staff user `id` (stored as its hash only); their earlier links stop working. With e-mail
   * on, the link is e-mailed to them in the same transaction's outbox (sent after commit).
   */
  async function issueLink(
    tx: Queryable,
    staff: StaffPrincipal,
    to: { id: number; email: string; name: string; role: StaffRole },
    purpose: 'invite' | 'reset',
    now: Date,
  ) {
    await spendStaffInvitations(tx, to.id, now);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 86_400_000);
    await insertInvitation(tx, {
      brandId: staff.brandId,
      staffUserId: to.id,
      purpose,
      tokenHash: hashToken(token),
      expiresAt,
      createdBy: staff.id,
      createdAt: now,
    });
    const link = `${ctx.config.publicUrl}/staff/invitation#${token}`;
    let emailedTo: string | null = null;
    if (mailIsOn(ctx.config)) {
      const brand = await brandForMail(tx, staff.brandId);
      if (brand) {
        const language = brand.defaultLanguage === 'en' ? 'en' : 'ar';
        const mail = renderInvitationEmail(
          {
            brandName: language === 'ar' ? brand.nameAr : brand.nameEn,
            inviteeName: to.name,
            role: to.role,
            link,
            expiresAt,
            purpose,
          },
          language,
        );
        await queueMail(tx, {
          brandId: staff.brandId,
          kind: 'staff_invitation',
          toEmail: to.email,
          language,
          subject: mail.subject,
          textBody: mail.text,
          htmlBody: mail.html,
          now,
        });
        emailedTo = to.email;
      }
    }
    return { staffUserId: to.id, link, expiresAt: expiresAt.toISOString(), emailedTo };
  }

  return {
    /** The accounts the caller may see: an owner every staff user of the brand, a manager the cashiers they manage. */
    async list(staff: StaffPrincipal) {
      const all = await brandStaff(db, staff.brandId);
      const staffList = staff.role === 'owner' ? all : all.filter((s) => mayManage(staff, s.role, s.branchIds));
      return { staff: staffList.map((s) => ({ ...s, role: s.role as StaffRole })) };
    },

    async invite(staff: StaffPrincipal, ip: string | null, body: z.output<typeof staffInviteBody>) {
      const branchIds = [...new Set(body.branchIds)];
      return db.transaction(async (tx) => {
        // Another brand's branch named in the body is refused as not found, whatever the role.
        if ((await brandBranchIds(tx, staff.brandId, branchIds)).length !== branchIds.length)
          throw new AppError('branch_not_found');
        if (!mayManage(staff, body.role, branchIds)) throw new AppError('forbidden');
        if (await emailTaken(tx, body.email)) throw new AppError('staff_email_in_use');
        const now = ctx.now();
        const id = await insertInvitedStaff(tx, { brandId: staff.brandId, ...body, branchIds });
        const link = await issueLink(tx, staff, { id, ...body }, 'invite', now);
        await recordStaffChange(tx, staff, ip, {
          brandId: staff.brandId,
          objectType: 'staff_user',
          objectId: id,
          action: 'create',
          before: null,
          after: { email: body.email, name: body.name, role: body.role, branchIds, active: false },
          at: now,
        });
        return link;
      });
    },

    /** The link's one use: sets the password and makes the account active. */
    async accept(token: string, password: string): Promise<void> {
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const id = await spendInvitation(tx, hashToken(token), ctx.now());
        if (id === undefined) throw new AppError('invitation_invalid');
        await setPasswordAndActivate(tx, id, passwordHash);
        // A new password ends the sessions signed in with the old one (none yet after an invitation).
        await revokeStaffSessions(tx, id, ctx.now());
      });
    },

    /**
     * A new one-time link for an account the caller may manage: a password reset, or for an invited account its
     * invitation again (the old link lost). A deactivated account gets none until it is reactivated.
     */
    async resetLink(staff: StaffPrincipal, ip: string | null, id: number) {
      return db.transaction(async (tx) => {
        const account = await staffAccount(tx, staff.brandId, id);
        if (!account) throw new AppError('staff_not_found');
        if (account.id === staff.id || !mayManage(staff, account.role, account.branchIds))
          throw new AppError('forbidden');
        if (!account.active && !account.invited) throw new AppError('staff_inactive');
        const now = ctx.now();
        const purpose = account.invited ? 'invite' : 'reset';
        const link = await issueLink(tx, staff, { ...account, role: account.role as StaffRole }, purpose, now);
        await recordStaffChange(tx, staff, ip, {
          brandId: staff.brandId,
          objectType: 'staff_user',
          objectId: id,
          action: 'update',
          before: null,
          after: { oneTimeLink: purpose },
          at: now,
        });
        return link;
      });
    },

    /**
     * Changes an account's role, branches or active state from the version the caller read
     * (docs/adr/0520-staff-roles-and-my-sessions.md). Owners change anyone of the brand, owners included; a manager
     * only a cashier whose branches are all theirs, to branches that are theirs, never to another role. A brand always
     * keeps an active owner. Any change of role, branches or active ends the person's sessions at once.
     */
    async update(staff: StaffPrincipal, ip: string | null, id: number, body: z.output<typeof staffUpdateBody>) {
      return db.transaction(async (tx) => {
        const account = await staffAccount(tx, staff.brandId, id, true);
        if (!account) throw new AppError('staff_not_found');
        const wanted = body.branchIds === undefined ? undefined : [...new Set(body.branchIds)].sort((a, b) => a - b);
        // Another brand's branch named in the body is refused as not found, whatever the role.
        if (wanted && (await brandBranchIds(tx, staff.brandId, wanted)).length !== wanted.length)
          throw new AppError('branch_not_found');
        const role = body.role ?? (account.role as StaffRole);
        const active = body.active ?? account.active;
        // An owner works at every branch: no list. Others keep theirs unless a new one is sent.
        const branchIds = role === 'owner' ? [] : (wanted ?? account.branchIds);
        const self = account.id === staff.id;
        if (staff.role !== 'owner') {
          // A manager: cashiers they manage, kept cashiers, on branches of their own; never themselves.
          if (self || !mayManage(staff, account.role, account.branchIds) || !mayManage(staff, role, branchIds))
            throw new AppError('forbidden');
        } else if (self && !active) {
          // Switching oneself off would lock the caller out mid-change: another owner does it.
          throw new AppError('forbidden');
        }
        const current = toItem(account);
        if (account.version !== body.version) throw new AppError('edit_conflict', { yours: body, current });
        if (role !== 'owner' && branchIds.length === 0) throw new AppError('staff_branches_required');
        if (account.role === 'owner' && account.active && (role !== 'owner' || !active)) {
          if ((await otherActiveOwners(tx, staff.brandId, id)).length === 0) throw new AppError('last_owner');
        }
        const roleChanged = role !== account.role;
        const branchesChanged = branchIds.join(',') !== account.branchIds.join(',');
        const activeChanged = active !== account.active;
        if (!roleChanged && !branchesChanged && !activeChanged) return current;
        const now = ctx.now();
        const version = await updateStaffAt(tx, id, body.version, { role, active });
        if (version === undefined) throw new AppError('edit_conflict', { yours: body, current });
        if (branchesChanged) await replaceStaffBranches(tx, id, branchIds);
        // Whatever changed, the person signs in again under the new terms (their next request is 401).
        await revokeStaffSessions(tx, id, now);
        if (!active) await spendStaffInvitations(tx, id, now);
        const pick = (a: { role: string; branchIds: number[]; active: boolean }) => ({
          ...(roleChanged ? { role: a.role } : {}),
          ...(branchesChanged ? { branchIds: a.branchIds } : {}),
          ...(activeChanged ? { active: a.active } : {}),
        });
        await recordStaffChange(tx, staff, ip, {
          brandId: staff.brandId,
          objectType: 'staff_user',
          objectId: id,
          action: 'update',
          before: pick(account),
          after: { ...pick({ role, branchIds, active }), version },
          at: now,
        });
        return { ...current, role, branchIds, active, version };
      });
    },
  };
}
export type StaffAdminService = ReturnType<typeof createStaffAdminService>;
