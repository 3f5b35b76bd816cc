import type { PunchCard, PunchHistoryResponse } from '@sufra/shared/schemas/punch-cards';
import { useState } from 'react';
import { Link } from 'wouter';
import { LoadError, LoadingBlock } from '../../../components/ui/load-state';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { getPunchHistory } from '../api/get-punch-cards';
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
  const [history, setHistory] = useState<PunchHistoryResponse | null>(null);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const titleId = `punch-${card.programme.id}-${card.id ?? 'new'}-name`;
  const date = (iso: string) => formatLoyaltyDate(iso, language, timeZone);
  const cardId = card.id;

  /** Where the card stands in words: a full card by its reward (shared punchCardStatus), else by its days. */
  const windowText = () => {
    if (card.completedAt) {
      if (card.status === 'fully_punched') return t('loyalty.punch.fullOn', { date: date(card.completedAt) });
      if (card.status === 'expired') return t('loyalty.punch.rewardLapsed');
      return t('loyalty.punch.rewardUsed');
    }
    if (!card.expiresAt) return t('loyalty.punch.days', { days: card.programme.daysToComplete });
    return card.status === 'expired'
      ? t('loyalty.punch.expiredOn', { date: date(card.expiresAt) })
      : t('loyalty.punch.completeBy', { date: date(card.expiresAt) });
  };

  const load = () => {
    if (cardId === null) return;
    setError(null);
    getPunchHistory(uuid, cardId, language).then(setHistory, setError);
  };
  const toggle = () => {
    if (!open && !history) load();
    setOpen(!open);
  };

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
      <p className="punch-card__window loyalty-muted">{windowText()}</p>
      {card.status === 'fully_punched' && !withHistory && (
        <Link to={paths.myRewards.build(uuid)} className="btn btn-primary btn-block" data-testid="punch-use-reward">
          {t('loyalty.punch.useReward')}
        </Link>
      )}
      {withHistory && cardId !== null && (
        <button
          type="button"
          className="btn btn-small btn-secondary punch-card__history-toggle"
          aria-expanded={open}
          aria-controls={`${titleId}-history`}
          onClick={toggle}
        >
          {open ? t('loyalty.punch.hideHistory') : t('loyalty.punch.showHistory')}
        </button>
      )}
      {open && (
        <div id={`${titleId}-history`} className="punch-history">
          {error !== null && <LoadError error={error} onRetry={load} />}
          {!history && error === null && <LoadingBlock />}
          {history && (
            <ul aria-label={t('loyalty.punch.historyTitle')} data-testid="punch-history">
              {history.punches.map((p) => (
                <li key={p.id} className={`punch-history__row${p.takenBackAt ? ' punch-history__row--taken' : ''}`}>
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
              ))}
            </ul>
          )}
        </div>
      )}
    </li>
  );
}
