import type { StaffEvaluation } from '@sufra/shared/schemas/evaluation';
import type { StaffUser } from '@sufra/shared/schemas/staff';
import { type ReactNode, useState } from 'react';
import { Link } from 'wouter';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format-number';
import { formatStars } from '../../../lib/format-stars';
import { setQueryData } from '../../../lib/query-writes';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { getStaffBranches, type StaffBranch } from '../api/get-staff-branches';
import { staffLogout } from '../api/staff-logout';
import { updateStaffBranch } from '../api/update-staff-branch';
import { branchStateKey } from '../branch-state';
import { useLowRatings } from '../hooks/use-low-ratings';
import { OrderBoard } from './order-board';
import { SmsOutbox } from './sms-outbox';

/**
 * The staff app's sections, one tab each: the order board (`/staff`), redemption (`/staff/redeem`) and, for managers
 * and owners, loyalty management (`/staff/loyalty`), the service switches (`/staff/services`), evaluations (`/staff/evaluations`) punch card programmes
 * (`/staff/punch-cards`) and coupons (`/staff/coupons`).
 */
export type StaffSection =
  | 'board'
  | 'redeem'
  | 'loyalty'
  | 'services'
  | 'evaluations'
  | 'punchCards'
  | 'coupons'
  | 'sessions';

/**
 * The signed-in staff app: who and where, the sections' tabs, then the board section (the board, the branches in
 * scope, the outbox for managers) or another section's content (`children`, rendered by the router).
 */
export function StaffShell({
  user,
  section,
  children,
}: {
  user: StaffUser;
  section: StaffSection;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [signingOut, setSigningOut] = useState(false);
  const manages = user.role === 'owner' || user.role === 'manager';
  const lowRatings = useLowRatings(manages);

  return (
    <div className="page staff-shell" data-testid="staff-shell">
      <div className="staff-shell__who">
        <div>
          <h1 data-testid="staff-name">{user.name}</h1>
          <p>
            <span className="badge badge--required" data-testid="staff-role">
              {t(`staff.roles.${user.role}`)}
            </span>{' '}
            <span data-testid="staff-brand">{user.brand.name[language]}</span>
          </p>
        </div>
        <button
          type="button"
          className="btn btn-secondary"
          data-testid="staff-sign-out"
          disabled={signingOut}
          onClick={() => {
            setSigningOut(true);
            // Signed out in every tab whether or not the call gets through (staffLogout).
            staffLogout(language).catch(() => setSigningOut(false));
          }}
        >
          {t('staff.signOut')}
        </button>
      </div>
      <StaffTabs section={section} manages={manages} unansweredLow={lowRatings.unanswered} />
      {section === 'board' ? (
        <>
          <LowRatingAlert evaluation={lowRatings.latest} onDismiss={lowRatings.dismiss} />
          <OrderBoard user={user} />
          <Branches canSwitch={manages} />
          {manages && <SmsOutbox timeZone={user.branches[0]?.timeZone ?? 'Asia/Riyadh'} />}
        </>
      ) : (
        children
      )}
    </div>
  );
}

/**
 * A low rating that arrived while the board was open (issue 24 item 13): the people on the board see it there, with
 * the way to the evaluation. Announced assertively; stays until dismissed or the page changes.
 */
function LowRatingAlert({ evaluation: e, onDismiss }: { evaluation: StaffEvaluation | null; onDismiss: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const text =
    e &&
    (() => {
      const branch = e.branch.name[language];
      const stars = e.averageRatingHundredths === null ? '' : formatStars(e.averageRatingHundredths, language);
      return e.orderNumber === null
        ? t('staff.evaluations.lowAlertVisit', { branch, stars })
        : t('staff.evaluations.lowAlert', { branch, stars, number: formatNumber(e.orderNumber, language) });
    })();
  return (
    <div role="alert" aria-live="assertive">
      {e && (
        <div className="banner banner--error board-low-rating" data-testid="board-low-rating">
          <span>{text}</span>
          <span className="board-low-rating__actions">
            <Link to={paths.staffEvaluations.build()} className="btn btn-secondary">
              {t('staff.evaluations.open')}
            </Link>
            <button type="button" className="btn btn-ghost" onClick={onDismiss}>
              {t('staff.evaluations.dismiss')}
            </button>
          </span>
        </div>
      )}
    </div>
  );
}

/** Links that look like tabs: each section has its own address, so a reload or a bookmark opens it. */
function StaffTabs({
  section,
  manages,
  unansweredLow,
}: {
  section: StaffSection;
  manages: boolean;
  /** Low ratings waiting for an answer (the Evaluations tab's count); null before the first read. */
  unansweredLow: number | null;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const tabs = [
    { key: 'board', href: paths.staff.build(), label: t('staff.board.title') },
    { key: 'redeem', href: paths.staffRedeem.build(), label: t('staff.redeem.tab') },
    ...(manages ? [{ key: 'loyalty', href: paths.staffLoyalty.build(), label: t('staff.loyalty.tab') }] : []),
    ...(manages ? [{ key: 'services', href: paths.staffServices.build(), label: t('staff.services.tab') }] : []),
    // A diner's answers and photos are for managers (the API says so too).
    ...(manages
      ? [{ key: 'evaluations', href: paths.staffEvaluations.build(), label: t('staff.evaluations.tab') }]
      : []),
    ...(manages ? [{ key: 'punchCards', href: paths.staffPunchCards.build(), label: t('staff.punch.tab') }] : []),
    ...(manages ? [{ key: 'coupons', href: paths.staffCoupons.build(), label: t('staff.coupon.manage.title') }] : []),
    // Every role's own sessions (a cashier's too: they have no console).
    { key: 'sessions', href: paths.staffSessions.build(), label: t('staffSessions.tab') },
  ] as const;
  return (
    <nav className="staff-tabs" aria-label={t('staff.sections')} data-testid="staff-tabs">
      {tabs.map((tab) => (
        <Link
          key={tab.key}
          to={tab.href}
          className="staff-tabs__tab"
          aria-current={tab.key === section ? 'page' : undefined}
          data-testid={`staff-tab-${tab.key}`}
        >
          {tab.label}
          {tab.key === 'evaluations' && unansweredLow !== null && unansweredLow > 0 && (
            <>
              <span className="staff-tabs__count" aria-hidden="true" data-testid="evaluations-tab-count">
                {formatNumber(unansweredLow, language)}
              </span>
              <span className="visually-hidden">
                {` (${t('staff.evaluations.unansweredCount', { count: unansweredLow, number: formatNumber(unansweredLow, language) })})`}
              </span>
            </>
          )}
        </Link>
      ))}
    </nav>
  );
}

function Branches({ canSwitch }: { canSwitch: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const key = ['staff', 'branches', language];
  const query = useApiQuery(key, () => getStaffBranches(language), { staleMs: 0 });
  const branches = query.data ?? null;
  const error = query.error && !query.loading ? errorText(query.error, language) : null;
  const load = query.refetch;
  // The branch's manual open switch is written into the switch history (the Services tab's list).
  const change = useApiMutation((branch: StaffBranch) => updateStaffBranch(branch.id, !branch.isOpen, language), {
    invalidates: [['staff', 'switch-history']],
  });
  const saving = change.busy ? (change.variables?.id ?? null) : null;
  const switchError = change.error ? errorText(change.error, language) : null;

  const toggle = async (branch: StaffBranch) => {
    try {
      const updated = await change.mutate(branch);
      setQueryData<StaffBranch[] | undefined>(key, (list) =>
        (list ?? []).map((item) => (item.id === updated.id ? updated : item)),
      );
    } catch {
      // `switchError` says why
    }
  };

  return (
    <section className="section" aria-labelledby="branches-heading" data-testid="staff-branches">
      <h2 id="branches-heading">{t('staff.branches')}</h2>
      {error && (
        <div className="banner banner--error" role="alert">
          <span>{error}</span>
          <button type="button" className="btn btn-small" onClick={load}>
            {t('app.retry')}
          </button>
        </div>
      )}
      {!branches && !error && (
        <div role="status">
          <span className="visually-hidden">{t('app.loading')}</span>
          <div className="skeleton skeleton--line" />
        </div>
      )}
      {branches && branches.length === 0 && <p>{t('staff.noBranches')}</p>}
      {branches && branches.length > 0 && (
        <ul className="staff-branches">
          {branches.map((branch) => (
            <li key={branch.id} className="card staff-branch" data-testid="staff-branch">
              <span className="staff-branch__name">{branch.name[language]}</span>
              <span className={`pill pill--${branch.status}`} data-testid="branch-status">
                {t(branchStateKey(branch))}
              </span>
              {canSwitch && (
                <label className="switch">
                  <input
                    type="checkbox"
                    role="switch"
                    aria-checked={branch.isOpen}
                    checked={branch.isOpen}
                    disabled={saving === branch.id}
                    onChange={() => void toggle(branch)}
                    data-testid="branch-switch"
                  />
                  <span>{t('staff.acceptsOrders')}</span>
                  {/* Each switch is named by its branch, not four alike (issue 24 item 14). */}
                  <span className="visually-hidden">{` (${branch.name[language]})`}</span>
                </label>
              )}
            </li>
          ))}
        </ul>
      )}
      {switchError && (
        <p className="form-alert" role="alert">
          {switchError}
        </p>
      )}
    </section>
  );
}
