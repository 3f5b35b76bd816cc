import type { Language } from '@sufra/shared/language';
import { type CouponRule, checkCoupon, couponPricing } from '@sufra/shared/loyalty/coupons';
import type { CouponInput } from '@sufra/shared/pricing/price-cart';
import type {
  Coupon,
  CouponCheckBody,
  CouponCheckResponse,
  CouponHistoryResponse,
  MyCouponsResponse,
} from '@sufra/shared/schemas/coupons';
import { customerRequest, enc } from './customer-request';
import type { CartCheck } from './line-check';
import { type QueryKey, useApiQuery } from './use-api-query';

/** The coupon the cart keeps (stores/cart-slice holds it; its shape lives here, with the logic that reads it). */
export interface CartCoupon {
  code: string;
  discountHalalas?: number;
  /** The coupon as the server's check answered it (issue 16): the cart prices it and re-checks it as it changes. */
  coupon?: Coupon;
}

/**
 * Coupons in the diner's app (issue 16): the calls, and the chosen coupon as the cart keeps it. Here in lib because
 * the checkout (ordering) and the coupons pages (loyalty) both need them.
 */

/** `POST /api/coupons/{uuid}/check/`: the server prices the cart with the coupon, or refuses with the message. */
export function checkCouponOnCart(uuid: string, body: CouponCheckBody, language: Language) {
  return customerRequest<CouponCheckResponse>(uuid, `/coupons/${enc(uuid)}/check/`, {
    language,
    method: 'POST',
    body,
  });
}

/** `GET /api/coupons/{uuid}/me/`: the brand's coupons the diner may use now. */
export function getMyCoupons(uuid: string, language: Language) {
  return customerRequest<MyCouponsResponse>(uuid, `/coupons/${enc(uuid)}/me/`, { language });
}

/** `GET /api/coupons/{uuid}/me/history/`: used and expired coupons, with their orders. */
export function getCouponHistory(uuid: string, language: Language) {
  return customerRequest<CouponHistoryResponse>(uuid, `/coupons/${enc(uuid)}/me/history/`, { language });
}

/** The diner's coupons under their key (stores/use-diner-key.ts; null: not signed in), asked again on each visit. */
export function useMyCouponsQuery(diner: QueryKey | null, uuid: string, language: Language, enabled: boolean) {
  return useApiQuery(enabled && diner ? [...diner, 'coupons', language] : null, () => getMyCoupons(uuid, language), {
    staleMs: 0,
  });
}

/** The diner's used and expired coupons, like useMyCouponsQuery. */
export function useCouponHistoryQuery(diner: QueryKey | null, uuid: string, language: Language, enabled: boolean) {
  return useApiQuery(
    enabled && diner ? [...diner, 'coupon-history', language] : null,
    () => getCouponHistory(uuid, language),
    { staleMs: 0 },
  );
}

function ruleOf(coupon: Coupon): CouponRule {
  return {
    kind: coupon.kind,
    percentBp: coupon.percentBasisPoints,
    maxDiscountHalalas: coupon.maxDiscountHalalas,
    amountHalalas: coupon.amountHalalas,
    itemId: coupon.itemId,
    minimumOrderHalalas: coupon.minimumOrderHalalas,
    startsAt: coupon.startsAt ? new Date(coupon.startsAt) : null,
    endsAt: coupon.endsAt ? new Date(coupon.endsAt) : null,
    // The limits are the server's to count: the cart only re-checks what the cart itself changes.
    globalLimit: null,
    perCustomerLimit: null,
    usedCount: 0,
    branchIds: coupon.branchIds,
    orderTypes: coupon.orderTypes,
    newCustomersOnly: false,
    isActive: true,
  };
}

export interface CartLineItem {
  itemId: number;
  unitPriceHalalas: number;
}

/** The chosen coupon as the shared pricing takes it (null: none, or it does not apply to these lines). */
export function couponPricingOf(chosen: CartCoupon | null, lines: readonly CartLineItem[]): CouponInput | null {
  const coupon = chosen?.coupon;
  if (!coupon) return null;
  const free = coupon.kind === 'free_item' ? lines.find((l) => l.itemId === coupon.itemId) : undefined;
  if (coupon.kind === 'free_item' && !free) return null;
  return couponPricing(ruleOf(coupon), free?.unitPriceHalalas ?? null);
}

/**
 * Why the chosen coupon no longer applies to the cart as it is now (the subtotal fell below its minimum, its window
 * ended, the order type or branch changed, its free item left the cart), or null while it still does.
 */
export function couponStopsApplying(
  chosen: CartCoupon | null,
  cart: {
    subtotalHalalas: number;
    orderType: number | null;
    branchId: number | null;
    lines: readonly CartLineItem[];
    now: Date;
  },
) {
  const coupon = chosen?.coupon;
  if (!coupon) return null;
  const rule = ruleOf(coupon);
  return checkCoupon(rule, {
    now: cart.now,
    branchId: cart.branchId ?? rule.branchIds?.[0] ?? 0,
    orderType: cart.orderType,
    subtotalHalalas: cart.subtotalHalalas,
    customerUses: 0,
    customerIsNewAtBranch: true,
    freeItemPriceHalalas: cart.lines.find((l) => l.itemId === coupon.itemId)?.unitPriceHalalas ?? null,
  });
}

/** The orderable lines' items and unit prices (a free item's discount is one unit of it). */
export function couponLineItems(check: Pick<CartCheck, 'products' | 'combos'> | null): CartLineItem[] {
  if (!check) return [];
  return [
    ...check.products
      .filter((c) => !c.problem)
      .map((c) => ({ itemId: c.line.itemId, unitPriceHalalas: c.line.unitPriceHalalas })),
    ...check.combos
      .filter((c) => !c.problem)
      .map((c) => ({ itemId: c.line.comboId, unitPriceHalalas: c.line.unitPriceHalalas })),
  ];
}
