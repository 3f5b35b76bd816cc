import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { leaseClaimStatement, leasedRows } from '../db/lease-claim.ts';
import { orderOutbox } from '../db/schema/orders.ts';

/** Relays LISTEN here; a write to the outbox NOTIFYs it (orders.repo insertOutboxEvent, placement.repo) so they run at once. */
export const OUTBOX_WAKE_CHANNEL = 'sufra_outbox';

/** A claimed outbox row with what destinations need to route it. `attempts` is the claim's lease token. */
export interface ClaimedOutboxRow {
  id: number;
  orderId: number;
  event: 'order_placed' | 'order_status_changed';
  payload: Record<string, unknown>;
  attempts: number;
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
      returning: sql`id, order_id, event, payload, attempts`,
    },
    { now, leaseUntil, limit },
  );
  const result = await db.execute(sql`
    with claimed as (${claim})
    select c.id, c.order_id as "orderId", c.event, c.payload, c.attempts,
      ord.brand_id as "brandId", ord.branch_id as "branchId", ord.customer_id as "customerId",
      b.integrated
    from claimed c
    join orders ord on ord.id = c.order_id
    join branches b on b.id = ord.branch_id
    order by c.id`);
  return leasedRows<ClaimedOutboxRow>(result);
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
