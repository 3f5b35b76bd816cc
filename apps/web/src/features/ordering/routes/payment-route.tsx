import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { paths } from '../../../config/paths';
import { ApiError, errorText } from '../../../lib/api-client';
import { session } from '../../../lib/storage';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { resetCart } from '../../../stores/cart-slice';
import { enterEstablishment } from '../../../stores/establishment-slice';
import { useAppDispatch } from '../../../stores/root-state';
import { verifyPayment } from '../api/verify-payment';
import { MissingOrder } from '../components/missing-order';
import type { ConfirmState } from '../confirm-state';
import { useOrderFromQuery } from '../hooks/use-order-from-query';
import { pendingCardOrderKey } from '../order-draft';
import { PAYMENT_POLL_INTERVAL_MS, paymentReturnStep } from '../payment-return';
import './ordering.css';

type Shown = { state: 'checking' } | { state: 'stalled' } | { state: 'error'; message: string };

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
  const dispatch = useAppDispatch();
  const [, navigate] = useLocation();
  const { orderId, status } = useOrderFromQuery(uuid, paths.payment.build);
  const [shown, setShown] = useState<Shown>({ state: 'checking' });
  // One round of checks at a time; a new round (the retry button) makes the old one's answers stale.
  const round = useRef(0);

  // The cart belongs to this establishment: it is emptied once the order is paid.
  useLayoutEffect(() => {
    dispatch(enterEstablishment(uuid));
  }, [uuid, dispatch]);

  const check = useCallback(() => {
    if (orderId === null) return;
    const mine = ++round.current;
    const started = Date.now();
    setShown({ state: 'checking' });
    const ask = async (): Promise<void> => {
      try {
        const verdict = await verifyPayment(uuid, orderId, language);
        if (round.current !== mine) return;
        const step = paymentReturnStep(verdict.outcome, Date.now() - started);
        if (step === 'paid') {
          session.removeItem(pendingCardOrderKey(uuid));
          dispatch(resetCart());
          navigate(paths.confirmOrder.build(uuid, orderId), {
            replace: true,
            state: { order: verdict.order } satisfies ConfirmState,
          });
        } else if (step === 'failed') {
          navigate(paths.paymentFailed.build(uuid, orderId), { replace: true });
        } else if (step === 'stalled') {
          setShown({ state: 'stalled' });
        } else {
          window.setTimeout(() => void ask(), PAYMENT_POLL_INTERVAL_MS);
        }
      } catch (caught) {
        if (round.current !== mine) return;
        setShown({
          state: 'error',
          message: caught instanceof ApiError ? caught.message : errorText(caught, language),
        });
      }
    };
    void ask();
  }, [uuid, orderId, language, dispatch, navigate]);

  useEffect(() => {
    if (status === 'signedIn') check();
    return () => {
      // Leaving the page (or a new round) ends the polling.
      round.current++;
    };
  }, [status, check]);

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
