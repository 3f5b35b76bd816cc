import type { StaffUser } from '@sufra/shared/schemas/staff';
import { type ReactNode, useEffect, useState } from 'react';
import { PageFallback } from '../../../components/ui/page-fallback';
import { ApiError } from '../../../lib/api-client';
import { onAuthEvent } from '../../../lib/auth-channel';
import { markStaffSignedOut, staffMaybeSignedIn } from '../../../lib/staff-request';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { getStaffMe } from '../api/get-staff-me';
import { type StaffSection, StaffShell } from '../components/staff-shell';
import { StaffSignIn } from '../components/staff-sign-in';
import '../../../components/ui/form.css';
import './staff.css';

type Session = { status: 'unknown' } | { status: 'signedOut' } | { status: 'signedIn'; user: StaffUser };

interface Props {
  /** The section shown (the board by default); a section of another feature comes rendered by the router. */
  section?: StaffSection;
  renderSection?: (user: StaffUser) => ReactNode;
}

/** `/staff` (and `/staff/redeem`): email + password sign-in, then the signed-in shell. The session survives reloads (cookies). */
export default function StaffRoute({ section = 'board', renderSection }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [session, setSession] = useState<Session>({ status: 'unknown' });

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

  const title = session.status === 'signedIn' ? t('staff.title') : t('staff.signInTitle');
  return (
    <>
      <title>{`${title} | ${t('app.name')}`}</title>
      {session.status === 'unknown' && <PageFallback />}
      {session.status === 'signedOut' && (
        <StaffSignIn onSignedIn={(user) => setSession({ status: 'signedIn', user })} />
      )}
      {session.status === 'signedIn' && (
        <StaffShell user={session.user} section={section}>
          {renderSection?.(session.user)}
        </StaffShell>
      )}
    </>
  );
}
