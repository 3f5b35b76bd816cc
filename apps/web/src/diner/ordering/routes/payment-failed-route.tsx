import { errorMessage } from '@sufra/shared/messages/errors';
import { Link, useParams, useSearchParams } from 'wouter';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { PaymentExpired } from '../components/payment-expired';
import { usePaymentFailure } from '../hooks/use-payment-failure';
import { useReorder } from '../hooks/use-reorder';
import { orderIdFrom } from '../payment-return';
import '../../../components/ui/form.css';

/**
 * `/payment-failed/{uuid}?order={id}`: where a declined or failed card payment lands. "Try again" asks the server for a
 * new payment attempt on the same order (never a second order) and goes to the provider's page again. Without an order
 * id (an old link) it only offers the way back. An order whose time to pay ran out (canceled, `payment_expired`) can no
 * longer be paid: the page says so and offers to order the same again. What happened comes from the server's verdict
 * (declined, insufficient funds, 3-D Secure, else the spec's technical error), with what to do next: another card
 * (the retry), or the same order again paid cash.
 */
export default function PaymentFailedRoute() {
  const { uuid = '' } = useParams();
  const [search] = useSearchParams();
  const { t } = useTranslation();
  const language = useLanguage();
  const orderId = orderIdFrom(search);
  const { sending, error, order, expired, reason, retry } = usePaymentFailure(uuid, orderId);
  const { ready, reorder } = useReorder(uuid);

  const title = t(expired ? 'ordering.paymentExpiredTitle' : 'ordering.paymentFailedTitle');
  if (expired) return <PaymentExpired uuid={uuid} title={title} order={order} />;

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
      <p className="page__lead" role="alert" data-testid="payment-failed-text">
        {/* The server's words for this failure (shared error table); until they come, the spec's own. */}
        {orderId === null ? t('ordering.paymentFailedText') : (reason ?? errorMessage('payment_failed', language))}
      </p>
      {error && (
        <p className="form-alert" role="alert" data-testid="payment-retry-error">
          {error}
        </p>
      )}
      <div className="page__actions">
        {orderId !== null ? (
          <button
            type="button"
            className="btn btn-primary"
            disabled={sending}
            aria-busy={sending}
            onClick={() => void retry()}
            data-testid="payment-retry"
          >
            {sending ? t('ordering.paymentRetrying') : t('ordering.paymentRetry')}
          </button>
        ) : (
          <Link to={paths.checkout.build(uuid)} className="btn btn-primary">
            {t('ordering.backToCheckout')}
          </Link>
        )}
        {order ? (
          // Cash instead: the same lines back in the cart, to place again and pay at the restaurant.
          <button
            type="button"
            className="btn btn-secondary"
            disabled={!ready}
            onClick={() => reorder(order)}
            data-testid="payment-failed-reorder"
          >
            {t('ordering.reorderToPayCash')}
          </button>
        ) : (
          <Link to={paths.cart.build(uuid)} className="btn btn-secondary">
            {t('ordering.backToCart')}
          </Link>
        )}
      </div>
    </div>
  );
}
