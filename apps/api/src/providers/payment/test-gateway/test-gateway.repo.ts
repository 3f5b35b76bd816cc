import type { PaymentStatus } from '@sufra/shared/machines/payment-status';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { claimLeased, type LeaseTarget } from '../../../db/lease-claim.ts';
import { testGatewayPayments, testGatewayWebhooks } from '../../../db/schema/test-gateway.ts';

export type GatewayPaymentRow = typeof testGatewayPayments.$inferSelect;
export type GatewayPaymentInsert = typeof testGatewayPayments.$inferInsert;
export type GatewayWebhookRow = typeof testGatewayWebhooks.$inferSelect;

/** Inserts unless the given_id exists; returns the row inserted, or undefined when the key was taken. */
export async function insertGatewayPayment(db: Queryable, row: GatewayPaymentInsert) {
  const [inserted] = await db.insert(testGatewayPayments).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function findGatewayPayment(db: Queryable, id: string): Promise<GatewayPaymentRow | undefined> {
  const [row] = await db.select().from(testGatewayPayments).where(eq(testGatewayPayments.id, id));
  return row;
}

export async function findGatewayPaymentByGivenId(db: Queryable, givenId: string) {
  const [row] = await db.select().from(testGatewayPayments).where(eq(testGatewayPayments.givenId, givenId));
  return row;
}

/** Updates only while the payment is still in `from` (a conditional UPDATE: two racing submits change it once). */
export async function updateGatewayPaymentFrom(
  db: Queryable,
  id: string,
  from: PaymentStatus,
  patch: Partial<GatewayPaymentInsert>,
): Promise<GatewayPaymentRow | undefined> {
  const [row] = await db
    .update(testGatewayPayments)
    .set(patch)
    .where(and(eq(testGatewayPayments.id, id), eq(testGatewayPayments.status, from)))
    .returning();
  return row;
}

/** Adds to the refunded amount while it stays within the paid amount; the status follows in the same statement. */
export async function refundGatewayPayment(db: Queryable, id: string, amount: number, now: Date) {
  const [row] = await db
    .update(testGatewayPayments)
    .set({
      refunded: sql`${testGatewayPayments.refunded} + ${amount}`,
      status: sql`case when ${testGatewayPayments.refunded} + ${amount} = ${testGatewayPayments.amount} then 'refunded' else 'paid' end`,
      updatedAt: now,
    })
    .where(
      and(
        eq(testGatewayPayments.id, id),
        eq(testGatewayPayments.status, 'paid'),
        sql`${testGatewayPayments.refunded} + ${amount} <= ${testGatewayPayments.amount}`,
      ),
    )
    .returning();
  return row;
}

export async function insertGatewayWebhook(
  db: Queryable,
  row: { eventId: string; paymentId: string; type: string; body: string; now: Date },
): Promise<void> {
  await db.insert(testGatewayWebhooks).values({
    eventId: row.eventId,
    paymentId: row.paymentId,
    type: row.type,
    body: row.body,
    nextAttemptAt: row.now,
    createdAt: row.now,
  });
}

/** What the relay claims: pending webhooks, by id, as the SMS relay does. */
const PENDING_WEBHOOKS: LeaseTarget = {
  table: testGatewayWebhooks,
  where: sql`${testGatewayWebhooks.status} = 'pending'`,
  returning: sql`id, event_id as "eventId", body, attempts`,
};

/** Claims due webhooks under a lease (db/lease-claim.ts). */
export async function claimDueGatewayWebhooks(db: Queryable, now: Date, leaseUntil: Date, limit: number) {
  type Claimed = { id: number; eventId: string; body: string; attempts: number };
  return claimLeased<Claimed>(db, PENDING_WEBHOOKS, { now, leaseUntil, limit });
}

export async function markGatewayWebhookDelivered(db: Queryable, id: number, at: Date): Promise<void> {
  await db
    .update(testGatewayWebhooks)
    .set({ status: 'delivered', deliveredAt: at, lastError: null })
    .where(eq(testGatewayWebhooks.id, id));
}

export async function markGatewayWebhookFailedAttempt(db: Queryable, id: number, error: string, retryAt: Date | null) {
  await db
    .update(testGatewayWebhooks)
    .set(retryAt ? { lastError: error, nextAttemptAt: retryAt } : { lastError: error, status: 'failed' })
    .where(and(eq(testGatewayWebhooks.id, id), eq(testGatewayWebhooks.status, 'pending')));
}

export async function listGatewayWebhooks(db: Queryable, paymentId: string): Promise<GatewayWebhookRow[]> {
  return db
    .select()
    .from(testGatewayWebhooks)
    .where(eq(testGatewayWebhooks.paymentId, paymentId))
    .orderBy(asc(testGatewayWebhooks.id));
}
