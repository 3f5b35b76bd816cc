import { useEffect } from 'react';
import { ApiError } from '../../../lib/api-client';
import { onAuthEvent } from '../../../lib/auth-channel';
import { markSignedOut, maybeSignedIn, rememberBrand } from '../../../lib/session-hint';
import { useLanguage } from '../../../lib/use-language';
import { login, logout } from '../../../stores/auth-slice';
import { useAppDispatch } from '../../../stores/root-state';

/**
 * The session bootstrap every establishment page runs (kept tiny: it is in the entry chunk). Once the QR's brand is
 * known it asks `GET me` (refreshing on 401) when this browser may be signed in to that brand, and it follows the
 * other tabs: a sign-out anywhere clears the user data here, a sign-in elsewhere loads the customer here.
 */
export function useCustomerSession(uuid: string | undefined, brandId: number | undefined) {
  const dispatch = useAppDispatch();
  const language = useLanguage();

  // Language is read when the check runs; switching language does not check again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the establishment on purpose
  useEffect(() => {
    if (!uuid || brandId === undefined) return;
    rememberBrand(uuid, brandId);
    let active = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let wait = 1_000;
    const check = () => {
      if (!maybeSignedIn(brandId)) {
        dispatch(logout());
        return;
      }
      // The call (with its refresh machinery) loads only for a browser that may be signed in: not in the entry.
      import('../api/get-me')
        .then(({ getMe }) => getMe(uuid, language))
        .then(
          (customer) => {
            if (active) dispatch(login({ userData: customer }));
          },
          (error: unknown) => {
            if (!active || !(error instanceof ApiError)) return;
            // No answer (offline, timed out): ask again, less and less often, rather than leave the header blank and
            // the pages that need the session waiting for good.
            if (error.status === 0) {
              retry = setTimeout(check, wait);
              wait = Math.min(wait * 2, 30_000);
            }
            // A 401 has already ended the session (customerRequest); other 4xx: no customer of this brand here.
            if (error.status === 401) markSignedOut(brandId);
            else if (error.status >= 400 && error.status < 500) dispatch(logout());
          },
        );
    };
    check();
    const stop = onAuthEvent((event, fromOtherTab) => {
      if (event.scope !== 'customer' || event.brandId !== brandId) return;
      if (event.type === 'signedOut') dispatch(logout());
      else if (fromOtherTab) check();
    });
    return () => {
      active = false;
      clearTimeout(retry);
      stop();
    };
  }, [uuid, brandId, dispatch]);
}
