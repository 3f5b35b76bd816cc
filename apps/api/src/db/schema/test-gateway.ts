import { PAYMENT_STATUSES } from '@sufra/shared/machines/payment-status';
import { CARD_BRANDS } from '@sufra/shared/payments/card';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The built-in test gateway's own tables (issue 5). It plays a third party, so it shares nothing with ours: no
 * foreign keys to orders, its own ids. A card is kept as brand and last four digits only, never the number
 * (the PCI scan in apps/api/test/pci-scan.ts checks that).
 */

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const TEST_GATEWAY_FAILURE_REASONS = ['declined', '3ds_failed', 'timeout'] as const;
const TEST_OUTCOMES = ['success', ...TEST_GATEWAY_FAILURE_REASONS] as const;

export const testGatewayPayments = pgTable(
  'test_gateway_payments',
  {
    /** "tgpay_" + 24 random hex characters. */
    id: text().primaryKey(),
    /** The merchant's idempotency key (given_id): a second create with it answers the first payment. */
    givenId: text().unique('test_gateway_payments_given_id_unique'),
    /** What the create request asked for (hashed), so a reused key with another request is refused. */
    requestHash: text().notNull(),
    amount: integer().notNull(),
    currency: text().notNull(),
    description: text().notNull(),
    callbackUrl: text().notNull(),
    metadata: jsonb().$type<Record<string, string>>().notNull(),
    status: text().notNull().default('initiated'),
    refunded: integer().notNull().default(0),
    cardBrand: text(),
    cardLast4: text(),
    failureReason: text(),
    /** The simulated 3-D Secure one-time code, set once a card was accepted, cleared when the step is over. */
    threeDsCode: text(),
    /**
     * What the test card entered picks (test-cards.ts): the 3-D Secure step then fails for '3ds_failed', and for
     * 'timeout' the gateway's API holds every answer about this payment. Kept because only last 4 digits are.
     */
    testOutcome: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    check('test_gateway_payments_status_check', sql`${t.status} in (${inList(PAYMENT_STATUSES)})`),
    check('test_gateway_payments_amount_check', sql`${t.amount} > 0`),
    check('test_gateway_payments_refunded_check', sql`${t.refunded} between 0 and ${t.amount}`),
    check(
      'test_gateway_payments_brand_check',
      sql`${t.cardBrand} is null or ${t.cardBrand} in (${inList(CARD_BRANDS)})`,
    ),
    check('test_gateway_payments_last4_check', sql`${t.cardLast4} is null or ${t.cardLast4} ~ '^[0-9]{4}$'`),
    check(
      'test_gateway_payments_outcome_check',
      sql`${t.testOutcome} is null or ${t.testOutcome} in (${inList(TEST_OUTCOMES)})`,
    ),
    check(
      'test_gateway_payments_failure_check',
      sql`${t.failureReason} is null or ${t.failureReason} in (${inList(TEST_GATEWAY_FAILURE_REASONS)})`,
    ),
  ],
);

/**
 * Webhooks to deliver, written in the transaction that changes the payment; a relay posts them (signed) until the
 * receiver answers 2xx, with backoff, so neither a closed browser nor a restart loses one.
 */
export const testGatewayWebhooks = pgTable(
  'test_gateway_webhooks',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** "evt_" + random hex: the receiver deduplicates by it. */
    eventId: text().notNull().unique('test_gateway_webhooks_event_id_unique'),
    paymentId: text()
      .notNull()
      .references(() => testGatewayPayments.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    /** The exact body sent (and signed), so every retry is byte-identical. */
    body: text().notNull(),
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull(),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    deliveredAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('test_gateway_webhooks_pending_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    check('test_gateway_webhooks_status_check', sql`${t.status} in ('pending', 'delivered', 'failed')`),
    check('test_gateway_webhooks_type_check', sql`${t.type} in ('payment_paid', 'payment_failed', 'payment_refunded')`),
  ],
);
