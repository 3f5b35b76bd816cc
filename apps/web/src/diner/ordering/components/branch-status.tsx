import type { Branch } from '@sufra/shared/schemas/branch';
import { useMemo } from 'react';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { nextOpening } from '../order-draft';

/** Open or closed (the server's status), and for a closed branch why and when it opens, in its own time zone. */
export function BranchStatus({ branch, id }: { branch: Branch; id: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  // A branch paused by hand opens when staff say so, not by its hours: no "opens at" for it.
  const paused = branch.closedBy === 'staff';
  const opens = useMemo(
    () =>
      branch.status === 'open' || branch.closedBy === 'staff'
        ? null
        : nextOpening(branch.openingHours, branch.timeZone, new Date()),
    [branch],
  );
  if (branch.status === 'open') {
    return (
      <span id={id} className="pill pill--open">
        {t('ordering.open')}
      </span>
    );
  }
  const when =
    opens &&
    new Intl.DateTimeFormat(language === 'ar' ? 'ar-SA' : 'en-SA', {
      timeZone: branch.timeZone,
      weekday: 'long',
      hour: 'numeric',
      minute: '2-digit',
    }).format(opens);
  return (
    <span id={id} className="branch-status" data-testid="branch-closed">
      <span className="pill pill--closed">{t('ordering.closed')}</span>{' '}
      <span>
        {paused
          ? t('ordering.dineInBlocked.branch_paused')
          : when
            ? t('ordering.closedUntil', { when })
            : t('ordering.closedNoHours')}
      </span>
    </span>
  );
}
