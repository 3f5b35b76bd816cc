import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { brands } from './brands.ts';
import { orders } from './orders.ts';

/**
 * Every e-mail, written in the transaction that decides to send it; the mail relay sends after commit and retries
 * with backoff (modules/email/email.relay.ts, docs/adr/0620). A receipt is composed when it is sent (from the
 * stored order); an invitation carries its one-time link, so its text is written here and blanked once sent.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    /** 'receipt' (composed at send time from orderId) or 'staff_invitation' (subject, text and html stored). */
    kind: text().notNull(),
    toEmail: text().notNull(),
    /** The language it is written in: the diner's, or the brand's default for an invitation. */
    language: text().notNull(),
    orderId: integer().references(() => orders.id, { onDelete: 'cascade' }),
    subject: text(),
    textBody: text(),
    htmlBody: text(),
    /**
     * One e-mail per fact: `receipt:<order id>` for the receipt sent on completion (never twice automatically);
     * null for a receipt the diner asked for again and for invitations.
     */
    dedupeKey: text(),
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
    index('mail_outbox_pending_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('mail_outbox_order_idx').on(t.orderId, t.id),
    // The owner's queues page (modules/queues-admin): a brand's waiting, failing and given-up e-mails, without its sent.
    index('mail_outbox_brand_open_idx').on(t.brandId, t.id).where(sql`${t.status} in ('pending', 'failed')`),
    uniqueIndex('mail_outbox_dedupe_uq').on(t.brandId, t.dedupeKey).where(sql`${t.dedupeKey} is not null`),
    // 'failed': given up after the retries (the dead letter); 'discarded': a dead letter an owner dropped (queues page).
    check('mail_outbox_status_check', sql`${t.status} in ('pending', 'sent', 'failed', 'discarded')`),
    check('mail_outbox_kind_check', sql`${t.kind} in ('receipt', 'staff_invitation')`),
    check('mail_outbox_language_check', sql`${t.language} in ('ar', 'en')`),
    check('mail_outbox_receipt_check', sql`${t.kind} <> 'receipt' or ${t.orderId} is not null`),
    check('mail_outbox_attempts_check', sql`${t.attempts} >= 0`),
  ],
);
