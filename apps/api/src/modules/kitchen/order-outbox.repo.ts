import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { leaseClaimStatement, leasedRows } from '../../db/lease-claim.ts';
import { orderOutbox } from '../../db/schema/orders.ts';

/** Relays LISTEN here; a write to the outbox NOTIFYs it (orders.repo insertOutboxEvent) so they run at once. */
export const OUTBOX_WAKE_CHANNEL = 'sufra_outbox';

/** A claimed outbox row with what destinations need to route it. `attempts` is the claim's lease token. */
export interface ClaimedOutboxRow {
  id: number;
  orderId: number;
  event: 'order_placed' | 'order_status_changed';
  payload: Record<string, unknown>;
  attempts: number;
  /** The board was told already (an earlier attempt announced it, then a POS failed). */
  announced: boolean;
  brandId: number;
  branchId: number;
  customerId: number | null;
  integrated: boolean;
}

/**
 * Claims up to `limit` due rows for this relay under a lease (db/lease-claim.ts), with what destinations need to
 * route them. A row waits while an earlier row of the same order is undelivered, so a POS never hears of a status
 * change before the order itself.
 */
export async function claimDueOutbox(
  db: Queryable,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<ClaimedOutboxRow[]> {
  // A row's turn comes once no earlier row of its order is undelivered (the probe has its own partial index).
  const claim = leaseClaimStatement(
    {
      table: orderOutbox,
      where: sql`${orderOutbox.deliveredAt} is null and not exists (
        select 1 from ${orderOutbox} p
        where p.order_id = ${orderOutbox.orderId} and p.id < ${orderOutbox.id} and p.delivered_at is null
      )`,
      returning: sql`id, order_id, event, payload, attempts, announced_at`,
    },
    { now, leaseUntil, limit },
  );
  const result = await db.execute(sql`
    with claimed as (${claim})
    select c.id, c.order_id as "orderId", c.event, c.payload, c.attempts,
      c.announced_at is not null as announced,
      ord.brand_id as "brandId", ord.branch_id as "branchId", ord.customer_id as "customerId",
      b.integrated
    from claimed c
    join orders ord on ord.id = c.order_id
    join branches b on b.id = ord.branch_id
    order by c.id`);
  return leasedRows<ClaimedOutboxRow>(result);
}

/** One NOTIFY an outbox row sends when it is announced (the board's live notice). */
export interface OutboxNotice {
  channel: string;
  payload: string;
}

/** A row of this claim to announce: its lease token, and whether the announcement also finishes it. */
export interface OutboxAnnouncement {
  id: number;
  attempts: number;
  /** No destination outside the database: the row is delivered by this same statement. */
  done: boolean;
  notices: OutboxNotice[];
}

/**
 * Announces claimed rows to the in-database destinations in one statement: each row still under this claim
 * (same attempts, neither announced nor delivered) is marked announced (and delivered when `done`), and only
 * those rows' NOTIFYs are sent, which PostgreSQL delivers when the statement commits. Returns the ids marked;
 * a row missing was taken over by another claim, or done already.
 */
export async function announceOutbox(db: Queryable, rows: OutboxAnnouncement[], at: Date): Promise<Set<number>> {
  if (rows.length === 0) return new Set();
  const marks = rows.map(({ id, attempts, done }) => ({ id, attempts, done }));
  const notices = rows.flatMap(({ id, notices: n }) => n.map((notice) => ({ id, ...notice })));
  const atIso = at.toISOString();
  // The NOTIFYs sit in a correlated subquery of the marked rows: a lost row sends nothing.
  const result = await db.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(marks)}::jsonb) as i(id int, attempts int, done boolean)
    ),
    marked as (
      update ${orderOutbox} o set
        announced_at = ${atIso},
        delivered_at = case when i.done then ${atIso}::timestamptz end,
        last_error = case when i.done then null else o.last_error end
      from input i
      where o.id = i.id and o.attempts = i.attempts and o.delivered_at is null and o.announced_at is null
      returning o.id
    ),
    notices as (
      select * from jsonb_to_recordset(${JSON.stringify(notices)}::jsonb) as n(id int, channel text, payload text)
    )
    select m.id,
      (select count(*) from (select pg_notify(n.channel, n.payload) from notices n where n.id = m.id) sent) as sent
    from marked m`);
  return new Set((result as unknown as { rows: { id: number }[] }).rows.map((r) => r.id));
}

/**
 * Marks rows delivered, only under the claim that is delivering them (same attempts, not yet delivered), in one
 * statement. Returns the ids marked: a row missing was taken over by another claim, whose relay will deliver it.
 */
export async function markOutboxDelivered(
  db: Queryable,
  rows: { id: number; attempts: number }[],
  at: Date,
): Promise<Set<number>> {
  if (rows.length === 0) return new Set();
  const result = await db.execute(sql`
    update ${orderOutbox} o set delivered_at = ${at.toISOString()}, last_error = null
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as i(id int, attempts int)
    where o.id = i.id and o.attempts = i.attempts and o.delivered_at is null
    returning o.id`);
  return new Set((result as unknown as { rows: { id: number }[] }).rows.map((r) => r.id));
}

/** Schedules the next try of a row this claim failed to deliver (its lease is shortened to the backoff). */
export async function markOutboxFailedAttempt(
  db: Queryable,
  id: number,
  attempts: number,
  error: string,
  retryAt: Date,
): Promise<void> {
  await db
    .update(orderOutbox)
    .set({ lastError: error, nextAttemptAt: retryAt })
    .where(and(eq(orderOutbox.id, id), eq(orderOutbox.attempts, attempts), isNull(orderOutbox.deliveredAt)));
}
