import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useAppSelector } from '../../../stores/root-state';

type LoyaltyService = 'loyalty' | 'points_shop' | 'prize_shop' | 'coupons';

/**
 * The loyalty pages' common ground: the QR's data for this uuid (branch time zone, service switches) and the move to
 * /deactivated/{uuid} when loyalty (or this page's shop) is switched off, known from the QR's data or from an API
 * answer of 403 service_deactivated, as the menu and cart pages do.
 */
export function useLoyaltyPage(uuid: string, services: readonly LoyaltyService[], errors: readonly unknown[]) {
  const [, navigate] = useLocation();
  const establishment = useAppSelector((s) => s.establishment.establishment);
  const current = establishment?.uuid === uuid ? establishment : null;
  const off = current === null ? undefined : services.find((service) => current.services[service] === false);
  const refusal = errors.find((e): e is ApiError => e instanceof ApiError && e.code === 'service_deactivated');
  const deactivated = off !== undefined || refusal !== undefined;
  // The page checks the switch it is sent for (the service named by the refusal, else this page's first).
  const service = off ?? (typeof refusal?.details?.service === 'string' ? refusal.details.service : services[0]);
  useEffect(() => {
    if (deactivated) navigate(paths.deactivated.build(uuid, service), { replace: true });
  }, [deactivated, navigate, uuid, service]);
  return { timeZone: current?.branch.timeZone, deactivated };
}

/** Signed-in pages: a signed-out diner goes to sign-in and comes back to `next`. Returns the session status. */
export function useSignedInOrSignIn(uuid: string, next: string) {
  const status = useAppSelector((s) => s.auth.status);
  const [, navigate] = useLocation();
  useEffect(() => {
    if (status === 'signedOut') navigate(paths.register.build(uuid, { mode: 'signin', next }), { replace: true });
  }, [status, uuid, next, navigate]);
  return status;
}
