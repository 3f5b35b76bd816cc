import { type CheckoutOffers, inLockOrder } from './core/checkout-extras.rules.ts';
import { couponAtCheckout, couponExtra } from './modules/coupons/coupon-uses.service.ts';
import { kitchenHandOffExtra } from './modules/kitchen/kitchen-hand-off.service.ts';
import { checkoutPointsExtra, pointsAtCheckout } from './modules/loyalty/checkout-points.service.ts';
import { orderRewardExtra, rewardAtCheckout } from './modules/loyalty/order-rewards.service.ts';

/**
 * What the checkout offers besides the order (docs/adr/0320-checkout-extras-as-plug-ins.md), registered here, at the
 * composition root, so orders imports none of the modules that offer them: each module's check before pricing, and
 * each extra's write folded into the placement statement (its inputs, locks, guard and rows), in the house's lock
 * order (core/checkout-extras.rules LOCK_ORDER: customers' points, coupons, the branch's counter, rewards, the kitchen's outbox).
 * A gift card or a wallet is one more plug-in here.
 */
export function checkoutOffers(): CheckoutOffers {
  return {
    extras: inLockOrder([checkoutPointsExtra, couponExtra, orderRewardExtra, kitchenHandOffExtra]),
    reward: rewardAtCheckout,
    coupon: couponAtCheckout,
    points: pointsAtCheckout,
  };
}
