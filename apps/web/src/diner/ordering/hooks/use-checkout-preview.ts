import type { Language } from '@sufra/shared/language';
import { ORDER_TYPES } from '@sufra/shared/order-types';
import { useMemo } from 'react';
import { priceCheckedCart } from '../../../lib/cart-pricing';
import { rewardPricingOf } from '../../../lib/cart-reward';
import { couponLineItems, couponPricingOf } from '../../../lib/coupons';
import { useMenu } from '../../../lib/get-menu';
import { checkCart } from '../../../lib/line-check';
import type { CartState } from '../../../stores/cart-slice';

/**
 * The checkout's figures: the cart checked against the branch's current menu (stale when a price changed or a line
 * can no longer be ordered), priced with the shared pricing function and the zone's fee for delivery, and whether
 * the subtotal after discounts (the coupon's and the points') is under the zone's minimum (the server's rule: told here rather than refused there).
 */
export function useCheckoutPreview(
  uuid: string,
  language: Language,
  cart: CartState,
  ready: boolean,
  integrated: boolean,
  /** What the points chosen at checkout take off (0: none). */
  pointsHalalas: number,
) {
  const menu = useMenu(uuid, language);
  const check = useMemo(() => (menu.data && ready ? checkCart(cart, menu.data) : null), [menu.data, ready, cart]);
  const staleLocally =
    check !== null && (check.pricesChanged || [...check.products, ...check.combos].some((c) => c.problem !== null));
  const delivery = cart.orderType === ORDER_TYPES.delivery;
  const deliveryFee = delivery ? (cart.deliveryZone?.feeHalalas ?? 0) : 0;
  const preview = useMemo(
    () =>
      check && menu.data && !staleLocally
        ? priceCheckedCart(check, menu.data, {
            integrated,
            deliveryFeeHalalas: deliveryFee,
            pointsHalalas,
            coupon: couponPricingOf(cart.coupon, couponLineItems(check)),
            ...rewardPricingOf(cart.reward, menu.data),
          })
        : null,
    [check, menu.data, staleLocally, integrated, deliveryFee, pointsHalalas, cart.coupon, cart.reward],
  );
  const minimum = delivery ? (cart.deliveryZone?.minimumOrderHalalas ?? 0) : 0;
  const belowMinimum = preview !== null && preview.pricing.subtotal - preview.pricing.totalDiscount < minimum;
  return { menu, check, staleLocally, preview, minimum, belowMinimum };
}
