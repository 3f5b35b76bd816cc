import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../../config/paths';
import { showToast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { enterEstablishment } from '../../../stores/establishment-slice';
import { useAppDispatch, useAppSelector } from '../../../stores/root-state';

/**
 * The cart of this establishment, loaded before the first paint (the layout enters the establishment in an effect,
 * and a child's effects run first), for the pages after the cart. An empty cart sends the diner back to it, told why;
 * `hold` stops that once an order has been placed (the cart is emptied on purpose then).
 */
export function useOrderingCart(uuid: string, hold = false) {
  const dispatch = useAppDispatch();
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [entered, setEntered] = useState<string | null>(null);
  useLayoutEffect(() => {
    dispatch(enterEstablishment(uuid));
    setEntered(uuid);
  }, [uuid, dispatch]);
  const cart = useAppSelector((s) => s.cart);
  const ready = entered === uuid;
  const empty = cart.products.length === 0 && cart.combos.length === 0;
  const held = useRef(hold);
  held.current = hold;
  useEffect(() => {
    if (!ready || !empty || held.current) return;
    void showToast(t('ordering.emptyCart'), 'info');
    navigate(paths.cart.build(uuid), { replace: true });
  }, [ready, empty, navigate, uuid, t]);
  return { ready: ready && !empty, cart };
}

/** Signed-in pages: a signed-out diner goes to sign-in and comes back to `next`. Returns the session status. */
export function useSignedIn(uuid: string, next: string) {
  const status = useAppSelector((s) => s.auth.status);
  const [, navigate] = useLocation();
  useEffect(() => {
    if (status === 'signedOut') navigate(paths.register.build(uuid, { mode: 'signin', next }), { replace: true });
  }, [status, uuid, next, navigate]);
  return status;
}
