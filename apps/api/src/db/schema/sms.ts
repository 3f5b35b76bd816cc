import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { brands } from './brands.ts';

/**
 * Every SMS, written in the transaction that decides to send it; the relay sends after commit and
 * retries with backoff (sms-relay.ts). The row is also the record the staff app shows in the demo.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    toPhone: text().notNull(),
    body: text().notNull(),
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    /** When the relay may (re)try; also the lease while a relay is sending it. */
    nextAttemptAt: timestamp({ withTimezone: true }).notNull(),
    lastError: text(),
    providerMessageId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('sms_outbox_pending_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('sms_outbox_brand_idx').on(t.brandId, t.id),
    check('sms_outbox_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
    check('sms_outbox_attempts_check', sql`${t.attempts} >= 0`),
  ],
);
