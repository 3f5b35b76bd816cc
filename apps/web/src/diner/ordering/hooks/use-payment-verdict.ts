import type { Language } from '@sufra/shared/language';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../../config/paths';
import { ApiError, errorText } from '../../../lib/api-client';
import { session } from '../../../lib/storage';
import { resetCart } from '../../../stores/cart-slice';
import { enterEstablishment } from '../../../stores/establishment-slice';
import { useAppDispatch } from '../../../stores/root-state';
import { verifyPayment } from '../api/verify-payment';
import type { ConfirmState } from '../confirm-state';
import { pendingCardOrderKey } from '../order-draft';
import { PAYMENT_POLL_INTERVAL_MS, paymentReturnStep } from '../payment-return';
import { useOrderFromQuery } from './use-order-from-query';

type Shown = { state: 'checking' } | { state: 'stalled' } | { state: 'error'; message: string };

/**
 * The payment page's wait for the server's verdict on the order in the query: rounds of checks (one at a time, the
 * retry button starts a new one), each asking again while the payment is pending, then on to the confirmation or
 * the payment-failed page in place of this one.
 */
export function usePaymentVerdict(uuid: string, language: Language) {
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

  return { orderId, shown, check };
}
