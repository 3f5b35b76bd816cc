import { formatNumber } from '../../lib/format-number';
import { useLanguage } from '../../lib/use-language';
import { useTranslation } from '../../lib/use-translation';

export type ArchiveView = 'current' | 'archived';

/**
 * "Current | Archived" above a list of coupons or punch card programmes (issue 27 item 7): archived ones are kept,
 * never deleted, and listed apart. Two toggle buttons (aria-pressed), 44 px high.
 */
export function ArchiveFilter({
  view,
  onChange,
  archivedCount,
}: {
  view: ArchiveView;
  onChange: (view: ArchiveView) => void;
  archivedCount: number;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <fieldset className="archive-filter">
      <legend className="visually-hidden">{t('staffArchive.filter')}</legend>
      {(['current', 'archived'] as const).map((v) => (
        <button
          key={v}
          type="button"
          className={`btn ${view === v ? 'btn-primary' : 'btn-secondary'}`}
          aria-pressed={view === v}
          data-testid={`archive-filter-${v}`}
          onClick={() => onChange(v)}
        >
          {v === 'current'
            ? t('staffArchive.current')
            : t('staffArchive.archived', { number: formatNumber(archivedCount, language) })}
        </button>
      ))}
    </fieldset>
  );
}
