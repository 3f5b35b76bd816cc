import type { StaffUser } from '@sufra/shared/schemas/staff';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { onAuthEvent } from '../../../lib/auth-channel';
import { markStaffSignedOut, staffMaybeSignedIn } from '../../../lib/staff-request';
import { useLanguage } from '../../../lib/use-language';
import { getConsoleMe } from '../api/get-console-me';

export type StaffSession = { status: 'unknown' } | { status: 'signedOut' } | { status: 'signedIn'; user: StaffUser };

/**
 * The staff app's session as the console sees it: the same cookies and the same sign-in/sign-out events across
 * tabs (lib/auth-channel.ts), checked once on opening, as the staff app's route does.
 */
export function useStaffSession() {
  const language = useLanguage();
  const [session, setSession] = useState<StaffSession>({ status: 'unknown' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: checked once; the language is read when it runs
  useEffect(() => {
    let active = true;
    const check = () => {
      if (!staffMaybeSignedIn()) {
        setSession({ status: 'signedOut' });
        return;
      }
      getConsoleMe(language).then(
        (user) => active && setSession({ status: 'signedIn', user }),
        (error: unknown) => {
          if (!active) return;
          if (error instanceof ApiError && error.status === 401) markStaffSignedOut();
          else setSession({ status: 'signedOut' });
        },
      );
    };
    check();
    const stop = onAuthEvent((event, fromOtherTab) => {
      if (event.scope !== 'staff') return;
      if (event.type === 'signedOut') setSession({ status: 'signedOut' });
      else if (fromOtherTab) check();
    });
    return () => {
      active = false;
      stop();
    };
  }, []);

  return { session, signedIn: (user: StaffUser) => setSession({ status: 'signedIn', user }) };
}
