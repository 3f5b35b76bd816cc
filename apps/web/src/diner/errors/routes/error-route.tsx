import { errorMessage, isErrorCode } from '@sufra/shared/messages/errors';
import { Link, useLocation, useSearchParams } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { LanguageSwitch } from '../../../components/ui/language-switch';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useAppSelector } from '../../../stores/root-state';

interface ErrorState {
  message?: string;
  from?: string;
}

/**
 * /error (blank layout). The message comes from `?code=` through the shared error table, so a reload or a
 * language switch keeps it right; the server's message passed in router state is the fallback.
 */
export default function ErrorRoute() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [, navigate] = useLocation();
  const [search] = useSearchParams();
  const state = (useHistoryState() ?? {}) as ErrorState;
  const establishment = useAppSelector((s) => s.establishment.establishment);
  const code = search.get('code');
  const message = isErrorCode(code) ? errorMessage(code, language) : (state.message ?? t('error.generic'));

  const tryAgain = () => {
    if (state.from) navigate(state.from, { replace: true });
    else window.history.back();
  };

  return (
    <div className="page page--center">
      <title>{`${t('error.title')} | ${t('app.name')}`}</title>
      <svg className="page__icon" viewBox="0 0 24 24" width="56" height="56" aria-hidden="true">
        <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="M12 7v6M12 16.5v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <h1>{t('error.title')}</h1>
      <p className="page__lead">{message}</p>
      {code !== null && ['invalid_uuid', 'qr_not_found', 'qr_inactive'].includes(code) && <p>{t('error.scanAgain')}</p>}
      <div className="page__actions">
        <button type="button" className="btn btn-primary" onClick={tryAgain}>
          {t('app.retry')}
        </button>
        {establishment && (
          <Link to={paths.qr.build(establishment.uuid)} className="btn btn-secondary">
            {t('app.home')}
          </Link>
        )}
        <LanguageSwitch className="btn btn-ghost" />
      </div>
    </div>
  );
}
