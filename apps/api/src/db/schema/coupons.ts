import { COUPON_KINDS } from '@sufra/shared/loyalty/coupons';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
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

/**
 * A brand's coupons (issue 16, DESIGN §7). The code is stored normalised (shared normalizeCouponCode: trimmed, ASCII
 * digits, upper case) and unique per brand on upper(code), so no two codes differ only by case even if a row were
 * written around the service. `used_count` moves only by conditional updates (`used + n <= global_limit`), and the
 * CHECK holds it there whatever code runs.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    code: text().notNull(),
    nameAr: text().notNull(),
    nameEn: text().notNull(),
    kind: text().notNull(),
    percentBp: integer(),
    maxDiscountHalalas: integer(),
    amountHalalas: integer(),
    itemId: integer().references(() => menuItems.id, { onDelete: 'set null' }),
    minimumOrderHalalas: integer().notNull().default(0),
    /** null: from creation / with no end. */
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    /** null: unlimited. */
    globalLimit: integer(),
    perCustomerLimit: integer(),
    usedCount: integer().notNull().default(0),
    /** null: every branch of the brand. */
    branchIds: integer().array(),
    /** null: every order type. */
    orderTypes: integer().array(),
    newCustomersOnly: boolean().notNull().default(false),
    /** Whether an order with this coupon may also spend points (default no:
     * docs/adr/0092-coupon-rules-and-limits.md). */
    combinesWithPoints: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * Moved by every manager edit (not by uses): placement keeps coupons per process and its write checks the version
     * the order was priced on (coupon-uses keptCoupon, coupons.repo foldedCouponCtes).
     */
    version: integer().notNull().default(1),
    /**
     * When a manager archived it (issue 27 item 7; null: not archived). An archived coupon is also inactive (the
     * CHECK below), so every diner and counter path that asks for an active coupon refuses it without knowing of
     * archives (docs/adr/0590-archive-and-duplicate-coupons-and-punch-cards.md).
     */
    archivedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('coupons_brand_code_uq').on(t.brandId, sql`upper(${t.code})`),
    check('coupons_code_check', sql`${t.code} ~ '^[A-Z0-9-]{3,32}$'`),
    check('coupons_kind_check', sql.raw(`"kind" in (${COUPON_KINDS.map((k) => `'${k}'`).join(', ')})`)),
    check(
      'coupons_figures_check',
      sql`(${t.kind} <> 'percent' or (${t.percentBp} between 1 and 10000
          and (${t.maxDiscountHalalas} is null or ${t.maxDiscountHalalas} > 0)))
        and (${t.kind} <> 'fixed' or ${t.amountHalalas} > 0)
        and (${t.kind} <> 'free_item' or ${t.itemId} is not null)
        and ${t.minimumOrderHalalas} >= 0
        and (${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt})
        and (${t.globalLimit} is null or ${t.globalLimit} >= 1)
        and (${t.perCustomerLimit} is null or ${t.perCustomerLimit} >= 1)`,
    ),
    check('coupons_archived_inactive_check', sql`${t.archivedAt} is null or not ${t.isActive}`),
    check(
      'coupons_used_count_check',
      sql`${t.usedCount} >= 0 and (${t.globalLimit} is null or ${t.usedCount} <= ${t.globalLimit})`,
    ),
  ],
);

/**
 * How many times a customer has used a coupon (uses given back are subtracted): the per-customer limit's counter,
 * moved only by conditional updates under the row's lock, so no race passes the limit.
 */
export const couponCustomerUses = pgTable(
  'coupon_customer_uses',
  {
    couponId: integer()
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    used: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.couponId, t.customerId] }),
    check('coupon_customer_uses_check', sql`${t.used} >= 0`),
  ],
);

/**
 * Each use of a coupon: on an order (placement) or in a walk-in sale at the counter (staff, branch, the sale's
 * amount). `released_at`: given back (the order was canceled) or voided; the counters were moved back with it.
 */
export const couponUses = pgTable(
  'coupon_uses',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    couponId: integer()
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    customerId: integer().references(() => customers.id, { onDelete: 'set null' }),
    orderId: integer().references(() => orders.id, { onDelete: 'set null' }),
    branchId: integer().references(() => branches.id, { onDelete: 'set null' }),
    staffUserId: integer().references(() => staffUsers.id, { onDelete: 'set null' }),
    /** A walk-in sale's amount (null for an order: its figures are the order's). */
    saleHalalas: integer(),
    discountHalalas: integer().notNull(),
    usedAt: timestamp({ withTimezone: true }).notNull(),
    releasedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // An order carries one coupon, once.
    uniqueIndex('coupon_uses_order_uq').on(t.orderId).where(sql`${t.orderId} is not null`),
    index('coupon_uses_customer_idx').on(t.customerId, t.usedAt),
    index('coupon_uses_coupon_idx').on(t.couponId),
    check('coupon_uses_discount_check', sql`${t.discountHalalas} >= 0`),
    check('coupon_uses_sale_check', sql`${t.saleHalalas} is null or ${t.saleHalalas} >= 0`),
  ],
);
