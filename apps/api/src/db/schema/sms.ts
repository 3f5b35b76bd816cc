import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
    /** What it tells (SMS_KINDS in shared/notify.ts): null for a verification code. */
    kind: text(),
    /**
     * One text per fact (issue 28 item 4: no double send): `order:<id>:<kind>`, `prize:<owned reward id>`; a second
     * write of the same key is a no-op (on conflict do nothing). Null for verification codes.
     */
    dedupeKey: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('sms_outbox_pending_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('sms_outbox_brand_idx').on(t.brandId, t.id),
    // The owner's queues page (modules/queues-admin): a brand's waiting, failing and given-up messages, without its sent.
    index('sms_outbox_brand_open_idx').on(t.brandId, t.id).where(sql`${t.status} in ('pending', 'failed')`),
    uniqueIndex('sms_outbox_dedupe_uq').on(t.brandId, t.dedupeKey).where(sql`${t.dedupeKey} is not null`),
    // 'failed': given up after the retries (the dead letter); 'discarded': a dead letter an owner dropped (queues page).
    check('sms_outbox_status_check', sql`${t.status} in ('pending', 'sent', 'failed', 'discarded')`),
    check('sms_outbox_attempts_check', sql`${t.attempts} >= 0`),
  ],
);

/**
 * A brand's own wording of a diner text, per kind, in both languages (issue 28 item 4; the console's notification
 * templates). No row: the default wording (shared/notify.ts). `version` for the console's stale-save check.
 */
export const smsTemplates = pgTable(
  'sms_templates',
  {
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    bodyAr: text().notNull(),
    bodyEn: text().notNull(),
    version: integer().notNull().default(1),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.kind] }),
    check('sms_templates_kind_check', sql`${t.kind} in ('order_ready', 'order_en_route', 'prize_code')`),
    check(
      'sms_templates_body_check',
      sql`length(${t.bodyAr}) between 1 and 320 and length(${t.bodyEn}) between 1 and 320`,
    ),
    check('sms_templates_version_check', sql`${t.version} >= 1`),
  ],
);
