import { Link } from 'wouter';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';

/** The cart page while its menu could not be loaded: why, and a retry. */
export function CartMenuError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div className="state-box" role="alert">
      <p className="state-box__title">{t('cartPage.menuError')}</p>
      <p>{errorText(error, language)}</p>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        {t('app.retry')}
      </button>
    </div>
  );
}

export function CartEmpty({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  return (
    <div className="state-box" data-testid="cart-empty">
      <svg className="page__icon" viewBox="0 0 24 24" width="56" height="56" aria-hidden="true">
        <path
          d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6.2M10 21h.01M17 21h.01"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <h2 className="state-box__title">{t('cartPage.emptyTitle')}</h2>
      <p>{t('cartPage.emptyText')}</p>
      <Link to={paths.menu.build(uuid)} className="btn btn-primary">
        {t('cart.browseMenu')}
      </Link>
    </div>
  );
}

export function CartSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="cart-lines" aria-busy="true">
      <span className="visually-hidden" role="status">
        {t('app.loading')}
      </span>
      {[0, 1].map((i) => (
        <div key={i} className="cart-line">
          <span className="cart-line__image skeleton" />
          <div className="cart-line__body">
            <div className="skeleton skeleton--line" />
            <div className="skeleton skeleton--line skeleton--short" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** The way on to the order type, or why not yet. */
export function CartActions({ reason, onContinue }: { reason: string | null; onContinue: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="cart-actions">
      {reason && (
        <p id="cart-continue-reason" className="cart-actions__reason" data-testid="continue-reason">
          {reason}
        </p>
      )}
      <button
        type="button"
        className="btn btn-primary btn-block btn-large"
        data-testid="cart-continue"
        disabled={reason !== null}
        aria-describedby={reason ? 'cart-continue-reason' : undefined}
        onClick={onContinue}
      >
        {t('cartPage.continue')}
      </button>
    </div>
  );
}
