import { errorText } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { ItemCardSkeleton } from './item-card';

/** The menu could not be loaded: why, and a retry. */
export function MenuLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div className="state-box" role="alert">
      <p className="state-box__title">{t('menu.loadError')}</p>
      <p>{errorText(error, language)}</p>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        {t('app.retry')}
      </button>
    </div>
  );
}

export function MenuSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="menu-section" aria-busy="true">
      <span className="visually-hidden" role="status">
        {t('app.loading')}
      </span>
      <div className="skeleton skeleton--heading" />
      <ul className="item-list">
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <ItemCardSkeleton key={i} />
        ))}
      </ul>
    </div>
  );
}

/** Nothing to show: no dish matches the search (with a way to clear it), or the menu is empty. */
export function MenuEmpty({ searching, query, onClear }: { searching: boolean; query: string; onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="state-box">
      {searching ? (
        <>
          <p className="state-box__title">{t('menu.noResults', { query: query.trim() })}</p>
          <p>{t('menu.noResultsHint')}</p>
          <button type="button" className="btn btn-secondary" onClick={onClear}>
            {t('menu.clearSearch')}
          </button>
        </>
      ) : (
        <p className="state-box__title">{t('menu.empty')}</p>
      )}
    </div>
  );
}
