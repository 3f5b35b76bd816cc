import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { reachedStatusSql } from '../../core/order-rows.repo.ts';
import type { Queryable } from '../../db/client.ts';
import { claimLeased, leaseClaimStatement, leasedRows } from '../../db/lease-claim.ts';
import { preparedFor } from '../../db/prepared.ts';
import { orders } from '../../db/schema/orders.ts';
import { paymentAttempts, paymentRefunds, paymentWebhookEvents } from '../../db/schema/payments.ts';

export type PaymentAttemptRow = typeof paymentAttempts.$inferSelect;
export type PaymentRefundRow = typeof paymentRefunds.$inferSelect;
export type OrderRowForPayment = typeof orders.$inferSelect;

export async function insertPaymentAttempt(
  db: Queryable,
  row: { orderId: number; provider: string; idempotencyKey: string; amountHalalas: number; now: Date },
): Promise<PaymentAttemptRow> {
  const [attempt] = await db
    .insert(paymentAttempts)
    .values({
      orderId: row.orderId,
      provider: row.provider,
      idempotencyKey: row.idempotencyKey,
      amountHalalas: row.amountHalalas,
      createdAt: row.now,
      updatedAt: row.now,
    })
    .returning();
  if (!attempt) throw new Error('payment attempt insert returned nothing');
  return attempt;
}

const setProviderPaymentQuery = preparedFor((db) =>
  db
    .update(paymentAttempts)
    .set({
      // (set takes values or SQL, not bare placeholders)
      providerPaymentId: sql`${sql.placeholder('providerPaymentId')}`,
      redirectUrl: sql`${sql.placeholder('redirectUrl')}`,
      updatedAt: sql`${sql.placeholder('now')}::timestamptz`,
    })
    .where(eq(paymentAttempts.id, sql.placeholder('id')))
    .prepare('set_attempt_provider_payment'),
);

/** Records what the provider answered to the create (its payment id and page); prepared: every card placement runs it. */
export async function setAttemptProviderPayment(
  db: Queryable,
  id: number,
  providerPaymentId: string,
  redirectUrl: string | null,
  now: Date,
): Promise<void> {
  await setProviderPaymentQuery(db).execute({ id, providerPaymentId, redirectUrl, now: now.toISOString() });
}

export async function setAttemptFailureMessage(db: Queryable, id: number, message: string, now: Date) {
  await db.update(paymentAttempts).set({ failureMessage: message, updatedAt: now }).where(eq(paymentAttempts.id, id));
}

/**
 * Locks a card order's row for the rest of the transaction, so attempts of one order are opened one at a time (the
 * cap on open attempts is then a fact, not a race); undefined when there is no such order.
 */
export async function lockOrderForAttempt(db: Queryable, orderId: number): Promise<OrderRowForPayment | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

/** The order's attempts, newest first. */
export async function listAttemptsOfOrder(db: Queryable, orderId: number): Promise<PaymentAttemptRow[]> {
  return db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.orderId, orderId))
    .orderBy(desc(paymentAttempts.id));
}

export async function findAttemptByProviderPayment(
  db: Queryable,
  provider: string,
  providerPaymentId: string,
): Promise<PaymentAttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.provider, provider), eq(paymentAttempts.providerPaymentId, providerPaymentId)));
  return row;
}

export async function findAttempt(db: Queryable, id: number): Promise<PaymentAttemptRow | undefined> {
  const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, id));
  return row;
}

export async function findOrderRow(db: Queryable, id: number): Promise<OrderRowForPayment | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

/**
 * Moves an attempt only from `initiated` (the conditional update is the "exactly once": a redirect and a webhook
 * racing both try, one gets the row). An attempt whose create never answered (no payment id yet) is bound to the
 * payment here.
 */
export async function moveAttemptFromInitiated(
  db: Queryable,
  id: number,
  to: 'paid' | 'failed',
  providerPaymentId: string,
  failureMessage: string | null,
  now: Date,
): Promise<PaymentAttemptRow | undefined> {
  const [row] = await db
    .update(paymentAttempts)
    .set({ status: to, providerPaymentId, failureMessage, updatedAt: now })
    .where(and(eq(paymentAttempts.id, id), eq(paymentAttempts.status, 'initiated')))
    .returning();
  return row;
}

export async function markAttemptRefunded(db: Queryable, id: number, now: Date): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({ status: 'refunded', updatedAt: now })
    .where(and(eq(paymentAttempts.id, id), eq(paymentAttempts.status, 'paid')));
}

/** Marks a card order paid, only while it is unpaid and not canceled; undefined when it was not (it is then refunded). */
export async function markOrderPaid(db: Queryable, id: number, now: Date): Promise<OrderRowForPayment | undefined> {
  const [row] = await db
    .update(orders)
    .set({ paymentStatus: 'paid', updatedAt: now })
    .where(and(eq(orders.id, id), eq(orders.paymentStatus, 'unpaid'), sql`${orders.status} <> 'canceled'`))
    .returning();
  return row;
}

export async function markOrderRefunded(db: Queryable, id: number, now: Date): Promise<OrderRowForPayment | undefined> {
  const [row] = await db
    .update(orders)
    .set({ paymentStatus: 'refunded', updatedAt: now })
    .where(and(eq(orders.id, id), eq(orders.paymentStatus, 'paid')))
    .returning();
  return row;
}

/** True when the event is new (this delivery takes it in); false for one seen before. */
export async function recordWebhookEvent(
  db: Queryable,
  row: { provider: string; eventId: string; type: string; providerPaymentId: string; now: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(paymentWebhookEvents)
    .values({
      provider: row.provider,
      eventId: row.eventId,
      type: row.type,
      providerPaymentId: row.providerPaymentId,
      receivedAt: row.now,
    })
    .onConflictDoNothing()
    .returning({ eventId: paymentWebhookEvents.eventId });
  return inserted.length === 1;
}

/** Owes a refund of an attempt (once: a second call for the same attempt does nothing). */
export async function insertRefund(
  db: Queryable,
  row: {
    attemptId: number;
    orderId: number;
    amountHalalas: number;
    reason: 'order_canceled' | 'order_not_payable' | 'mismatch';
    now: Date;
  },
): Promise<void> {
  await db
    .insert(paymentRefunds)
    .values({
      attemptId: row.attemptId,
      orderId: row.orderId,
      amountHalalas: row.amountHalalas,
      reason: row.reason,
      nextAttemptAt: row.now,
      createdAt: row.now,
    })
    .onConflictDoNothing();
}

export interface ClaimedRefund {
  id: number;
  attemptId: number;
  orderId: number;
  amountHalalas: number;
  reason: string;
  attempts: number;
  provider: string;
  providerPaymentId: string | null;
}

/** Claims due refunds under a lease (db/lease-claim.ts), with the attempt's provider and payment id. */
export async function claimDueRefunds(
  db: Queryable,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<ClaimedRefund[]> {
  const claim = leaseClaimStatement(
    {
      table: paymentRefunds,
      where: sql`${paymentRefunds.doneAt} is null`,
      orderBy: sql`${paymentRefunds.nextAttemptAt}, ${paymentRefunds.id}`,
      returning: sql`id, attempt_id, order_id, amount_halalas, reason, attempts`,
    },
    { now, leaseUntil, limit },
  );
  const result = await db.execute(sql`
    with claimed as (${claim})
    select c.id, c.attempt_id, c.order_id, c.amount_halalas, c.reason, c.attempts, a.provider, a.provider_payment_id
    from claimed c join ${paymentAttempts} a on a.id = c.attempt_id
    order by c.id`);
  return leasedRows<Record<string, unknown>>(result).map((r) => ({
    id: Number(r.id),
    attemptId: Number(r.attempt_id),
    orderId: Number(r.order_id),
    amountHalalas: Number(r.amount_halalas),
    reason: String(r.reason),
    attempts: Number(r.attempts),
    provider: String(r.provider),
    providerPaymentId: r.provider_payment_id === null ? null : String(r.provider_payment_id),
  }));
}

export async function markRefundDone(db: Queryable, id: number, attempts: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(paymentRefunds)
    .set({ doneAt: now, lastError: null })
    .where(and(eq(paymentRefunds.id, id), eq(paymentRefunds.attempts, attempts), isNull(paymentRefunds.doneAt)))
    .returning({ id: paymentRefunds.id });
  return rows.length === 1;
}

export async function markRefundFailedAttempt(
  db: Queryable,
  id: number,
  attempts: number,
  nextAttemptAt: Date,
  error: string,
): Promise<void> {
  await db
    .update(paymentRefunds)
    .set({ nextAttemptAt, lastError: error.slice(0, 500) })
    .where(and(eq(paymentRefunds.id, id), eq(paymentRefunds.attempts, attempts)));
}

/** An unpaid card order claimed by the expiry sweeper; `attempts` is the claim's lease token. */
export interface ClaimedExpiringOrder {
  id: number;
  attempts: number;
}

/**
 * Claims up to `limit` card orders still unpaid since before `placedBefore`, under a lease (db/lease-claim.ts) kept
 * on the order itself: payment_checks counts the claims, payment_check_at is when the order is looked at next.
 */
export async function claimExpiringCardOrders(
  db: Queryable,
  now: Date,
  placedBefore: Date,
  leaseUntil: Date,
  limit: number,
): Promise<ClaimedExpiringOrder[]> {
  const rows = await claimLeased<Record<string, unknown>>(
    db,
    {
      table: orders,
      token: orders.paymentChecks,
      dueAt: orders.paymentCheckAt,
      // The sweep's partial index (orders_card_unpaid_idx) is over exactly these orders.
      where: sql`${orders.paymentMethod} = 'card' and ${orders.paymentStatus} = 'unpaid' and ${orders.status} <> 'canceled'
        and ${orders.createdAt} <= ${placedBefore.toISOString()}`,
      orderBy: sql`${orders.createdAt}, ${orders.id}`,
      returning: sql`id, payment_checks`,
    },
    { now, leaseUntil, limit },
  );
  return rows.map((r) => ({ id: Number(r.id), attempts: Number(r.payment_checks) }));
}

/** The next look at an order the sweeper could not decide on (the provider did not answer), under its claim. */
export async function scheduleExpiryCheck(db: Queryable, id: number, attempts: number, at: Date): Promise<void> {
  await db
    .update(orders)
    .set({ paymentCheckAt: at })
    .where(and(eq(orders.id, id), eq(orders.paymentChecks, attempts)));
}

/** Cancels a card order whose payment never came, only while it is still unpaid and not canceled. */
export async function cancelUnpaidCardOrder(
  db: Queryable,
  id: number,
  reason: string,
  now: Date,
): Promise<OrderRowForPayment | undefined> {
  const [row] = await db
    .update(orders)
    .set({ status: 'canceled', cancelReason: reason, updatedAt: now, statusTimes: reachedStatusSql('canceled', now) })
    .where(
      and(
        eq(orders.id, id),
        eq(orders.paymentMethod, 'card'),
        eq(orders.paymentStatus, 'unpaid'),
        sql`${orders.status} <> 'canceled'`,
      ),
    )
    .returning();
  return row;
}
