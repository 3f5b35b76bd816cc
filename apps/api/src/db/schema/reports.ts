import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { branches } from './branches.ts';
import { brands } from './brands.ts';
import { halalas } from './orders.ts';

/**
 * The reports' roll-ups (issue 27 item 10, docs/adr/0610): one row per branch and day (the branch's own calendar day),
 * per hour, per item and per cancel reason, and the loyalty ledger's per day. Each is rewritten whole for a brand's
 * day range by reports.service `rollUp` (delete then insert from the raw tables, in one transaction): recomputing a
 * day gives the same rows. The dashboard reads only these; the raw tables answer drill-downs.
 */
export const reportDaily = pgTable(
  'report_daily',
  {
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    branchId: integer()
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    /** Orders placed that day and not canceled. */
    orders: integer().notNull(),
    canceled: integer().notNull(),
    /** Not canceled: the totals without VAT, the VAT, the totals. */
    netHalalas: halalas().notNull(),
    vatHalalas: halalas().notNull(),
    totalHalalas: halalas().notNull(),
    couponDiscountHalalas: halalas().notNull(),
    pointsDiscountHalalas: halalas().notNull(),
    rewardDiscountHalalas: halalas().notNull(),
    dineInOrders: integer().notNull(),
    pickupOrders: integer().notNull(),
    deliveryOrders: integer().notNull(),
    cashOrders: integer().notNull(),
    cardOrders: integer().notNull(),
    cashHalalas: halalas().notNull(),
    cardHalalas: halalas().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.branchId, t.day] }),
    index('report_daily_brand_day_idx').on(t.brandId, t.day),
    check('report_daily_counts_check', sql`${t.orders} >= 0 and ${t.canceled} >= 0`),
  ],
);

export const reportHourly = pgTable(
  'report_hourly',
  {
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    branchId: integer()
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    /** The branch's local hour, 0–23. */
    hour: smallint().notNull(),
    orders: integer().notNull(),
    netHalalas: halalas().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.branchId, t.day, t.hour] }),
    index('report_hourly_brand_day_idx').on(t.brandId, t.day),
    check('report_hourly_hour_check', sql`${t.hour} between 0 and 23`),
  ],
);

/** Lines of orders not canceled, per item (its names as last sold that day). */
export const reportItemDaily = pgTable(
  'report_item_daily',
  {
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    branchId: integer()
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    kind: text().notNull(),
    itemId: integer().notNull(),
    nameAr: text().notNull(),
    nameEn: text().notNull(),
    quantity: integer().notNull(),
    netHalalas: halalas().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.branchId, t.day, t.kind, t.itemId] }),
    index('report_item_daily_brand_day_idx').on(t.brandId, t.day),
  ],
);

/** Canceled orders per reason (the board's decline reason, else 'other'). */
export const reportCancelDaily = pgTable(
  'report_cancel_daily',
  {
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    branchId: integer()
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    reason: text().notNull(),
    orders: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.branchId, t.day, t.reason] }),
    index('report_cancel_daily_brand_day_idx').on(t.brandId, t.day),
  ],
);

/**
 * The points ledger per day: the branch of the row's order, or none (a bonus, an adjustment, expiry). Issued: earns,
 * bonuses and positive adjustments; redeemed: spent at checkout or in the shop (net of what a cancel gave back);
 * expired: written off.
 */
export const reportLoyaltyDaily = pgTable(
  'report_loyalty_daily',
  {
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    branchId: integer().references(() => branches.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    issued: integer().notNull(),
    redeemed: integer().notNull(),
    expired: integer().notNull(),
  },
  (t) => [unique('report_loyalty_daily_uq').on(t.brandId, t.branchId, t.day).nullsNotDistinct()],
);

/** How far each brand's roll-ups are known complete: the catch-up job starts the day before it. */
export const reportRollupState = pgTable('report_rollup_state', {
  brandId: integer()
    .primaryKey()
    .references(() => brands.id, { onDelete: 'cascade' }),
  rolledThrough: date({ mode: 'string' }).notNull(),
  rolledAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * The loyalty and engagement sections' counts per day (issue 27 item 9, docs/adr/0630): one row per brand, branch
 * (or none: a row with no branch is the brand's only), local day, metric and key. `count` and `amount` mean what the
 * metric says (ENGAGEMENT_METRICS in reports.repo.ts): prep/delivery minute histograms (key: whole minutes), counter
 * redemptions (key: reward), coupon uses and their discount (key: coupon), punch cards completed (key: programme),
 * wheel prizes (key: segment), referral stages reached (key: the stage's index), star answers and their sum (key:
 * question), low ratings and those answered.
 */
export const reportEngagementDaily = pgTable(
  'report_engagement_daily',
  {
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    branchId: integer().references(() => branches.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    metric: text().notNull(),
    key: integer().notNull(),
    count: integer().notNull(),
    amount: halalas().notNull(),
  },
  (t) => [
    unique('report_engagement_daily_uq').on(t.brandId, t.day, t.metric, t.key, t.branchId).nullsNotDistinct(),
    check('report_engagement_daily_count_check', sql`${t.count} > 0`),
  ],
);

/*
 * Custom migration 0054_reports-member-rebuild.sql (the bitmaps below start empty: every brand is rolled up again
 * from its first row by the catch-up job's next pass):
 *   DELETE FROM "report_rollup_state";
 */

/** PostgreSQL's `bit varying`: a member bitmap, read and written as its '0'/'1' text. */
const bitVarying = customType<{ data: string }>({ dataType: () => 'bit varying' });

/**
 * Each diner's bit in the brand's member bitmaps (issue 27, docs/adr/0720): 1, 2, 3 … in the order the roll-up first
 * met the diner's order. No foreign key: a deleted diner's bit stays in the days already rolled.
 */
export const reportMemberPositions = pgTable(
  'report_member_positions',
  {
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    customerId: integer().notNull(),
    position: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.customerId] }),
    unique('report_member_positions_position_uq').on(t.brandId, t.position),
    check('report_member_positions_position_check', sql`${t.position} >= 1`),
  ],
);

/**
 * The diners with an order not canceled, per branch and Saudi day (the dashboard's "active members", docs/adr/0720):
 * bit n (from the left, 1-based) set = the diner at position n. Distinct counts do not add across days; bitmaps OR.
 */
export const reportMemberDaily = pgTable(
  'report_member_daily',
  {
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    branchId: integer()
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    members: bitVarying().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.branchId, t.day] }),
    index('report_member_daily_brand_day_idx').on(t.brandId, t.day),
  ],
);

/** The same per calendar month (`month` its first day): the OR of the month's daily bitmaps, for long periods. */
export const reportMemberMonthly = pgTable(
  'report_member_monthly',
  {
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    branchId: integer()
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    month: date({ mode: 'string' }).notNull(),
    members: bitVarying().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.branchId, t.month] }),
    index('report_member_monthly_brand_month_idx').on(t.brandId, t.month),
  ],
);

/**
 * The brand's diners now, per level (docs/adr/0720): how many sit in each (by lifetime points; none: below the
 * lowest level) and the points they hold. Rewritten whole by every roll-up transaction (one scan of the brand's
 * diners), so the dashboard's level mix and points liability read a few rows, as fresh as the other figures.
 */
export const reportLevelMembers = pgTable(
  'report_level_members',
  {
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    /** No foreign key: a level removed after the last pass is shown by id until the next one. */
    levelId: integer(),
    members: integer().notNull(),
    walletPoints: halalas().notNull(),
  },
  (t) => [unique('report_level_members_uq').on(t.brandId, t.levelId).nullsNotDistinct()],
);

/**
 * report_item_daily summed per calendar month (`month` its first day), rewritten for the months a roll-up touches
 * (docs/adr/0720): a long period reads its whole months here and only the days at either end from the daily rows.
 */
export const reportItemMonthly = pgTable(
  'report_item_monthly',
  {
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    branchId: integer()
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    month: date({ mode: 'string' }).notNull(),
    kind: text().notNull(),
    itemId: integer().notNull(),
    nameAr: text().notNull(),
    nameEn: text().notNull(),
    quantity: integer().notNull(),
    netHalalas: halalas().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.branchId, t.month, t.kind, t.itemId] }),
    index('report_item_monthly_brand_month_idx').on(t.brandId, t.month),
  ],
);

/** report_hourly summed per calendar month, likewise. */
export const reportHourlyMonthly = pgTable(
  'report_hourly_monthly',
  {
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    branchId: integer()
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    month: date({ mode: 'string' }).notNull(),
    hour: smallint().notNull(),
    orders: integer().notNull(),
    netHalalas: halalas().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.branchId, t.month, t.hour] }),
    index('report_hourly_monthly_brand_month_idx').on(t.brandId, t.month),
  ],
);

/** report_engagement_daily summed per calendar month, likewise (docs/adr/0720). */
export const reportEngagementMonthly = pgTable(
  'report_engagement_monthly',
  {
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    branchId: integer().references(() => branches.id, { onDelete: 'cascade' }),
    month: date({ mode: 'string' }).notNull(),
    metric: text().notNull(),
    key: integer().notNull(),
    count: integer().notNull(),
    amount: halalas().notNull(),
  },
  (t) => [
    unique('report_engagement_monthly_uq').on(t.brandId, t.month, t.metric, t.key, t.branchId).nullsNotDistinct(),
  ],
);
