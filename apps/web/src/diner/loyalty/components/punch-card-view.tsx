import type { PunchCard, PunchHistoryResponse } from '@sufra/shared/schemas/punch-cards';
import { Link } from 'wouter';
import { LoadError, LoadingBlock } from '../../../components/ui/load-state';
import { paths } from '../../../config/paths';
import type { TFunction } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { type PunchHistoryState, usePunchHistory } from '../hooks/use-punch-history';
import { formatLoyaltyDate } from '../loyalty-format';
import { PunchStamps } from './punch-stamps';

/**
 * One punch card: the programme, its status, the stamps, what a full card gives and until when this one runs (a full
 * one: where its reward stands, and on the landing page a way to My Rewards to use it); with `withHistory` (My
 * Rewards), its Punches History on demand (a card that has started).
 */
export function PunchCardView({
  uuid,
  card,
  timeZone,
  withHistory = false,
}: {
  uuid: string;
  card: PunchCard;
  timeZone?: string | undefined;
  withHistory?: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const punches = usePunchHistory(uuid, card.id, language);
  const titleId = `punch-${card.programme.id}-${card.id ?? 'new'}-name`;
  const date = (iso: string) => formatLoyaltyDate(iso, language, timeZone);

  return (
    <li className="card punch-card" data-testid="punch-card" data-status={card.status} aria-labelledby={titleId}>
      <div className="reward-card__head">
        <h3 id={titleId} className="reward-card__name">
          {card.programme.name[language]}
        </h3>
        <span className={`status-pill status-pill--punch-${card.status}`} data-testid="punch-status">
          {t(`loyalty.punch.status.${card.status}`)}
        </span>
      </div>
      <PunchStamps punches={card.punches} itemsCount={card.itemsCount} />
      <p className="punch-card__reward">
        {t('loyalty.punch.reward', { count: card.itemsCount, reward: card.programme.reward.name[language] })}
      </p>
      <p className="punch-card__window loyalty-muted">{punchWindowText(card, t, date)}</p>
      {card.status === 'fully_punched' && !withHistory && (
        <Link to={paths.myRewards.build(uuid)} className="btn btn-primary btn-block" data-testid="punch-use-reward">
          {t('loyalty.punch.useReward')}
        </Link>
      )}
      {withHistory && card.id !== null && (
        <button
          type="button"
          className="btn btn-small btn-secondary punch-card__history-toggle"
          aria-expanded={punches.open}
          aria-controls={`${titleId}-history`}
          onClick={punches.toggle}
        >
          {punches.open ? t('loyalty.punch.hideHistory') : t('loyalty.punch.showHistory')}
        </button>
      )}
      {punches.open && <PunchHistoryPanel id={`${titleId}-history`} punches={punches} date={date} />}
    </li>
  );
}

/** Where the card stands in words: a full card by its reward (shared punchCardStatus), else by its days. */
function punchWindowText(card: PunchCard, t: TFunction, date: (iso: string) => string): string {
  if (card.completedAt) {
    if (card.status === 'fully_punched') return t('loyalty.punch.fullOn', { date: date(card.completedAt) });
    if (card.status === 'expired') return t('loyalty.punch.rewardLapsed');
    return t('loyalty.punch.rewardUsed');
  }
  if (!card.expiresAt) return t('loyalty.punch.days', { days: card.programme.daysToComplete });
  return card.status === 'expired'
    ? t('loyalty.punch.expiredOn', { date: date(card.expiresAt) })
    : t('loyalty.punch.completeBy', { date: date(card.expiresAt) });
}

/** The opened Punches History: loading, its error with a retry, or one row a punch (taken back ones marked). */
function PunchHistoryPanel({
  id,
  punches,
  date,
}: {
  id: string;
  punches: PunchHistoryState;
  date: (iso: string) => string;
}) {
  const { t } = useTranslation();
  const { history, error } = punches;
  return (
    <div id={id} className="punch-history">
      {error !== null && <LoadError error={error} onRetry={punches.load} />}
      {!history && error === null && <LoadingBlock />}
      {history && (
        <ul aria-label={t('loyalty.punch.historyTitle')} data-testid="punch-history">
          {history.punches.map((p) => (
            <PunchHistoryRow key={p.id} punch={p} date={date} />
          ))}
        </ul>
      )}
    </div>
  );
}

function PunchHistoryRow({
  punch: p,
  date,
}: {
  punch: PunchHistoryResponse['punches'][number];
  date: (iso: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <li className={`punch-history__row${p.takenBackAt ? ' punch-history__row--taken' : ''}`}>
      <span>
        {p.orderNumber === null
          ? t('loyalty.punch.historyWelcome')
          : t('loyalty.punch.historyOrder', { number: p.orderNumber })}
        <span className="loyalty-muted"> · {date(p.at)}</span>
      </span>
      <span>
        {p.takenBackAt
          ? t('loyalty.punch.historyTakenBack', { count: p.count })
          : t('loyalty.punch.historyCount', { count: p.count })}
      </span>
    </li>
  );
}
