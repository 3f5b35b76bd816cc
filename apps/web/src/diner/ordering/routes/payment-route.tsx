import { Link, useParams } from 'wouter';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { MissingOrder } from '../components/missing-order';
import { usePaymentVerdict } from '../hooks/use-payment-verdict';
import './ordering.css';
import '../../../components/ui/form.css';

/**
 * `/payment/{uuid}?order={id}`: where the card provider sends the diner back. The provider's `id` and `status` in the
 * query are never read: the server asks the provider itself, and this page waits for that verdict (asking again every
 * second while the payment is pending, for at most half a minute), then replaces itself with the confirmation or the
 * payment-failed page so Back does not come through here again.
 */
export default function PaymentRoute() {
  const { uuid = '' } = useParams();
  const { t } = useTranslation();
  const language = useLanguage();
  const { orderId, shown, check } = usePaymentVerdict(uuid, language);

  const title = t('ordering.paymentCheckingTitle');
  if (orderId === null) return <MissingOrder uuid={uuid} title={title} testId="payment-page" />;

  return (
    <div className="page page--center" data-testid="payment-page" data-state={shown.state}>
      <title>{`${title} | ${t('app.name')}`}</title>
      <h1>{title}</h1>
      <div className="payment-status" role="status" aria-live="polite" data-testid="payment-status">
        {shown.state === 'checking' && (
          <>
            <span className="spinner" aria-hidden="true" />
            <p className="page__lead">{t('ordering.paymentChecking')}</p>
          </>
        )}
        {shown.state === 'stalled' && <p className="page__lead">{t('ordering.paymentStillChecking')}</p>}
      </div>
      {shown.state === 'error' && (
        <p className="form-alert" role="alert" data-testid="payment-error">
          {shown.message}
        </p>
      )}
      {shown.state !== 'checking' && (
        <div className="page__actions">
          <button type="button" className="btn btn-primary" onClick={check} data-testid="payment-check-again">
            {t('ordering.paymentCheckAgain')}
          </button>
          <Link to={paths.orders.build(uuid)} className="btn btn-secondary">
            {t('ordering.myOrders')}
          </Link>
        </div>
      )}
    </div>
  );
}
