import type { Language } from '@sufra/shared/language';
import type { StaffUser } from '@sufra/shared/schemas/staff';
import { useEffect, useState } from 'react';
import { ApiError } from './api-client';
import { onAuthEvent } from './auth-channel';
import { getStaffMe, markStaffSignedOut, staffMaybeSignedIn } from './staff-request';
import { useLanguage } from './use-language';

export type StaffSession = { status: 'unknown' } | { status: 'signedOut' } | { status: 'signedIn'; user: StaffUser };

/**
 * The staff session, for the staff app and the console alike: the same cookies and the same sign-in/sign-out events
 * across tabs (lib/auth-channel.ts), checked once on opening; `signedIn` takes the user the sign-in form answered.
 * `checkStaffSession` is that check on its own, for an entry that checks before its first render.
 */
export function useStaffSession(initial?: StaffSession) {
  const language = useLanguage();
  // `initial`: already checked before the first render (the console's entry, app/console-boot.tsx): not asked again.
  const [session, setSession] = useState<StaffSession>(initial ?? { status: 'unknown' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: checked once; the language is read when it runs
  useEffect(() => {
    let active = true;
    const check = () => {
      if (!staffMaybeSignedIn()) {
        setSession({ status: 'signedOut' });
        return;
      }
      getStaffMe(language).then(
        (user) => active && setSession({ status: 'signedIn', user }),
        (error: unknown) => {
          if (!active) return;
          if (error instanceof ApiError && error.status === 401) markStaffSignedOut();
          else setSession({ status: 'signedOut' });
        },
      );
    };
    if (!initial || initial.status === 'unknown') check();
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

/** The opening check of useStaffSession, as a promise: signed in (the person), or signed out (a 401 ends the hint). */
export function checkStaffSession(language: Language): Promise<StaffSession> {
  if (!staffMaybeSignedIn()) return Promise.resolve({ status: 'signedOut' });
  return getStaffMe(language).then(
    (user): StaffSession => ({ status: 'signedIn', user }),
    (error: unknown): StaffSession => {
      if (error instanceof ApiError && error.status === 401) markStaffSignedOut();
      return { status: 'signedOut' };
    },
  );
}
