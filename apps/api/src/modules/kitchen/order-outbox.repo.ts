import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
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
 * Claims up to `limit` due rows for this relay: counts the attempt and pushes next_attempt_at to the lease end,
 * so another relay (or this one after a crash) takes a row again only once its lease has passed. SKIP LOCKED
 * lets relays claim side by side; a row waits while an earlier row of the same order is undelivered, so a
 * POS never hears of a status change before the order itself.
 */
export async function claimDueOutbox(
  db: Queryable,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<ClaimedOutboxRow[]> {
  const result = await db.execute(sql`
    with claimed as (
      update ${orderOutbox} set attempts = attempts + 1, next_attempt_at = ${leaseUntil.toISOString()}
      where id in (
        select o.id from ${orderOutbox} o
        where o.delivered_at is null and o.next_attempt_at <= ${now.toISOString()}
          and not exists (
            select 1 from ${orderOutbox} p where p.order_id = o.order_id and p.id < o.id and p.delivered_at is null
          )
        order by o.id limit ${limit}
        for update skip locked
      )
      returning id, order_id, event, payload, attempts, announced_at
    )
    select c.id, c.order_id as "orderId", c.event, c.payload, c.attempts,
      c.announced_at is not null as announced,
      ord.brand_id as "brandId", ord.branch_id as "branchId", ord.customer_id as "customerId",
      b.integrated
    from claimed c
    join orders ord on ord.id = c.order_id
    join branches b on b.id = ord.branch_id
    order by c.id`);
  return (result as unknown as { rows: ClaimedOutboxRow[] }).rows;
}

/**
 * Records that the in-database destinations (the board) have been told, under the claim that is delivering
 * the row; call it in the transaction that tells them. False: the lease was taken over, or it was done already.
 */
export async function markOutboxAnnounced(db: Queryable, id: number, attempts: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(orderOutbox)
    .set({ announcedAt: at })
    .where(
      and(
        eq(orderOutbox.id, id),
        eq(orderOutbox.attempts, attempts),
        isNull(orderOutbox.deliveredAt),
        isNull(orderOutbox.announcedAt),
      ),
    )
    .returning({ id: orderOutbox.id });
  return rows.length === 1;
}

/**
 * Marks a row delivered, only under the claim that is delivering it (same attempts, not yet delivered):
 * a relay whose lease ran out and was taken over gets false and must not announce anything.
 */
export async function markOutboxDelivered(db: Queryable, id: number, attempts: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(orderOutbox)
    .set({ deliveredAt: at, lastError: null })
    .where(and(eq(orderOutbox.id, id), eq(orderOutbox.attempts, attempts), isNull(orderOutbox.deliveredAt)))
    .returning({ id: orderOutbox.id });
  return rows.length === 1;
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
