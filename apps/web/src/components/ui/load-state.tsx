import { errorText } from '../../lib/api-client';
import { useLanguage } from '../../lib/use-language';
import { useTranslation } from '../../lib/use-translation';

/** A page's load going wrong: what happened, and a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div className="banner banner--error" role="alert">
      <span>{errorText(error, language)}</span>
      <button type="button" className="btn btn-small" onClick={onRetry}>
        {t('app.retry')}
      </button>
    </div>
  );
}

/** A page still loading (a placeholder block, announced to screen readers). */
export function LoadingBlock() {
  const { t } = useTranslation();
  return (
    <div role="status">
      <span className="visually-hidden">{t('app.loading')}</span>
      <div className="skeleton skeleton--block" />
    </div>
  );
}
