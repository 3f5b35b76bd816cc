import { createHash, randomBytes } from 'node:crypto';
import type { StaffRole } from '@sufra/shared/schemas/staff';
import { INVITATION_DAYS, type staffInviteBody } from '@sufra/shared/schemas/staff-admin';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Queryable } from '../../db/client.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { recordStaffChange } from '../audit/audit.service.ts';
import { hashPassword } from './password.service.ts';
import {
  brandBranchIds,
  brandStaff,
  emailTaken,
  insertInvitation,
  insertInvitedStaff,
  revokeStaffSessions,
  setActive,
  setPasswordAndActivate,
  spendInvitation,
  spendStaffInvitations,
  staffAccount,
} from './staff-admin.repo.ts';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Staff accounts (issue 26 item 9). An owner invites managers and cashiers to any branch of the brand; a manager
 * invites cashiers to their own branches and manages only cashiers whose branches are all theirs. No e-mail is
 * configured, so the one-time link comes back to the inviter to hand over.
 */
export function createStaffAdminService(ctx: AppContext) {
  const { db } = ctx;

  /** May `staff` manage an account of this role on these branches? */
  function mayManage(staff: StaffPrincipal, role: string, branchIds: number[]): boolean {
    if (staff.role === 'owner') return role !== 'owner';
    if (staff.role === 'manager') return role === 'cashier' && branchIds.every((id) => staff.branchIds.includes(id));
    return false;
  }

  /** A new one-time link for staff user `id` (stored as its hash only); their earlier links stop working. */
  async function issueLink(tx: Queryable, staff: StaffPrincipal, id: number, purpose: 'invite' | 'reset', now: Date) {
    await spendStaffInvitations(tx, id, now);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 86_400_000);
    await insertInvitation(tx, {
      brandId: staff.brandId,
      staffUserId: id,
      purpose,
      tokenHash: hashToken(token),
      expiresAt,
      createdBy: staff.id,
      createdAt: now,
    });
    return {
      staffUserId: id,
      link: `${ctx.config.publicUrl}/staff/invitation#${token}`,
      expiresAt: expiresAt.toISOString(),
    };
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
        const link = await issueLink(tx, staff, id, 'invite', now);
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
        const link = await issueLink(tx, staff, id, purpose, now);
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

    /** Deactivates (its sessions end at once) or reactivates an account the caller may manage. */
    async setActive(staff: StaffPrincipal, ip: string | null, id: number, active: boolean) {
      return db.transaction(async (tx) => {
        const account = await staffAccount(tx, staff.brandId, id);
        if (!account) throw new AppError('staff_not_found');
        if (account.id === staff.id || !mayManage(staff, account.role, account.branchIds))
          throw new AppError('forbidden');
        if (account.active !== active) {
          const now = ctx.now();
          await setActive(tx, id, active);
          if (!active) {
            await revokeStaffSessions(tx, id, now);
            await spendStaffInvitations(tx, id, now);
          }
          await recordStaffChange(tx, staff, ip, {
            brandId: staff.brandId,
            objectType: 'staff_user',
            objectId: id,
            action: 'update',
            before: { active: account.active },
            after: { active },
            at: now,
          });
        }
        return { id, active };
      });
    },
  };
}
export type StaffAdminService = ReturnType<typeof createStaffAdminService>;
