import type { StaffEvaluation, StaffEvaluations } from '@sufra/shared/schemas/evaluation';
import type { StaffUser } from '@sufra/shared/schemas/staff';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiUrl, errorText } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { getStaffEvaluations } from '../api/get-staff-evaluations';
import { openLowRatingEvents } from '../api/low-rating-events';
import { sendApology } from '../api/send-apology';
import { formatStars } from '../stars-format';
import '../evaluation.css';

/** The photo URLs the API gives are under /api; the API may live on another host (lib/api-client apiBase). */
const photoSrc = (url: string) => apiUrl(url.replace(/^\/api/, ''));

/**
 * `/staff/evaluations` for managers and owners: each branch in scope with its count and average, the latest
 * evaluations, and a low rating arriving live (the staff stream's `evaluation_low`) at the top with its photos. A
 * low rating is answered with an apology reward in one step.
 */
export default function EvaluationsSection({ user }: { user: StaffUser }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const languageRef = useRef(language);
  languageRef.current = language;
  const [data, setData] = useState<StaffEvaluations | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [alert, setAlert] = useState<StaffEvaluation | null>(null);
  const manages = user.role === 'owner' || user.role === 'manager';

  const load = useCallback(() => {
    getStaffEvaluations(languageRef.current).then(
      (loaded) => {
        setData(loaded);
        setError(null);
      },
      (failure: unknown) => setError(errorText(failure, languageRef.current)),
    );
  }, []);

  useEffect(() => {
    if (!manages) return;
    return openLowRatingEvents({
      onReady: load,
      onLowRating: (evaluation) => {
        setAlert(evaluation);
        setData((current) =>
          current && !current.evaluations.some((e) => e.id === evaluation.id)
            ? { ...current, evaluations: [evaluation, ...current.evaluations] }
            : current,
        );
        // The averages move with it.
        load();
      },
    });
  }, [manages, load]);

  const replace = (next: StaffEvaluation) =>
    setData((current) =>
      current ? { ...current, evaluations: current.evaluations.map((e) => (e.id === next.id ? next : e)) } : current,
    );

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
      <div role="status" aria-live="assertive">
        {alert && (
          <p className="banner banner--error" data-testid="low-rating-alert">
            {t('staff.evaluations.lowAlert', {
              branch: alert.branch.name[language],
              stars: alert.averageRatingHundredths === null ? '' : formatStars(alert.averageRatingHundredths, language),
              number: formatNumber(alert.orderNumber, language),
            })}
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
          <ul className="evaluation-branches" data-testid="evaluation-branches">
            {data.branches.map((b) => (
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
          {data.evaluations.length === 0 ? (
            <p className="state-box">{t('staff.evaluations.none')}</p>
          ) : (
            <ul className="evaluation-list">
              {data.evaluations.map((e) => (
                <EvaluationCard key={e.id} evaluation={e} rewards={data.apologyRewards} onChange={replace} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function EvaluationCard({
  evaluation: e,
  rewards,
  onChange,
}: {
  evaluation: StaffEvaluation;
  rewards: StaffEvaluations['apologyRewards'];
  onChange: (next: StaffEvaluation) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  // Starts on the form's apology reward (the brand's "we are sorry" prize), else the first; a choice that left the
  // list (a reload) falls back the same way, so the dropdown never shows one reward while holding another.
  const fallback = rewards.find((r) => r.id === e.suggestedApologyRewardId)?.id ?? rewards[0]?.id;
  const [chosen, setRewardId] = useState<number | undefined>(fallback);
  const rewardId = rewards.some((r) => r.id === chosen) ? chosen : fallback;
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const headingId = `evaluation-${e.id}`;
  // Gregorian in Arabic too (ar-SA alone picks the Hijri calendar), as the loyalty pages do.
  const when = new Intl.DateTimeFormat(language === 'ar' ? 'ar-SA-u-ca-gregory' : 'en-SA', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(e.createdAt));

  return (
    <li
      className={`card evaluation-card${e.isLow ? ' evaluation-card--low' : ''}`}
      data-testid="evaluation-card"
      data-low={e.isLow}
      aria-labelledby={headingId}
    >
      <h3 id={headingId}>
        {t('staff.evaluations.cardTitle', {
          number: formatNumber(e.orderNumber, language),
          branch: e.branch.name[language],
        })}
      </h3>
      <p>
        <strong data-testid="evaluation-average">
          {e.averageRatingHundredths === null
            ? t('staff.evaluations.noAverage')
            : t('staff.evaluations.average', { stars: formatStars(e.averageRatingHundredths, language) })}
        </strong>{' '}
        {e.isLow && <span className="badge badge--required">{t('staff.evaluations.low')}</span>}
      </p>
      <p className="field__hint">
        {`${e.customer.name ?? ''} · `}
        <bdi dir="ltr">{e.customer.phone}</bdi>
        {` · ${when}`}
      </p>
      <dl className="review-list">
        {e.answers.map((a) => (
          <div key={a.question.en} className="review-row">
            <dt>{a.question[language]}</dt>
            <dd>
              {a.kind === 'rating' && a.rating !== null
                ? t('staff.evaluations.stars', { stars: formatNumber(a.rating, language) })
                : a.kind === 'text'
                  ? a.text
                  : a.choices.map((c) => c[language]).join(language === 'ar' ? '، ' : ', ')}
            </dd>
          </div>
        ))}
      </dl>
      {e.photos.length > 0 && (
        <div className="evaluation-card__photos">
          {e.photos.map((p, index) => (
            <a key={p.url} href={photoSrc(p.url)} target="_blank" rel="noreferrer">
              <img
                src={photoSrc(p.url)}
                width={p.width}
                height={p.height}
                alt={t('staff.evaluations.photoAlt', { number: formatNumber(index + 1, language) })}
                data-testid="evaluation-photo"
              />
            </a>
          ))}
        </div>
      )}
      {e.apologizedAt ? (
        <p className="notice notice--info" data-testid="apology-sent">
          {t('staff.evaluations.apologySent')}
        </p>
      ) : (
        rewards.length > 0 && (
          <div className="evaluation-card__apology">
            <label className="visually-hidden" htmlFor={`apology-${e.id}`}>
              {t('staff.evaluations.apologyReward')}
            </label>
            <select
              id={`apology-${e.id}`}
              className="input"
              value={rewardId}
              onChange={(event) => setRewardId(Number(event.target.value))}
            >
              {rewards.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name[language]}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="btn btn-primary"
              disabled={sending || rewardId === undefined}
              data-testid="send-apology"
              onClick={() => {
                if (rewardId === undefined) return;
                setSending(true);
                setError(null);
                sendApology(e.id, rewardId, language).then(onChange, (failure: unknown) => {
                  setError(errorText(failure, language));
                  setSending(false);
                });
              }}
            >
              {t('staff.evaluations.sendApology')}
            </button>
          </div>
        )
      )}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}
