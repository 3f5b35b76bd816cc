import { useTranslation } from '../../../lib/use-translation';

/**
 * A card's punches drawn as stamps: a row of circles filled in reading order, so in Arabic (RTL) they fill from the
 * right. Read as one image with its count ("3 of 8 punches"); the circles themselves are decoration.
 */
export function PunchStamps({ punches, itemsCount }: { punches: number; itemsCount: number }) {
  const { t } = useTranslation();
  const filled = Math.min(Math.max(punches, 0), itemsCount);
  return (
    <div
      className="punch-stamps"
      role="img"
      aria-label={t('loyalty.punch.stampsLabel', { punches: filled, count: itemsCount })}
      data-testid="punch-stamps"
      data-punches={filled}
    >
      {Array.from({ length: itemsCount }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: stamps are positions, never reordered
        <span key={i} className={`punch-stamp${i < filled ? ' punch-stamp--filled' : ''}`} aria-hidden="true">
          {i < filled ? '✓' : ''}
        </span>
      ))}
    </div>
  );
}
