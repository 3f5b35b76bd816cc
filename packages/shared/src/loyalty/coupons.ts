import { toAsciiDigits } from '../phone/phone-number.ts';
import type { CouponInput } from '../pricing/price-cart.ts';

/**
 * Coupons (issue 16, DESIGN §7): a brand's codes a diner types at checkout (or a cashier at the counter). Pure rules
 * shared by the server (what placement and the counter accept) and the web app (why a coupon stops applying).
 */

/** What a coupon takes off: a percentage of the lines (with a cap), a fixed amount, or one unit of an item. */
export const COUPON_KINDS = ['percent', 'fixed', 'free_item'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** Codes are stored as normalised: 3..32 of A-Z, 0-9 and '-'. */
export const COUPON_CODE_PATTERN = /^[A-Z0-9-]{3,32}$/;

/**
 * A code as typed → as stored: trimmed, inner spaces dropped, Arabic-Indic digits as ASCII, upper case. Case is
 * folded in JavaScript and the database compares the stored (already folded) form, so both agree on every code.
 */
export function normalizeCouponCode(typed: string): string {
  return toAsciiDigits(typed).replace(/\s+/g, '').toUpperCase();
}

/** The rule of a coupon, as the checks need it. */
export interface CouponRule {
  kind: CouponKind;
  percentBp: number | null;
  maxDiscountHalalas: number | null;
  amountHalalas: number | null;
  itemId: number | null;
  minimumOrderHalalas: number;
  startsAt: Date | null;
  endsAt: Date | null;
  globalLimit: number | null;
  perCustomerLimit: number | null;
  usedCount: number;
  /** null: every branch of the brand. */
  branchIds: readonly number[] | null;
  /** null: every order type (1 dine-in, 2 pickup, 3 delivery). */
  orderTypes: readonly number[] | null;
  newCustomersOnly: boolean;
  isActive: boolean;
}

/** Where and on what the coupon would be used. `orderType` null: a walk-in sale at the counter. */
export interface CouponContext {
  now: Date;
  branchId: number;
  orderType: number | null;
  /** What the coupon applies to: the lines (the pricing's subtotal), or the walk-in sale's amount. */
  subtotalHalalas: number;
  /** How many times this customer has used it (not given back); 0 when unknown (no customer). */
  customerUses: number;
  /** Whether this customer is new at the branch; null when there is no customer to ask about. */
  customerIsNewAtBranch: boolean | null;
  /** The free item's unit price when it is in the cart; null when it is not (or no cart). */
  freeItemPriceHalalas?: number | null;
}

/** Each refusal is an error code of the catalogue, so both sides say it in the same words. */
export type CouponRefusal =
  | 'coupon_not_found'
  | 'coupon_not_yet_valid'
  | 'coupon_expired'
  | 'coupon_other_branch'
  | 'coupon_other_order_type'
  | 'coupon_below_minimum'
  | 'coupon_used_up'
  | 'coupon_customer_limit'
  | 'coupon_needs_customer'
  | 'coupon_new_customers_only'
  | 'coupon_item_not_in_cart';

/**
 * The first rule the coupon breaks here, or null. Order: existence (an inactive coupon does not exist for diners),
 * window, branch, order type, minimum, limits, new customers, the free item. The limits read here are advisory: the
 * write re-checks them with conditional updates (the counters can move between the read and the write).
 */
export function checkCoupon(coupon: CouponRule | null | undefined, context: CouponContext): CouponRefusal | null {
  if (!coupon?.isActive) return 'coupon_not_found';
  const now = context.now.getTime();
  if (coupon.startsAt && coupon.startsAt.getTime() > now) return 'coupon_not_yet_valid';
  if (coupon.endsAt && coupon.endsAt.getTime() <= now) return 'coupon_expired';
  if (coupon.branchIds && !coupon.branchIds.includes(context.branchId)) return 'coupon_other_branch';
  if (coupon.orderTypes && context.orderType !== null && !coupon.orderTypes.includes(context.orderType)) {
    return 'coupon_other_order_type';
  }
  if (context.subtotalHalalas < coupon.minimumOrderHalalas) return 'coupon_below_minimum';
  if (coupon.globalLimit !== null && coupon.usedCount >= coupon.globalLimit) return 'coupon_used_up';
  if (coupon.perCustomerLimit !== null || coupon.newCustomersOnly) {
    if (context.customerIsNewAtBranch === null) return 'coupon_needs_customer';
  }
  if (coupon.perCustomerLimit !== null && context.customerUses >= coupon.perCustomerLimit) {
    return 'coupon_customer_limit';
  }
  if (coupon.newCustomersOnly && context.customerIsNewAtBranch === false) return 'coupon_new_customers_only';
  if (coupon.kind === 'free_item' && context.orderType !== null && context.freeItemPriceHalalas == null) {
    return 'coupon_item_not_in_cart';
  }
  return null;
}

/**
 * The coupon as the shared pricing takes it. A free item is one unit of it at its menu price (without options): a
 * fixed amount, which priceCart caps at the subtotal like any coupon.
 */
export function couponPricing(coupon: CouponRule, freeItemPriceHalalas: number | null = null): CouponInput {
  if (coupon.kind === 'percent') {
    return { kind: 'percentage', basisPoints: coupon.percentBp ?? 0, maxHalalas: coupon.maxDiscountHalalas };
  }
  if (coupon.kind === 'fixed') return { kind: 'fixed', amountHalalas: coupon.amountHalalas ?? 0 };
  return { kind: 'fixed', amountHalalas: freeItemPriceHalalas ?? 0 };
}

/**
 * What a coupon takes off a walk-in sale at the counter (no lines: the sale's amount is what it applies to), with
 * the same rounding and caps as priceCart: percent rounded half up, capped by its maximum, never above the sale.
 */
export function couponDiscountOn(coupon: CouponRule, amountHalalas: number, freeItemPriceHalalas = 0): number {
  const input = couponPricing(coupon, freeItemPriceHalalas);
  let discount: number;
  if (input.kind === 'fixed') discount = input.amountHalalas;
  else {
    discount = Number((2n * BigInt(amountHalalas) * BigInt(input.basisPoints) + 10_000n) / 20_000n);
    if (input.maxHalalas != null) discount = Math.min(discount, input.maxHalalas);
  }
  return Math.max(0, Math.min(discount, amountHalalas));
}
