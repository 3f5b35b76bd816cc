import { useEffect } from 'react';
import { ApiError } from '../../../lib/api-client';
import { onAuthEvent } from '../../../lib/auth-channel';
import { useLanguage } from '../../../lib/use-language';
import { login, logout } from '../../../stores/auth-slice';
import { useAppDispatch } from '../../../stores/root-state';
import { markSignedOut, maybeSignedIn } from '../api/customer-request';
import { getMe } from '../api/get-me';

/**
 * The session bootstrap every establishment page runs (kept tiny: it is in the entry chunk). With a uuid it asks
 * `GET me` (refreshing once on 401), and it follows the other tabs: a sign-out anywhere clears the user data here,
 * a sign-in elsewhere loads the customer here.
 */
export function useCustomerSession(uuid: string | undefined) {
  const dispatch = useAppDispatch();
  const language = useLanguage();

  // Language is read when the check runs; switching language does not check again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the establishment on purpose
  useEffect(() => {
    if (!uuid) return;
    let active = true;
    const check = () => {
      if (!maybeSignedIn()) {
        dispatch(logout());
        return;
      }
      getMe(uuid, language).then(
        (customer) => {
          if (active) dispatch(login({ userData: customer }));
        },
        (error: unknown) => {
          if (!active || !(error instanceof ApiError)) return;
          // 401 already ended the session (customerRequest); 403/404: no customer of this brand here.
          if (error.status === 401) markSignedOut();
          else if (error.status >= 400 && error.status < 500) dispatch(logout());
        },
      );
    };
    check();
    const stop = onAuthEvent((event, fromOtherTab) => {
      if (event.scope !== 'customer') return;
      if (event.type === 'signedOut') dispatch(logout());
      else if (fromOtherTab) check();
    });
    return () => {
      active = false;
      stop();
    };
  }, [uuid, dispatch]);
}
