import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import { CasingCache } from 'drizzle-orm/casing';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { drizzleOptions, type Queryable } from './client.ts';

/** The SET list names columns unqualified, as the database spells them (the schema's casing, as the client's). */
const casing = new CasingCache(drizzleOptions.casing);

/**
 * What a relay claims: which table, which of its columns carry the lease, which rows, in what order. The columns
 * default to the outbox tables' own: `id`, `attempts` (the claim count) and `next_attempt_at` (when due).
 */
export interface LeaseTarget {
  table: PgTable;
  /** Counts the claims: each claim adds one, and a later mark checks it (the lease token). Default: `attempts`. */
  token?: PgColumn;
  /**
   * When the row is next due: a claim pushes it to the lease end, a failure to the retry time. A column that
   * allows null counts a null as due (an order the expiry sweep has never looked at). Default: `next_attempt_at`.
   */
  dueAt?: PgColumn;
  /** What else makes a row claimable (pending, undelivered, its turn in its order …): the table's partial index. */
  where: SQL;
  /** Default: by id. */
  orderBy?: SQL;
  /** The claimed rows' columns, as the statement returns them. */
  returning: SQL;
}

/** One claim's moment, lease end and size (what drainLeased hands a relay's claim). */
export interface LeaseWindow {
  now: Date;
  leaseUntil: Date;
  limit: number;
}

function column(table: PgTable, given: PgColumn | undefined, name: string): PgColumn {
  const found = given ?? getTableColumns(table)[name];
  if (!found) throw new Error(`lease claim: ${getTableName(table)} has no column ${name}`);
  return found;
}

/**
 * The lease claim every relay makes, as one statement: up to `limit` due rows, each one's claim counted and its
 * due time pushed to the lease end, so another instance (or this one after a crash) takes it again only once the
 * lease has passed. SKIP LOCKED lets instances claim side by side without waiting on each other. A statement to
 * run, or to put in a `with claimed as (…)` when the caller joins what its delivery needs.
 */
export function leaseClaimStatement(target: LeaseTarget, lease: LeaseWindow): SQL {
  const { table } = target;
  const id = column(table, undefined, 'id');
  const token = column(table, target.token, 'attempts');
  const dueAt = column(table, target.dueAt, 'nextAttemptAt');
  const now = lease.now.toISOString();
  const due = dueAt.notNull ? sql`${dueAt} <= ${now}` : sql`(${dueAt} is null or ${dueAt} <= ${now})`;
  return sql`
    update ${table} set ${sql.identifier(casing.getColumnCasing(token))} = ${token} + 1,
      ${sql.identifier(casing.getColumnCasing(dueAt))} = ${lease.leaseUntil.toISOString()}
    where ${id} in (
      select ${id} from ${table}
      where ${due} and ${target.where}
      order by ${target.orderBy ?? id} limit ${lease.limit}
      for update skip locked
    )
    returning ${target.returning}`;
}

/** Runs the lease claim on its own; returns the claimed rows. */
export async function claimLeased<Row>(db: Queryable, target: LeaseTarget, lease: LeaseWindow): Promise<Row[]> {
  return leasedRows<Row>(await db.execute(leaseClaimStatement(target, lease)));
}

/** The rows of a raw claim statement (drizzle types `execute` by driver; both of ours answer `{ rows }`). */
export function leasedRows<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}
