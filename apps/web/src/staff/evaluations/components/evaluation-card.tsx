import type { StaffEvaluation, StaffEvaluations } from '@sufra/shared/schemas/evaluation';
import { useState } from 'react';
import { apiUrl, errorText } from '../../../lib/api-client';
import { formatBranchDateTime } from '../../../lib/branch-time';
import { formatNumber } from '../../../lib/format-number';
import { formatStars } from '../../../lib/format-stars';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { sendApology } from '../api/send-apology';
import '../../../components/ui/form.css';
import '../../../components/ui/review-list.css';

/** The photo URLs the API gives are under /api; the API may live on another host (lib/api-client apiBase). */
const photoSrc = (url: string) => apiUrl(url.replace(/^\/api/, ''));

type Rewards = StaffEvaluations['apologyRewards'];

/** One evaluation for managers: order, branch, average, the diner, every answer and photo, and the apology. */
export function EvaluationCard({
  evaluation: e,
  rewards,
  onChange,
  timeZone,
}: {
  evaluation: StaffEvaluation;
  rewards: Rewards;
  onChange: (next: StaffEvaluation) => void;
  /** The evaluation's branch's zone: its time on that clock. */
  timeZone: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const headingId = `evaluation-${e.id}`;
  // The branch's clock, Gregorian in both languages, as every staff time (lib/branch-time).
  const when = formatBranchDateTime(e.createdAt, timeZone, language);

  return (
    <li
      className={`card evaluation-card${e.isLow ? ' evaluation-card--low' : ''}`}
      data-testid="evaluation-card"
      data-low={e.isLow}
      aria-labelledby={headingId}
    >
      <h3 id={headingId}>
        {e.orderNumber === null
          ? t('staff.evaluations.visitTitle', { branch: e.branch.name[language] })
          : t('staff.evaluations.cardTitle', {
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
      <EvaluationAnswers evaluation={e} />
      {e.apologizedAt ? (
        <p className="notice notice--info" data-testid="apology-sent">
          {t('staff.evaluations.apologySent')}
        </p>
      ) : (
        rewards.length > 0 && <ApologyForm evaluation={e} rewards={rewards} onChange={onChange} />
      )}
    </li>
  );
}

function EvaluationAnswers({ evaluation: e }: { evaluation: StaffEvaluation }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <>
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
    </>
  );
}

type ApologyProps = { evaluation: StaffEvaluation; rewards: Rewards; onChange: (next: StaffEvaluation) => void };

/** An apology reward for a low rating, in one step: pick it and send. */
function ApologyForm({ evaluation: e, rewards, onChange }: ApologyProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  // Starts on the form's apology reward (the brand's "we are sorry" prize), else the first; a choice that left the
  // list (a reload) falls back the same way, so the dropdown never shows one reward while holding another.
  const fallback = rewards.find((r) => r.id === e.suggestedApologyRewardId)?.id ?? rewards[0]?.id;
  const [chosen, setRewardId] = useState<number | undefined>(fallback);
  const rewardId = rewards.some((r) => r.id === chosen) ? chosen : fallback;
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
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
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
