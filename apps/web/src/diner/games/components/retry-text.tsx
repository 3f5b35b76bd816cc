import { retryLeft } from '@sufra/shared/engagement/wheel';
import { useTranslation } from '../../../lib/use-translation';

/**
 * The retry text (spec §9: "7 or 10 days, or a number of hours and minutes"): from the refusal's figures, or from a
 * time (the next spin after a result), counted from now.
 */
export function RetryText({ details }: { details: Record<string, unknown> | undefined }) {
  const { t } = useTranslation();
  if (!details) return null;
  let left: { days?: unknown; hours?: unknown; minutes?: unknown } = details;
  if (typeof details.days !== 'number' && typeof details.hours !== 'number' && typeof details.retryAt === 'string') {
    left = retryLeft(Date.parse(details.retryAt) - Date.now());
  }
  if (typeof left.days === 'number') return <p className="retry-text">{t('games.retryDays', { count: left.days })}</p>;
  if (typeof left.hours === 'number' && typeof left.minutes === 'number') {
    return (
      <p className="retry-text">
        {left.hours > 0
          ? t('games.retryHoursMinutes', { hours: left.hours, minutes: left.minutes })
          : t('games.retryMinutes', { count: left.minutes })}
      </p>
    );
  }
  return null;
}
