import { formatSar } from '@sufra/shared/money';
import type { LoyaltyAccount } from '@sufra/shared/schemas/loyalty';
import { formatNumber } from '../../../lib/format-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { formatLoyaltyDate, levelProgress } from '../loyalty-format';

/**
 * The diner's points at a glance (spec "Loyalty Details"): the wallet with what it is worth in SAR, lifetime points,
 * the level and the way to the next one, and when the oldest points expire.
 */
export function PointsSummary({ account, timeZone }: { account: LoyaltyAccount; timeZone?: string | undefined }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const n = (value: number) => formatNumber(value, language);
  const from = account.level?.minLifetimePoints ?? 0;
  const progress = account.next
    ? levelProgress(account.lifetimePoints, from, account.next.level.minLifetimePoints)
    : 100;
  return (
    <div className="points-summary" data-testid="points-summary">
      <div className="points-summary__wallet">
        <span className="points-summary__label">{t('loyalty.wallet')}</span>
        <strong className="points-summary__points" data-testid="wallet-points">
          {/* With its unit: a lone "٠" reads as a dot. */}
          {t('loyalty.walletPointsCount', { points: n(account.walletPoints) })}
        </strong>
        <span className="points-summary__value" data-testid="wallet-value">
          {t('loyalty.walletValue', { value: formatSar(account.walletValueHalalas, language) })}
        </span>
      </div>
      <dl className="points-summary__facts">
        <div>
          <dt>{t('loyalty.lifetime')}</dt>
          <dd data-testid="lifetime-points">{n(account.lifetimePoints)}</dd>
        </div>
        <div>
          <dt>{t('loyalty.level')}</dt>
          <dd data-testid="level-name">{account.level ? account.level.name[language] : t('loyalty.noLevel')}</dd>
        </div>
      </dl>
      <div className="points-summary__progress">
        <progress
          className="level-progress"
          max={100}
          value={progress}
          aria-label={t('loyalty.progressLabel')}
          aria-valuetext={
            account.next
              ? t('loyalty.toNextLevel', {
                  points: n(account.next.pointsToGo),
                  level: account.next.level.name[language],
                })
              : t('loyalty.topLevel')
          }
        />
        <span className="points-summary__next" data-testid="next-level">
          {account.next
            ? t('loyalty.toNextLevel', { points: n(account.next.pointsToGo), level: account.next.level.name[language] })
            : t('loyalty.topLevel')}
        </span>
      </div>
      {account.nextExpiryAt && (
        <p className="points-summary__expiry" data-testid="next-expiry">
          {t('loyalty.expiresOn', { date: formatLoyaltyDate(account.nextExpiryAt, language, timeZone) })}
        </p>
      )}
    </div>
  );
}
