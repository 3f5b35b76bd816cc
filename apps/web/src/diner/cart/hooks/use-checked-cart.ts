import type { MenuResponse } from '@sufra/shared/schemas/menu';
import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { priceCheckedCart } from '../../../lib/cart-pricing';
import { rewardPricingOf } from '../../../lib/cart-reward';
import { couponLineItems, couponPricingOf } from '../../../lib/coupons';
import { menuQueryKey, useMenu } from '../../../lib/get-menu';
import { checkCart } from '../../../lib/line-check';
import { peekQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { repriceLines } from '../../../stores/cart-slice';
import { enterEstablishment } from '../../../stores/establishment-slice';
import { useAppDispatch, useAppSelector } from '../../../stores/root-state';
import { shownLines } from '../shown-lines';

/**
 * The cart checked against the branch's current menu (a stale cart is repriced, and what can no longer be ordered is
 * flagged) and priced with the shared pricing function, the chosen coupon included.
 */
export function useCheckedCart(uuid: string) {
  const language = useLanguage();
  const dispatch = useAppDispatch();
  const [, navigate] = useLocation();
  const products = useAppSelector((s) => s.cart.products);
  const combos = useAppSelector((s) => s.cart.combos);

  // The layout enters the establishment (which loads its saved cart) in an effect, and a child's effects run first:
  // entering here, before the first paint, keeps an "empty cart" from flashing.
  const [entered, setEntered] = useState<string | null>(null);
  useLayoutEffect(() => {
    dispatch(enterEstablishment(uuid));
    setEntered(uuid);
  }, [uuid, dispatch]);

  const menu = useMenu(uuid, language);
  const deactivated = menu.error instanceof ApiError && menu.error.code === 'service_deactivated';
  useEffect(() => {
    if (deactivated) navigate(paths.deactivated.build(uuid), { replace: true });
  }, [deactivated, navigate, uuid]);
  // Prices do not depend on the language: while the other language's menu loads, the one in hand keeps the totals up.
  const menuData =
    menu.data ?? peekQuery<MenuResponse>(menuQueryKey(uuid, language === 'ar' ? 'en' : 'ar')) ?? undefined;

  const check = useMemo(
    () => (menuData && entered === uuid ? checkCart({ products, combos }, menuData) : null),
    [products, combos, menuData, entered, uuid],
  );
  const coupon = useAppSelector((s) => s.cart.coupon);
  const reward = useAppSelector((s) => s.cart.reward);
  // The chosen coupon priced in (coupon-field re-checks it as the cart changes, and removes it with the reason).
  const totals = useMemo(
    () =>
      check && menuData
        ? priceCheckedCart(check, menuData, {
            coupon: couponPricingOf(coupon, couponLineItems(check)),
            ...rewardPricingOf(reward, menuData),
          })
        : null,
    [check, menuData, coupon, reward],
  );

  // Told once: the refreshed prices are written back, so the next check finds nothing to change.
  const [pricesUpdated, setPricesUpdated] = useState(false);
  useEffect(() => {
    if (!check?.changed) return;
    if (check.pricesChanged) setPricesUpdated(true);
    dispatch(repriceLines({ products: check.products.map((c) => c.line), combos: check.combos.map((c) => c.line) }));
  }, [check, dispatch]);

  const lines = check ? shownLines(check) : [];
  return { menu, menuData, check, totals, pricesUpdated, lines };
}
