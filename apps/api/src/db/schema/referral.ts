import { LEAD_STATUSES } from '@sufra/shared/engagement/referral';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { brands } from './brands.ts';
import { customers } from './customers.ts';
import { orders } from './orders.ts';

/** A brand's referral rule (issue 17). No row: the brand runs no referral programme. */
export const referralRules = pgTable(
  'referral_rules',
  {
    brandId: integer()
      .primaryKey()
      .references(() => brands.id, { onDelete: 'cascade' }),
    referrerPoints: integer().notNull(),
    friendPoints: integer().notNull(),
    refundWindowDays: integer().notNull().default(14),
    /** Off: diners cannot invite (issue 27); leads already made still convert by the rule. */
    enabled: boolean().notNull().default(true),
    /** Invitations one diner may send in a rolling day (issue 24's cap, the brand's own since issue 27). */
    invitationsPerDay: integer().notNull().default(10),
    /** The console's conflict check. */
    version: integer().notNull().default(1),
  },
  (t) => [
    check(
      'referral_rules_figures_check',
      sql`${t.referrerPoints} >= 0 and ${t.friendPoints} >= 0 and ${t.refundWindowDays} between 0 and 365
        and ${t.invitationsPerDay} between 1 and 1000`,
    ),
  ],
);

/**
 * A diner's referral code, made the first time they open their referral page. Unique across brands: the friend's
 * landing `/reference/{code}` carries no QR uuid, so the code alone names the brand.
 */
export const referralCodes = pgTable(
  'referral_codes',
  {
    customerId: integer()
      .primaryKey()
      .references(() => customers.id, { onDelete: 'cascade' }),
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    code: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('referral_codes_code_uq').on(t.code)],
);

/**
 * A lead: a friend's phone a diner referred, and how far that friend has come (shared/engagement/referral.ts is the
 * machine; every move is a conditional update from the statuses it allows). One lead per phone per brand, whoever
 * entered it first; a friend is the friend of one lead at most; nobody refers themselves.
 */
export const referralLeads = pgTable(
  'referral_leads',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    referrerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** E.164, as the referrer typed it, normalised. */
    friendPhone: text().notNull(),
    friendId: integer().references(() => customers.id, { onDelete: 'set null' }),
    status: text().notNull().default('pending'),
    /** The friend's order that converted the lead (and whose refund within the window declines it). */
    convertedOrderId: integer().references(() => orders.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    joinedAt: timestamp({ withTimezone: true }),
    activeAt: timestamp({ withTimezone: true }),
    convertedAt: timestamp({ withTimezone: true }),
    declinedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('referral_leads_phone_uq').on(t.brandId, t.friendPhone),
    uniqueIndex('referral_leads_friend_uq').on(t.friendId).where(sql`${t.friendId} is not null`),
    index('referral_leads_referrer_idx').on(t.referrerId, t.createdAt),
    check('referral_leads_status_check', sql.raw(`"status" in (${LEAD_STATUSES.map((s) => `'${s}'`).join(', ')})`)),
    check('referral_leads_not_self_check', sql`${t.friendId} is null or ${t.friendId} <> ${t.referrerId}`),
    // A lead past pending has its friend; a converted or declined one has the order that converted it.
    check(
      'referral_leads_progress_check',
      sql`(${t.status} = 'pending' or ${t.friendId} is not null or ${t.joinedAt} is not null)
        and (${t.status} not in ('converted', 'declined') or ${t.convertedAt} is not null)`,
    ),
  ],
);
