import { TERMINAL_ORDER_STATUSES } from '@sufra/shared/machines/order-status';
import { and, asc, eq, getTableColumns, inArray, ne, sql } from 'drizzle-orm';
import { onBoardCondition } from '../../core/order-rows.repo.ts';
import type { Queryable } from '../../db/client.ts';
import { branches, tables } from '../../db/schema/branches.ts';

export type TableRow = typeof tables.$inferSelect;
/** A table with whether it has open orders (what makes a free table show as Occupied, tables.service). */
export type TableWithOrders = TableRow & { hasOpenOrders: boolean };

const terminal = sql.raw(TERMINAL_ORDER_STATUSES.map((s) => `'${s}'`).join(', '));

/**
 * The table has an order still under way: not delivered, canceled or returned, and seen by the kitchen (on the board:
 * a card order whose payment has not arrived is not, and it expires if the money never comes). Walks
 * `orders_open_by_table_idx`, so finished orders cost nothing.
 */
// Written out with its own alias: drizzle leaves column names unqualified in a one-table select, and an unqualified
// `id` inside the subquery would be the order's.
const hasOpenOrders = sql<boolean>`exists (select 1 from orders open_order where open_order.table_id = ${sql.raw('"tables"."id"')} and open_order.status not in (${terminal}) and ${onBoardCondition(sql.raw('open_order.payment_method'), sql.raw('open_order.payment_status'))})`;

/** A table with its brand (through the branch), or undefined when it isn't that brand's. */
export async function findBrandTable(db: Queryable, id: number, brandId: number): Promise<TableWithOrders | undefined> {
  const [row] = await db
    .select({ ...getTableColumns(tables), hasOpenOrders })
    .from(tables)
    .innerJoin(branches, eq(branches.id, tables.branchId))
    .where(and(eq(tables.id, id), eq(branches.brandId, brandId)));
  return row;
}

export async function listBranchTables(db: Queryable, branchIds: number[]): Promise<TableWithOrders[]> {
  if (branchIds.length === 0) return [];
  // Numbers as printed ("2" before "10"): by length, then text.
  return db
    .select({ ...getTableColumns(tables), hasOpenOrders })
    .from(tables)
    .where(inArray(tables.branchId, branchIds))
    .orderBy(asc(tables.branchId), sql`length(${tables.number})`, asc(tables.number));
}

/** Sets the status unless it already is that; undefined when nothing changed. */
export async function updateTableStatus(
  db: Queryable,
  id: number,
  status: string,
  now: Date,
): Promise<TableRow | undefined> {
  const [row] = await db
    .update(tables)
    .set({ status, updatedAt: now })
    .where(and(eq(tables.id, id), ne(tables.status, status)))
    .returning();
  return row;
}

/**
 * The table's last open order ended (delivered, canceled, returned): a status staff set for the party at it
 * (Occupied, Check Printed) ends with it and the table is Free for the next diners. Reserved stays (it is about the
 * next party). The table row is locked first, so of two orders at one table ending at once the later sees the
 * earlier's commit in its own statement and frees the table. True when it changed.
 */
export async function freeTableAfterLastOrder(db: Queryable, tableId: number, now: Date): Promise<boolean> {
  await db.execute(sql`select 1 from ${tables} where ${tables.id} = ${tableId} for update`);
  const rows = await db
    .update(tables)
    .set({ status: 'free', updatedAt: now })
    .where(
      and(eq(tables.id, tableId), inArray(tables.status, ['occupied', 'check_printed']), sql`not ${hasOpenOrders}`),
    )
    .returning({ id: tables.id });
  return rows.length > 0;
}

/**
 * The table of a branch with the number a diner typed (already in ASCII digits), ignoring case ("t3" is "T3");
 * undefined when the branch has none with that number.
 */
export async function findBranchTableByNumber(
  db: Queryable,
  branchId: number,
  number: string,
): Promise<Pick<TableRow, 'id' | 'number' | 'status'> | undefined> {
  const [row] = await db
    .select({ id: tables.id, number: tables.number, status: tables.status })
    .from(tables)
    .where(and(eq(tables.branchId, branchId), sql`lower(${tables.number}) = lower(${number})`))
    .limit(1);
  return row;
}
