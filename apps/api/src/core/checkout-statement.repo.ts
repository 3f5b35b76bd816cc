import type { SQL } from 'drizzle-orm';

// The placement statement's contract with its plug-ins (core/checkout-extras.rules.ts): the relations an extra may
// read (`go`, `placed`) and their columns, and what an extra's guard and rows add. The statement itself is orders'
// (modules/orders/placement-statement.repo.ts); the plug-ins (points, coupon, owned reward, kitchen hand-off) are
// their modules', registered at the composition root (checkout-extras.ts), so none of them imports orders.

/** The SQL types an extra's input column may have. */
export type StatementColumnType = 'int' | 'int8' | 'text' | 'boolean' | 'timestamptz';

/**
 * The placement statement's relations an extra may read, and their columns: the contract between the statement
 * (this file builds it) and its plug-ins, so no plug-in spells an alias or a column of the statement's
 * own. `go`: the writes going ahead (session live, key free, QR context current), before the branch's counter;
 * `placed`: those written, with their order's id, number and rank in the batch. Both carry the plug-in's own inputs.
 */
export const WRITE_COLUMNS = ['ord', 'brand_id', 'customer_id', 'created_at', 'hand_to_kitchen'] as const;
export type WriteColumn = (typeof WRITE_COLUMNS)[number];
export const PLACED_COLUMNS = ['order_id', 'number', 'n'] as const;
export type PlacedColumn = (typeof PLACED_COLUMNS)[number];

/** A relation as a plug-in reads it: what to write after `from` (with its alias), and each column, qualified. */
export interface StatementRelation<C extends string> {
  from: SQL;
  c: Readonly<Record<C, SQL>>;
}
/** What a guard (before the branch's counter) is given: `go`, the batch's time and its branch. */
export interface GuardScope<C extends string> {
  go: StatementRelation<WriteColumn | C>;
  at: SQL;
  branchId: SQL;
}
/** What an extra's rows (after the orders are written) are given: `placed`, the batch's time and its branch. */
export interface RowsScope<C extends string> {
  placed: StatementRelation<WriteColumn | PlacedColumn | C>;
  at: SQL;
  branchId: SQL;
}

/**
 * What the statement reads of an extra (core/checkout-extras.rules CheckoutExtra is one): its input columns, its guard's and
 * its rows' SQL given the scopes above.
 */
export interface StatementExtra<C extends string = string> {
  columns: Readonly<Record<C, StatementColumnType>>;
  guard?(scope: GuardScope<C>): GuardSql;
  rows?(scope: RowsScope<C>): RowsSql;
}

/** What a guard adds to the statement: its CTEs, and the condition that all of them held. */
export interface GuardSql {
  ctes: SQL;
  held: SQL;
}
/** What an extra's rows add: CTEs, a condition that must hold after them, expressions of the answer's select. */
export interface RowsSql {
  ctes?: SQL;
  held?: SQL;
  answer?: SQL;
}
