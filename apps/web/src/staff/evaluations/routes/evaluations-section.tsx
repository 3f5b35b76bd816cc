import type { StaffEvaluation, StaffEvaluations } from '@sufra/shared/schemas/evaluation';
import type { StaffUser } from '@sufra/shared/schemas/staff';
import { timeZoneName } from '../../../lib/branch-time';
import { formatNumber } from '../../../lib/format-number';
import { formatStars } from '../../../lib/format-stars';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { EvaluationCard } from '../components/evaluation-card';
import { useStaffEvaluations } from '../hooks/use-staff-evaluations';
import '../../../diner/evaluation/evaluation.css';
import '../../../components/ui/form.css';

/**
 * `/staff/evaluations` for managers and owners: each branch in scope with its count and average, the latest
 * evaluations, and a low rating arriving live (the staff stream's `evaluation_low`) at the top with its photos. A
 * low rating is answered with an apology reward in one step.
 */
export default function EvaluationsSection({ user }: { user: StaffUser }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const manages = user.role === 'owner' || user.role === 'manager';
  const { data, error, alert, load, replace } = useStaffEvaluations(manages);
  // Each evaluation on its branch's clock (the user's branches carry their zones), the zones named once.
  const zoneOf = (branchId: number) => user.branches.find((b) => b.id === branchId)?.timeZone ?? 'Asia/Riyadh';
  const zones = [...new Set(user.branches.map((b) => b.timeZone))];

  if (!manages) {
    return (
      <p className="banner banner--error" role="alert">
        {t('staff.evaluations.managersOnly')}
      </p>
    );
  }
  return (
    <section className="section" aria-labelledby="evaluations-heading" data-testid="staff-evaluations">
      <h2 id="evaluations-heading">{t('staff.evaluations.title')}</h2>
      {zones.length > 0 && (
        <p className="field__hint" data-testid="evaluations-time-zone">
          {t('staff.timesIn', { zone: zones.map((z) => timeZoneName(z, language)).join(' · ') })}
        </p>
      )}
      <div role="status" aria-live="assertive">
        {alert && (
          <p className="banner banner--error" data-testid="low-rating-alert">
            {lowAlertText(t, alert, language)}
          </p>
        )}
      </div>
      {error && (
        <div className="banner banner--error" role="alert">
          <span>{error}</span>
          <button type="button" className="btn btn-secondary" onClick={load}>
            {t('app.retry')}
          </button>
        </div>
      )}
      {!data ? (
        !error && (
          <div className="skeleton skeleton--block" role="status">
            <span className="visually-hidden">{t('app.loading')}</span>
          </div>
        )
      ) : (
        <>
          <BranchAverages branches={data.branches} />
          {data.evaluations.length === 0 ? (
            <p className="state-box">{t('staff.evaluations.none')}</p>
          ) : (
            <ul className="evaluation-list">
              {data.evaluations.map((e) => (
                <EvaluationCard
                  key={e.id}
                  evaluation={e}
                  rewards={data.apologyRewards}
                  onChange={replace}
                  timeZone={zoneOf(e.branch.id)}
                />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

/** "New low rating at {branch}: {stars} stars, order #{number}" (a visit rated without an order: no number). */
export function lowAlertText(
  t: ReturnType<typeof useTranslation>['t'],
  alert: StaffEvaluation,
  language: ReturnType<typeof useLanguage>,
): string {
  const branch = alert.branch.name[language];
  const stars = alert.averageRatingHundredths === null ? '' : formatStars(alert.averageRatingHundredths, language);
  return alert.orderNumber === null
    ? t('staff.evaluations.lowAlertVisit', { branch, stars })
    : t('staff.evaluations.lowAlert', { branch, stars, number: formatNumber(alert.orderNumber, language) });
}

/** Each branch in scope with its average and how many evaluations (and low ones) it has. */
function BranchAverages({ branches }: { branches: StaffEvaluations['branches'] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <ul className="evaluation-branches" data-testid="evaluation-branches">
      {branches.map((b) => (
        <li key={b.branch.id} className="card" data-testid="evaluation-branch">
          <h3>{b.branch.name[language]}</h3>
          <p className="evaluation-average" data-testid="branch-average">
            {b.averageRatingHundredths === null
              ? t('staff.evaluations.noAverage')
              : t('staff.evaluations.average', { stars: formatStars(b.averageRatingHundredths, language) })}
          </p>
          <p className="field__hint">
            {t('staff.evaluations.counts', {
              total: formatNumber(b.count, language),
              low: formatNumber(b.lowCount, language),
            })}
          </p>
        </li>
      ))}
    </ul>
  );
}
