import { POINTS_ENTRY_KINDS } from '@sufra/shared/loyalty/points';
import { REWARD_KINDS, REWARD_SHOPS, REWARD_SOURCES } from '@sufra/shared/loyalty/rewards';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { branches } from './branches.ts';
import { brands } from './brands.ts';
import { customers } from './customers.ts';
import { menuItems } from './menu.ts';
import { orders } from './orders.ts';
import { staffUsers } from './staff.ts';

/** A brand's points rule (DESIGN §7). No row: the brand has no points programme. */
export const loyaltyRules = pgTable(
  'loyalty_rules',
  {
    brandId: integer()
      .primaryKey()
      .references(() => brands.id, { onDelete: 'cascade' }),
    earnPointsPerSar: integer().notNull(),
    pointValueHalalas: integer().notNull(),
    minPointsPerRedemption: integer().notNull(),
    maxPointsPerTransaction: integer().notNull(),
    maxPointsPerDay: integer().notNull(),
    maxRedemptionsPerDay: integer().notNull(),
    /** null: points never expire. */
    expiryDays: integer(),
    /** The zone whose calendar day the daily limits count in. */
    timeZone: text().notNull().default('Asia/Riyadh'),
    /** A fixed expiry date instead of days (issue 27): every point earned before it expires on it. */
    expiresOn: date({ mode: 'string' }),
    /** The start of `expiresOn` in the brand's zone, computed when saved (the expiry sweep compares instants). */
    expiresAt: timestamp({ withTimezone: true }),
    /** Order types that earn (1 dine-in, 2 pickup, 3 delivery). */
    earnOrderTypes: integer().array().notNull().default(sql`'{1,2,3}'::integer[]`),
    /** Branches whose orders earn; null: every branch of the brand, new ones too. */
    earnBranchIds: integer().array(),
    /** The console's conflict check on the rule (issue 27). */
    version: integer().notNull().default(1),
    /** The console's conflict check on the brand's set of levels, saved as one list. */
    levelsVersion: integer().notNull().default(1),
  },
  (t) => [
    check(
      'loyalty_rules_figures_check',
      sql`${t.earnPointsPerSar} >= 0 and ${t.pointValueHalalas} >= 1 and ${t.minPointsPerRedemption} >= 1
        and ${t.maxPointsPerTransaction} >= ${t.minPointsPerRedemption} and ${t.maxPointsPerDay} >= 1
        and ${t.maxRedemptionsPerDay} >= 0 and (${t.expiryDays} is null or ${t.expiryDays} >= 1)`,
    ),
    check(
      'loyalty_rules_expiry_check',
      sql`(${t.expiresOn} is null) = (${t.expiresAt} is null) and (${t.expiryDays} is null or ${t.expiresOn} is null)`,
    ),
  ],
);

/**
 * What an order earns by, as it stood from `effectiveFrom` (issue 27: a change applies to orders placed after it).
 * Written by every save of the rule (the first save also writes the rule before it, from the start of time); an
 * order's earn reads the row in force when the order was placed, or the rule itself when the brand has none.
 */
export const loyaltyEarnRules = pgTable(
  'loyalty_earn_rules',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    effectiveFrom: timestamp({ withTimezone: true }).notNull(),
    earnPointsPerSar: integer().notNull(),
    earnOrderTypes: integer().array().notNull(),
    earnBranchIds: integer().array(),
  },
  (t) => [
    index('loyalty_earn_rules_brand_idx').on(t.brandId, t.effectiveFrom),
    check('loyalty_earn_rules_figures_check', sql`${t.earnPointsPerSar} >= 0`),
  ],
);

/** A brand's levels by lifetime points, each with a multiplier on earns and its perks. */
export const loyaltyLevels = pgTable(
  'loyalty_levels',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    nameAr: text().notNull(),
    nameEn: text().notNull(),
    minLifetimePoints: integer().notNull(),
    /** 10000 = ×1. */
    multiplierBp: integer().notNull().default(10_000),
    perksAr: text().array().notNull().default(sql`'{}'::text[]`),
    perksEn: text().array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    uniqueIndex('loyalty_levels_brand_min_uq').on(t.brandId, t.minLifetimePoints),
    check('loyalty_levels_figures_check', sql`${t.minLifetimePoints} >= 0 and ${t.multiplierBp} between 0 and 100000`),
  ],
);

/**
 * The points ledger: append-only (no update or delete is ever issued; a correction is a new row). A customer's
 * `wallet_points` is the sum of their rows and `lifetime_points` the sum of their earns; both are kept in the same
 * transaction as the row by one conditional update, and the customers table's CHECK keeps the wallet ≥ 0.
 */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    /** Signed: credits positive, debits negative. */
    points: integer().notNull(),
    /** Why: a reason code for the system's rows, the manager's words for an adjustment. */
    reason: text().notNull(),
    orderId: integer().references(() => orders.id, { onDelete: 'set null' }),
    /** The owned reward a purchase bought. */
    customerRewardId: integer(),
    staffUserId: integer().references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('points_ledger_customer_idx').on(t.customerId, t.createdAt),
    // The reports' roll-up of a brand's day (docs/adr/0610).
    index('points_ledger_brand_created_idx').on(t.brandId, t.createdAt),
    // An order earns once, is clawed back once and pays with points once, whatever retries or races do.
    uniqueIndex('points_ledger_order_kind_uq')
      .on(t.orderId, t.kind)
      .where(sql`${t.orderId} is not null and ${t.kind} in ('earn', 'clawback', 'redeem', 'refund_redeem')`),
    check('points_ledger_kind_check', sql.raw(`"kind" in (${POINTS_ENTRY_KINDS.map((k) => `'${k}'`).join(', ')})`)),
    check(
      'points_ledger_sign_check',
      sql`${t.points} <> 0 and (case when ${t.kind} in ('earn', 'refund_redeem') then ${t.points} > 0
        when ${t.kind} in ('redeem', 'expire', 'clawback', 'purchase') then ${t.points} < 0 else true end)`,
    ),
    check('points_ledger_reason_check', sql`length(${t.reason}) between 1 and 500`),
  ],
);

/**
 * A brand's rewards: what the points shop sells and the prize shop offers (DESIGN §7). `pointsCost` null: not for
 * sale (a prize only won or granted). A free item names its menu item; a percentage has its cap.
 */
export const rewards = pgTable(
  'rewards',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    shop: text().notNull(),
    kind: text().notNull(),
    nameAr: text().notNull(),
    nameEn: text().notNull(),
    descriptionAr: text().notNull().default(''),
    descriptionEn: text().notNull().default(''),
    image: text(),
    pointsCost: integer(),
    itemId: integer().references(() => menuItems.id, { onDelete: 'set null' }),
    percentBp: integer(),
    maxDiscountHalalas: integer(),
    amountHalalas: integer(),
    /** How long an owned copy stays valid; null: until used. */
    validDays: integer(),
    /** Where it may be redeemed; null: every branch of the brand. */
    branchIds: integer().array(),
    /** false: retired in the console (issue 27): off the shops, never deleted; copies diners own keep working. */
    isActive: boolean().notNull().default(true),
    position: integer().notNull().default(0),
    /** Copies the shops may sell in all; null: no limit. Never below `issuedCount` (the CHECK below). */
    stock: integer(),
    /** Copies sold so far (bought in a shop): what the stock has committed. */
    issuedCount: integer().notNull().default(0),
    /** On sale from / until (null: open); outside it the shop neither lists nor sells it. */
    activeFrom: timestamp({ withTimezone: true }),
    activeUntil: timestamp({ withTimezone: true }),
    /** The console's conflict check (issue 27). */
    version: integer().notNull().default(1),
  },
  (t) => [
    index('rewards_brand_idx').on(t.brandId, t.shop),
    check(
      'rewards_stock_check',
      sql`${t.issuedCount} >= 0 and (${t.stock} is null or (${t.stock} >= 0 and ${t.issuedCount} <= ${t.stock}))`,
    ),
    check(
      'rewards_window_check',
      sql`${t.activeFrom} is null or ${t.activeUntil} is null or ${t.activeFrom} < ${t.activeUntil}`,
    ),
    check('rewards_shop_check', sql.raw(`"shop" in (${REWARD_SHOPS.map((k) => `'${k}'`).join(', ')})`)),
    check('rewards_kind_check', sql.raw(`"kind" in (${REWARD_KINDS.map((k) => `'${k}'`).join(', ')})`)),
    check(
      'rewards_figures_check',
      sql`(${t.pointsCost} is null or ${t.pointsCost} > 0) and (${t.validDays} is null or ${t.validDays} > 0)
        and (${t.kind} <> 'percent' or ${t.percentBp} between 1 and 10000)
        and (${t.kind} <> 'fixed' or ${t.amountHalalas} > 0)`,
    ),
  ],
);

/**
 * A reward a diner owns, with its code (unique in the brand). Redeemed at most once: `claimed_at` is set by one
 * conditional update (claimed_at is null, inside its window), recorded with the staff user and branch.
 */
export const customerRewards = pgTable(
  'customer_rewards',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    rewardId: integer()
      .notNull()
      .references(() => rewards.id, { onDelete: 'restrict' }),
    source: text().notNull(),
    code: text().notNull(),
    /** The points it cost (0 when won or granted). */
    pointsSpent: integer().notNull().default(0),
    validFrom: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }),
    claimedAt: timestamp({ withTimezone: true }),
    claimedByStaffId: integer().references(() => staffUsers.id, { onDelete: 'set null' }),
    claimedBranchId: integer().references(() => branches.id, { onDelete: 'set null' }),
    /** The order a free-item reward was used in (claimed with no staff user); a cancel of it gives the reward back. */
    claimedOrderId: integer().references(() => orders.id, { onDelete: 'set null' }),
    grantedByStaffId: integer().references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customer_rewards_brand_code_uq').on(t.brandId, t.code),
    index('customer_rewards_customer_idx').on(t.customerId),
    index('customer_rewards_order_idx').on(t.claimedOrderId).where(sql`${t.claimedOrderId} is not null`),
    check('customer_rewards_source_check', sql.raw(`"source" in (${REWARD_SOURCES.map((k) => `'${k}'`).join(', ')})`)),
    check('customer_rewards_code_check', sql`${t.code} ~ '^[0-9A-HJKMNP-TV-Z]{8}$'`),
    check(
      'customer_rewards_claim_check',
      sql`${t.claimedAt} is not null or (${t.claimedBranchId} is null and ${t.claimedByStaffId} is null
        and ${t.claimedOrderId} is null)`,
    ),
    check('customer_rewards_points_check', sql`${t.pointsSpent} >= 0`),
  ],
);

/**
 * Every typed reward code a cashier presented (lookup or redeem): a typed code is guessable where a signed QR is not,
 * so presentations are counted per staff user and per branch over the last minute (rows, so every instance shares
 * the counts). A refused presentation writes no row, so hammering does not stretch the wait.
 */
export const rewardCodeAttempts = pgTable(
  'reward_code_attempts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    staffUserId: integer()
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    branchId: integer()
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('reward_code_attempts_staff_idx').on(t.staffUserId, t.createdAt),
    index('reward_code_attempts_branch_idx').on(t.branchId, t.createdAt),
  ],
);
