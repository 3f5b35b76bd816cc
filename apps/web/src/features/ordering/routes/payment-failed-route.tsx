import { Link, useParams } from 'wouter';
import { paths } from '../../../config/paths';
import { useTranslation } from '../../../lib/use-translation';

/** `/payment-failed/{uuid}`: where a declined card payment lands (the card flow comes with the payments issue). */
export default function PaymentFailedRoute() {
  const { uuid = '' } = useParams();
  const { t } = useTranslation();
  const title = t('ordering.paymentFailedTitle');
  return (
    <div className="page page--center" data-testid="payment-failed-page">
      <title>{`${title} | ${t('app.name')}`}</title>
      <svg className="page__icon" viewBox="0 0 24 24" width="56" height="56" aria-hidden="true">
        <path
          d="M3 7h18v10H3zM3 10h18M7 14h3M15 15l4-4m0 4l-4-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <h1>{title}</h1>
      <p className="page__lead" role="alert">
        {t('ordering.paymentFailedText')}
      </p>
      <div className="page__actions">
        <Link to={paths.checkout.build(uuid)} className="btn btn-primary">
          {t('ordering.backToCheckout')}
        </Link>
        <Link to={paths.cart.build(uuid)} className="btn btn-secondary">
          {t('ordering.backToCart')}
        </Link>
      </div>
    </div>
  );
}
