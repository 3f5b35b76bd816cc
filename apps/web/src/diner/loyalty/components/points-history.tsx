import type { PointsEntry } from '@sufra/shared/schemas/loyalty';
import { Link } from 'wouter';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { usePointsHistory } from '../hooks/use-points-history';
import { entryReasonText, formatLoyaltyDate, formatPointsChange } from '../loyalty-format';

/**
 * Every earn, spend, expiry and adjustment, newest first, a page at a time: what happened (the reason localized, or the
 * manager's own words), the order it belongs to, and when.
 */
export function PointsHistory({ uuid, timeZone }: { uuid: string; timeZone?: string | undefined }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { entries, hasMore, loading, error, load, last } = usePointsHistory(uuid, language);
  return (
    <section aria-labelledby="history-title" className="loyalty-section">
      <h2 id="history-title" className="loyalty-section-title">
        {t('loyalty.historyTitle')}
      </h2>
      {error && (
        <div className="banner banner--error" role="alert">
          <span>{error}</span>
          <button type="button" className="btn btn-small" onClick={() => load(entries ? last : undefined)}>
            {t('app.retry')}
          </button>
        </div>
      )}
      {!entries && !error && (
        <div role="status">
          <span className="visually-hidden">{t('app.loading')}</span>
          <div className="skeleton skeleton--block" />
        </div>
      )}
      {entries && entries.length === 0 && (
        <div className="state-box" data-testid="history-empty">
          <p className="state-box__title">{t('loyalty.noHistory')}</p>
        </div>
      )}
      {entries && entries.length > 0 && (
        <ul className="history-list" data-testid="points-history">
          {entries.map((entry) => (
            <HistoryEntry key={entry.id} uuid={uuid} entry={entry} timeZone={timeZone} />
          ))}
        </ul>
      )}
      {hasMore && (
        <button type="button" className="btn btn-secondary" disabled={loading} onClick={() => load(last)}>
          {t('loyalty.loadMore')}
        </button>
      )}
    </section>
  );
}

/** One ledger row: the reason, its kind and time, a link to its order, and the points it added or took. */
function HistoryEntry({ uuid, entry, timeZone }: { uuid: string; entry: PointsEntry; timeZone?: string | undefined }) {
  const { t } = useTranslation();
  const language = useLanguage();
  // The ledger knows the order's id, not the number the diner was told (numbers count per branch): a link to the order
  // shows its number and branch. The reason already says what a system row was; a manager's words get the kind
  // beside them ("Adjusted by …").
  const meta = [
    entry.kind === 'adjust' || entry.kind === 'bonus' ? t(`loyalty.entryKind.${entry.kind}`) : null,
    formatLoyaltyDate(entry.createdAt, language, timeZone, true),
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <li className="card history-entry" data-testid="history-entry" data-kind={entry.kind}>
      <div className="history-entry__text">
        <span className="history-entry__reason">{entryReasonText(entry, t)}</span>
        <span className="history-entry__meta">{meta}</span>
        {entry.orderId !== null && (
          <Link to={paths.confirmOrder.build(uuid, entry.orderId)} className="history-entry__order">
            {t('loyalty.viewOrder')}
          </Link>
        )}
      </div>
      <strong
        className={`history-entry__points${entry.points < 0 ? ' history-entry__points--minus' : ''}`}
        data-testid="history-points"
      >
        {t('loyalty.pointsChange', { points: formatPointsChange(entry.points, language) })}
      </strong>
    </li>
  );
}
