import { z } from 'zod';
import { AUDIT_ACTIONS } from '../audit.ts';
import { localizedText, serviceSchema } from './common.ts';

/**
 * `GET /api/staff/services/history/`: who switched what, and when (issue 24 item 12), from the audit log, newest
 * first. `timeZone` is the branch's (a branch's switch) or the brand's main branch's (a brand-wide switch): the staff
 * app shows the time there, labelled.
 */
export const switchHistoryEntry = z.object({
  id: z.number().int(),
  at: z.iso.datetime(),
  timeZone: z.string(),
  /** The staff user who switched it (null once that user is deleted). */
  by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  target: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('service'), service: serviceSchema }),
    z.object({ kind: z.literal('branch'), branchId: z.number().int(), branchName: localizedText }),
  ]),
  /** On or off after the change (a branch: accepts orders or paused). */
  isActive: z.boolean(),
});
export type SwitchHistoryEntry = z.infer<typeof switchHistoryEntry>;
export const switchHistoryResponse = z.object({ entries: z.array(switchHistoryEntry) });
export type SwitchHistory = z.infer<typeof switchHistoryResponse>;

/**
 * The management console's audit log page (issue 26 item 10):
 *
 *   GET /api/staff/manage/audit/?staffUserId&objectType&objectId&from&to&before&limit   owner, manager → 200 auditListResponse
 *
 * Newest first, a page at a time: `before` is the previous page's `nextBefore` (rows with a smaller id). An owner
 * sees the brand's every row; a manager the rows of their branches and the brand-wide rows (no branch), except the
 * brand's staff accounts. There is no edit or delete of a row anywhere (a database trigger refuses them too).
 */
export const auditListQuery = z.object({
  staffUserId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  objectType: z.string().trim().min(1).max(60).optional(),
  objectId: z.string().trim().min(1).max(200).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  // audit_log.id is a bigint, but every id a request gives is bounded to what an integer holds (the OpenAPI
  // document's test): 2.1 billion audit rows are far off; past them this cursor would need to become a string.
  before: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AuditListQuery = z.input<typeof auditListQuery>;

export const auditEntry = z.object({
  id: z.number().int(),
  at: z.iso.datetime(),
  /** The client address the change came from. */
  ip: z.string().nullable(),
  by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  branch: z.object({ id: z.number().int(), name: localizedText }).nullable(),
  objectType: z.string(),
  objectId: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntryView = z.infer<typeof auditEntry>;
export const auditListResponse = z.object({ entries: z.array(auditEntry), nextBefore: z.number().int().nullable() });
export type AuditList = z.infer<typeof auditListResponse>;
