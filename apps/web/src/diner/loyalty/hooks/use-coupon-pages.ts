import { useLayoutEffect, useMemo } from 'react';
import { priceCheckedCart } from '../../../lib/cart-pricing';
import { rewardPricingOf } from '../../../lib/cart-reward';
import { couponLineItems, couponPricingOf, useCouponHistoryQuery, useMyCouponsQuery } from '../../../lib/coupons';
import { useMenu } from '../../../lib/get-menu';
import { checkCart } from '../../../lib/line-check';
import { useLanguage } from '../../../lib/use-language';
import { enterEstablishment } from '../../../stores/establishment-slice';
import { useAppDispatch, useAppSelector } from '../../../stores/root-state';
import { useDinerKey } from '../../../stores/use-diner-key';

/** The cart as the checkout will price it, with the chosen coupon, for the coupons page's totals. */
export function useCouponCart(uuid: string) {
  const language = useLanguage();
  const dispatch = useAppDispatch();
  useLayoutEffect(() => {
    dispatch(enterEstablishment(uuid));
  }, [uuid, dispatch]);
  const cart = useAppSelector((s) => s.cart);
  const menu = useMenu(uuid, language);
  const check = useMemo(() => (menu.data ? checkCart(cart, menu.data) : null), [menu.data, cart]);
  const preview = useMemo(
    () =>
      check && menu.data
        ? priceCheckedCart(check, menu.data, {
            coupon: couponPricingOf(cart.coupon, couponLineItems(check)),
            ...rewardPricingOf(cart.reward, menu.data),
          })
        : null,
    [check, menu.data, cart.coupon, cart.reward],
  );
  const empty = cart.products.length === 0 && cart.combos.length === 0;

  return { cart, menu, check, preview, empty };
}

/** The diner's own coupons, or (`history`) the used and expired ones, loaded once signed in. */
export function useMyCoupons(uuid: string, history: boolean, signedIn: boolean) {
  const language = useLanguage();
  const diner = useDinerKey(uuid);
  const mine = useMyCouponsQuery(diner, uuid, language, signedIn && !history);
  const past = useCouponHistoryQuery(diner, uuid, language, signedIn && history);
  const shown = history ? past : mine;
  return {
    mine: mine.data?.coupons ?? null,
    entries: past.data?.entries ?? null,
    error: shown.error ?? null,
    load: shown.refetch,
  };
}
