import type { AuditAction } from '@sufra/shared/audit';
import type { AuditList, auditListQuery } from '@sufra/shared/schemas/audit';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Queryable } from '../../db/client.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { type AuditEntry, listAuditRows, listSwitchHistory, recordAudit, type SwitchHistoryRow } from './audit.repo.ts';

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

/** A change the server made by itself (a Foodics `menu.updated` webhook's import): no staff user, no ip. */
export async function recordSystemChange(tx: Queryable, entry: AuditEntry): Promise<void> {
  await recordAudit(tx, { staffUserId: null, ip: null }, entry);
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

/** Brand-wide object types a manager does not read in the log (the staff accounts are the owner's). */
const OWNER_ONLY_TYPES = ['staff_user'] as const;

/**
 * The audit log page (issue 26 item 10): an owner reads every row of the brand; a manager the rows of their
 * branches and the brand-wide rows except the staff accounts'. Read only: nothing here or anywhere changes a row.
 */
export function createAuditService(ctx: AppContext) {
  return {
    async list(staff: StaffPrincipal, query: z.output<typeof auditListQuery>): Promise<AuditList> {
      if (staff.role === 'cashier') throw new AppError('forbidden');
      const rows = await listAuditRows(ctx.db, {
        brandId: staff.brandId,
        branchIds: staff.role === 'owner' ? null : staff.branchIds,
        hiddenBrandWideTypes: staff.role === 'owner' ? [] : OWNER_ONLY_TYPES,
        staffUserId: query.staffUserId,
        objectType: query.objectType,
        objectId: query.objectId,
        from: query.from ? new Date(query.from) : undefined,
        to: query.to ? new Date(query.to) : undefined,
        before: query.before,
        limit: query.limit,
      });
      const page = rows.slice(0, query.limit);
      return {
        entries: page.map((r) => ({
          id: r.id,
          at: r.at.toISOString(),
          ip: r.ip,
          by: r.staffId === null || r.staffName === null ? null : { id: r.staffId, name: r.staffName },
          branch:
            r.branchId === null
              ? null
              : { id: r.branchId, name: { ar: r.branchNameAr ?? '', en: r.branchNameEn ?? '' } },
          objectType: r.objectType,
          objectId: r.objectId,
          action: r.action as AuditAction,
          before: r.before ?? null,
          after: r.after ?? null,
        })),
        nextBefore: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
      };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
