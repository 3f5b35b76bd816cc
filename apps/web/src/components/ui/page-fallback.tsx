import { useTranslation } from '../../lib/use-translation';

/**
 * Shown while a route chunk loads: a quiet placeholder with an accessible status. In components/ because features show
 * it too, around their own lazy parts (features do not import app/).
 */
export function PageFallback() {
  const { t } = useTranslation();
  return (
    <div className="page-fallback" role="status">
      <span className="visually-hidden">{t('app.loading')}</span>
      <div className="skeleton skeleton--block" />
      <div className="skeleton skeleton--line" />
      <div className="skeleton skeleton--line skeleton--short" />
    </div>
  );
}

export function ChunkErrorScreen() {
  const { t } = useTranslation();
  return (
    <div className="page page--center">
      <h1>{t('error.title')}</h1>
      <p>{t('app.chunkError')}</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        {t('app.retry')}
      </button>
    </div>
  );
}
