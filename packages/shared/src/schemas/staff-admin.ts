import { z } from 'zod';
import { staffRole } from './staff.ts';

/**
 * Staff accounts in the management console (issue 26 item 9):
 *
 *   GET   /api/staff/manage/staff/            owner: every staff user of the brand; manager: the cashiers they manage
 *   POST  /api/staff/manage/staff/            owner: manager or cashier; manager: cashier of their branches
 *                                             → 201 staffInvitationResponse (e-mailed when mail is set up; the link)
 *   PATCH /api/staff/manage/staff/{id}/       { version, active?, role?, branchIds? }: a role, branch or active
 *                                             change ends the person's sessions at once → 200 staffListItem;
 *                                             409 edit_conflict (stale version, both values), 409 last_owner
 *   POST  /api/staff/manage/staff/{id}/link/  a new one-time link (a password reset; for an invited account, its
 *                                             invitation again): earlier links stop working → 201 staffInvitationResponse
 *   POST  /api/staff/invitations/accept/      { token, password }: the link's one use sets the password → 204
 *
 * An invitation's token is random, kept only as its SHA-256, used once, and expires after INVITATION_DAYS.
 */
export const INVITATION_DAYS = 7;

export const staffInviteBody = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email()).pipe(z.string().max(254)),
  name: z.string().trim().min(1).max(80),
  role: staffRole.exclude(['owner']),
  branchIds: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(100),
});
export type StaffInviteBody = z.input<typeof staffInviteBody>;

export const staffInvitationResponse = z.object({
  staffUserId: z.number().int(),
  /** The one-time link that sets the password (shown to the inviter to hand over). */
  link: z.string(),
  expiresAt: z.iso.datetime(),
  /**
   * Where the link was e-mailed (the address invited), when e-mail is set up; null: not e-mailed, hand the link over
   * (docs/adr/0621). The e-mail goes through the outbox after the answer: this says it is on its way.
   */
  emailedTo: z.string().nullable(),
});
export type StaffInvitation = z.infer<typeof staffInvitationResponse>;

export const staffIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const branchIdList = z.array(z.number().int().positive().max(2_147_483_647)).max(100);

/**
 * A change of an account (docs/adr/0520-staff-roles-and-my-sessions.md): owners set any role, owner included, and
 * any branches of the brand; a manager only the branches of cashiers they manage, within their own branches. An
 * owner has no branch list (every branch): `branchIds` is ignored for the role owner and required for the others.
 */
export const staffUpdateBody = z
  .object({
    /** The account's version the change was made from (a stale one answers 409 edit_conflict with both values). */
    version: z.number().int().positive().max(2_147_483_647),
    active: z.boolean().optional(),
    role: staffRole.optional(),
    branchIds: branchIdList.optional(),
  })
  .refine((b) => b.active !== undefined || b.role !== undefined || b.branchIds !== undefined, {
    message: 'Nothing to change',
  });
export type StaffUpdateBody = z.input<typeof staffUpdateBody>;

export const invitationAcceptBody = z.object({
  token: z.string().min(20).max(200),
  password: z.string().min(10).max(200),
});

/** One row of the console's staff list; `invited`: the invitation has not set a password yet. */
export const staffListItem = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: staffRole,
  branchIds: z.array(z.number().int()),
  active: z.boolean(),
  invited: z.boolean(),
  /** Moves on every change of role, branches or active; an edit sends the version it was made from. */
  version: z.number().int(),
});
/** The account as saved after a change (PATCH). */
export const staffAccountResponse = staffListItem;
export type StaffListItem = z.infer<typeof staffListItem>;
export const staffListResponse = z.object({ staff: z.array(staffListItem) });
export type StaffListResponse = z.infer<typeof staffListResponse>;
