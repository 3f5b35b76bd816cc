import { isTableStatus, type TableStatus } from '@sufra/shared/machines/table-status';
import type { Table } from '@sufra/shared/schemas/order-events';
import type { AppContext } from '../../app-context.ts';
import { notifyLive } from '../../core/live-notices.repo.ts';
import type { Queryable } from '../../db/client.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import {
  findBranchTableByNumber,
  findBrandTable,
  listBranchTables,
  type TableWithOrders,
  updateTableStatus,
} from './tables.repo.ts';

/**
 * The status staff and the board see. A table set Free by staff shows Occupied while it has open orders, and Free
 * again once the last one ends: derived when read, never written by placement, so an order costs no table write (and
 * no bump of the brand's context version, which every table write makes) and nothing can leave a table stuck
 * Occupied. A status staff chose (Occupied for a party seated before ordering, Reserved, Check Printed) stands as set.
 */
export function toTable(row: TableWithOrders): Table {
  const stored = isTableStatus(row.status) ? row.status : 'free';
  return {
    id: row.id,
    branchId: row.branchId,
    number: row.number,
    status: stored === 'free' && row.hasOpenOrders ? 'occupied' : stored,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Tables of the staff user's branches. Any role in scope (cashiers too) may set any status from any other:
 * the floor changes faster than a machine could describe. Order placement reads the status at the moment it
 * places (free and occupied take dine-in orders; reserved and check printed answer "The table isn't available").
 */
export function createTablesService(ctx: AppContext) {
  const { db } = ctx;
  return {
    /** A branch outside the user's scope answers 403 (it may well exist; it isn't theirs). */
    async list(staff: StaffPrincipal, branchId: number): Promise<Table[]> {
      if (!staff.branchIds.includes(branchId)) throw new AppError('branch_out_of_scope');
      return (await listBranchTables(db, [branchId])).map(toTable);
    },

    /**
     * Sets a table's status and announces it in the same transaction. The same status again is a no-op
     * (200 with the table, nothing announced). Another brand's table, or one outside scope: 404.
     */
    async setStatus(staff: StaffPrincipal, id: number, to: TableStatus): Promise<Table> {
      const row = await findBrandTable(db, id, staff.brandId);
      if (!row || !staff.branchIds.includes(row.branchId)) throw new AppError('table_not_found');
      // Free while orders are open would show Occupied anyway: say why instead of seeming to ignore the tap. The
      // orders end on the board (delivered, canceled), and the table frees itself with the last one.
      if (to === 'free' && row.hasOpenOrders) throw new AppError('table_has_open_orders');
      const changed = await db.transaction(async (tx) => {
        const updated = await updateTableStatus(tx, id, to, ctx.now());
        if (updated) {
          await notifyLive(tx, { kind: 'table_updated', tableId: id, brandId: staff.brandId, branchId: row.branchId });
        }
        return updated;
      });
      if (changed) return toTable({ ...changed, hasOpenOrders: row.hasOpenOrders });
      // Nothing changed: it already had this status (perhaps set a moment ago by someone else); answer it as it is.
      const current = await findBrandTable(db, id, staff.brandId);
      if (!current) throw new AppError('table_not_found');
      return toTable(current);
    },
  };
}

export type TablesService = ReturnType<typeof createTablesService>;

/** A brand's table with whether it has open orders (the board's live notices). */
export function findTableOfBrand(db: Queryable, id: number, brandId: number) {
  return findBrandTable(db, id, brandId);
}

/** A branch's table by its number (a dine-in placement's table). */
export function findTableByNumber(db: Queryable, branchId: number, number: string) {
  return findBranchTableByNumber(db, branchId, number);
}
