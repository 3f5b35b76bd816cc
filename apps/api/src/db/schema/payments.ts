import { PAYMENT_STATUSES } from '@sufra/shared/machines/payment-status';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { halalas, orders } from './orders.ts';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * One row per card payment attempt of an order (issue 5): a retry after a failure is a new row, never a move
 * back. We keep the provider's payment id and status, never card data. The idempotency key is ours, sent to the
 * provider, so a create retried after a lost answer makes one payment there.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    /** Null until the provider answered the create (a create that timed out may still have made one). */
    providerPaymentId: text(),
    idempotencyKey: text().notNull().unique('payment_attempts_idempotency_key_unique'),
    status: text().notNull().default('initiated'),
    amountHalalas: halalas().notNull(),
    /** The provider's page for this attempt, answered again to a replayed placement. */
    redirectUrl: text(),
    /** The provider's reason (declined, 3-D Secure failed, amount mismatch …), for logs and staff; never shown raw. */
    failureMessage: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_attempts_order_idx').on(t.orderId, t.id),
    unique('payment_attempts_provider_payment_uq').on(t.provider, t.providerPaymentId),
    check('payment_attempts_status_check', sql`${t.status} in (${inList(PAYMENT_STATUSES)})`),
    check('payment_attempts_amount_check', sql`${t.amountHalalas} > 0`),
  ],
);

/**
 * Webhook events already taken in, by the provider's event id: the primary key is the dedupe, so a replayed or
 * redelivered event is acknowledged and changes nothing.
 */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    provider: text().notNull(),
    eventId: text().notNull(),
    type: text().notNull(),
    providerPaymentId: text().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'payment_webhook_events_pk', columns: [t.provider, t.eventId] })],
);

/**
 * Refunds owed (a paid order canceled, or a payment that arrived for an order canceled or already paid). Written
 * in the transaction that decides the refund, sent to the provider after commit and retried with backoff until
 * the provider confirms, so a provider outage never loses one. One per attempt (a refund is always in full).
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    attemptId: integer()
      .notNull()
      .references(() => paymentAttempts.id, { onDelete: 'cascade' })
      .unique('payment_refunds_attempt_unique'),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountHalalas: halalas().notNull(),
    reason: text().notNull(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_refunds_pending_idx').on(t.nextAttemptAt, t.id).where(sql`${t.doneAt} is null`),
    check('payment_refunds_amount_check', sql`${t.amountHalalas} > 0`),
    check('payment_refunds_reason_check', sql`${t.reason} in ('order_canceled', 'order_not_payable', 'mismatch')`),
  ],
);
