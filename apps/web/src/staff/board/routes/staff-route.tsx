import type { StaffUser } from '@sufra/shared/schemas/staff';
import type { ReactNode } from 'react';
import { PageFallback } from '../../../components/ui/page-fallback';
import { useStaffSession } from '../../../lib/use-staff-session';
import { useTranslation } from '../../../lib/use-translation';
import { type StaffSection, StaffShell } from '../components/staff-shell';
import { StaffSignIn } from '../components/staff-sign-in';
import '../../../components/ui/form.css';
import './staff.css';

interface Props {
  /** The section shown (the board by default); a section of another feature comes rendered by the router. */
  section?: StaffSection;
  renderSection?: (user: StaffUser) => ReactNode;
}

/** `/staff` (and `/staff/redeem`): email + password sign-in, then the signed-in shell. The session survives reloads (cookies). */
export default function StaffRoute({ section = 'board', renderSection }: Props) {
  const { t } = useTranslation();
  const { session, signedIn } = useStaffSession();

  const title = session.status === 'signedIn' ? t('staff.title') : t('staff.signInTitle');
  return (
    <>
      <title>{`${title} | ${t('app.name')}`}</title>
      {session.status === 'unknown' && <PageFallback />}
      {session.status === 'signedOut' && <StaffSignIn onSignedIn={signedIn} />}
      {session.status === 'signedIn' && (
        <StaffShell user={session.user} section={section}>
          {renderSection?.(session.user)}
        </StaffShell>
      )}
    </>
  );
}
