import { z } from 'zod';
import { COUPON_KINDS } from '../loyalty/coupons.ts';
import { PRICING_LIMITS } from '../pricing/price-cart.ts';
import { boundedDateTime, dbId, halalas, localizedText, orderTypeSchema } from './common.ts';
import { orderLineBody, orderPricingSchema } from './order.ts';

/**
 * Coupons (issue 16).
 *   POST  /api/coupons/{uuid}/check/        couponCheckBody → 200 couponCheckResponse (the server prices the cart)
 *   GET   /api/coupons/{uuid}/me/           → 200 myCouponsResponse (the brand's coupons the diner may still use)
 *   GET   /api/coupons/{uuid}/me/history/   → 200 couponHistoryResponse (used and expired, with the order)
 *   POST  /api/staff/coupons/redeem/        counterCouponBody → 200 counterCouponResponse (a walk-in sale)
 *   GET   /api/staff/coupons/               → 200 staffCouponListResponse (managers and owners)
 *   POST  /api/staff/coupons/               couponBody → 201 staffCouponSchema
 *   PUT   /api/staff/coupons/{id}/          couponBody → 200 staffCouponSchema
 */

/** A code as typed (spaces, lower case and Arabic-Indic digits are fine: the server normalises it). */
export const couponCodeInput = z.string().trim().min(1).max(64);

export const couponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: localizedText,
  kind: z.enum(COUPON_KINDS),
  percentBasisPoints: z.number().int().nullable(),
  maxDiscountHalalas: halalas.nullable(),
  amountHalalas: halalas.nullable(),
  itemId: z.number().int().nullable(),
  minimumOrderHalalas: halalas,
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  branchIds: z.array(z.number().int()).nullable(),
  orderTypes: z.array(z.number().int()).nullable(),
  newCustomersOnly: z.boolean(),
  combinesWithPoints: z.boolean(),
});
export type Coupon = z.infer<typeof couponSchema>;

export const couponCheckBody = z.object({
  code: couponCodeInput,
  orderType: orderTypeSchema,
  /** Pickup and delivery: the chosen branch; absent: the QR code's. */
  branchId: dbId.optional(),
  lines: z.array(orderLineBody).min(1).max(PRICING_LIMITS.maxLines),
  /** Points the diner means to spend too (the coupon's rule on combining is checked). */
  points: z.number().int().min(1).max(10_000_000).optional(),
});
export type CouponCheckBody = z.input<typeof couponCheckBody>;

export const couponCheckResponse = z.object({
  coupon: couponSchema,
  /** What the coupon takes off these lines (the shared pricing's couponDiscount). */
  discountHalalas: halalas,
  pricing: orderPricingSchema,
});
export type CouponCheckResponse = z.infer<typeof couponCheckResponse>;

export const myCouponsResponse = z.object({
  coupons: z.array(couponSchema.extend({ usesLeft: z.number().int().nullable() })),
});
export type MyCouponsResponse = z.infer<typeof myCouponsResponse>;

export const couponHistoryEntry = z.object({
  coupon: couponSchema,
  /** used: on an order or at the counter; given_back: its order was canceled; expired: its window closed unused. */
  status: z.enum(['used', 'given_back', 'expired']),
  at: z.string(),
  discountHalalas: halalas.nullable(),
  order: z.object({ id: z.number().int(), number: z.number().int() }).nullable(),
});
export const couponHistoryResponse = z.object({ entries: z.array(couponHistoryEntry) });
export type CouponHistoryResponse = z.infer<typeof couponHistoryResponse>;

export const counterCouponBody = z.object({
  code: couponCodeInput,
  branchId: dbId,
  /** The walk-in sale's amount, before the coupon. */
  saleHalalas: z.number().int().min(1).max(PRICING_LIMITS.maxAmountHalalas),
  /** Needed when the coupon counts per customer or is for new customers only. */
  phone: z.object({ phone_number: z.string().max(32), dial_code: z.string().max(8).optional() }).optional(),
});
export type CounterCouponBody = z.infer<typeof counterCouponBody>;

export const counterCouponResponse = z.object({
  coupon: couponSchema,
  discountHalalas: halalas,
  /** What the customer pays: the sale less the discount. */
  payHalalas: halalas,
  usedAt: z.string(),
  customer: z.object({ name: z.string(), phone: z.string() }).nullable(),
});
export type CounterCouponResponse = z.infer<typeof counterCouponResponse>;

const dateTime = boundedDateTime;
/**
 * A manager's coupon. The code and the brand's default language's name are required, with every other rule of the
 * form, by the server in one answer naming each broken field (issue 24 item 14); the other language's name may be
 * left blank (it then reads the default language's).
 */
export const couponBody = z.object({
  code: z.string().trim().max(64),
  name: z.object({ ar: z.string().trim().max(120), en: z.string().trim().max(120) }),
  kind: z.enum(COUPON_KINDS),
  percentBasisPoints: z.number().int().min(1).max(10_000).nullable().default(null),
  maxDiscountHalalas: z.number().int().min(1).max(PRICING_LIMITS.maxAmountHalalas).nullable().default(null),
  amountHalalas: z.number().int().min(1).max(PRICING_LIMITS.maxAmountHalalas).nullable().default(null),
  itemId: dbId.nullable().default(null),
  minimumOrderHalalas: z.number().int().min(0).max(PRICING_LIMITS.maxAmountHalalas).default(0),
  startsAt: dateTime.nullable().default(null),
  endsAt: dateTime.nullable().default(null),
  globalLimit: z.number().int().min(1).max(10_000_000).nullable().default(null),
  perCustomerLimit: z.number().int().min(1).max(1_000).nullable().default(null),
  branchIds: z.array(dbId).min(1).max(500).nullable().default(null),
  orderTypes: z.array(orderTypeSchema).min(1).max(3).nullable().default(null),
  newCustomersOnly: z.boolean().default(false),
  combinesWithPoints: z.boolean().default(false),
  isActive: z.boolean().default(true),
});
export type CouponBody = z.input<typeof couponBody>;

export const staffCouponSchema = couponSchema.extend({
  globalLimit: z.number().int().nullable(),
  perCustomerLimit: z.number().int().nullable(),
  usedCount: z.number().int(),
  isActive: z.boolean(),
  /** The version the console read; archive and restore send it back (a stale one answers 409). */
  version: z.number().int(),
  /** When it was archived (issue 27 item 7); null: not archived. */
  archivedAt: z.string().nullable(),
});
export type StaffCoupon = z.infer<typeof staffCouponSchema>;
export const staffCouponListResponse = z.object({ coupons: z.array(staffCouponSchema) });
