import type { Queryable } from '../../db/client.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import { type AuditEntry, listSwitchHistory, recordAudit, type SwitchHistoryRow } from './audit.repo.ts';

/**
 * The audit log as other modules use it (never its repo): a staff change recorded in the change's own transaction
 * (`tx`), so the row and the change commit or fail together, and the switch history read back. There is no update
 * or delete of the log anywhere in the app (docs/adr/0140-audit-log.md).
 */
export async function recordStaffChange(
  tx: Queryable,
  staff: Pick<StaffPrincipal, 'id'>,
  ip: string | null,
  entry: AuditEntry,
): Promise<void> {
  await recordAudit(tx, { staffUserId: staff.id, ip }, entry);
}

/** The brand's switch changes, newest first (its services, and the open switch of the branches in `branchIds`). */
export function switchHistory(
  db: Queryable,
  brandId: number,
  branchIds: readonly number[],
  limit: number,
): Promise<SwitchHistoryRow[]> {
  return listSwitchHistory(db, brandId, branchIds, limit);
}
