import { Link } from 'wouter';
import { paths } from '../../../config/paths';
import { useTranslation } from '../../../lib/use-translation';

/** While the cart is checked against the menu (and the diner's session): placeholders, announced. */
export function CheckoutChecking() {
  const { t } = useTranslation();
  return (
    <div role="status">
      <span className="visually-hidden">{t('ordering.checkingCart')}</span>
      <div className="skeleton skeleton--block" />
      <div className="skeleton skeleton--line" />
    </div>
  );
}

/** The cart no longer matches the menu: the server's reason when it gave one, and the way back to the cart. */
export function CheckoutStale({ uuid, message }: { uuid: string; message: string | null }) {
  const { t } = useTranslation();
  return (
    <div className="state-box" role="alert" data-testid="checkout-stale">
      <h2 className="state-box__title">{t('ordering.staleTitle')}</h2>
      <p>{message ?? t('ordering.staleText')}</p>
      <Link to={paths.cart.build(uuid)} className="btn btn-primary">
        {t('ordering.backToCart')}
      </Link>
    </div>
  );
}
