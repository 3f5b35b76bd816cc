import { PAYMENT_EXPIRED_REASON } from '@sufra/shared/order-cancel-reasons';
import type { Order } from '@sufra/shared/schemas/order';
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../../config/paths';
import { ApiError, errorText } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/use-language';
import { retryPayment } from '../api/retry-payment';
import { verifyPayment } from '../api/verify-payment';

/**
 * A failed card payment: the server's verdict (what happened, whether the order expired, the lines to order again)
 * and "try again", which asks for a new attempt on the same order and goes to the provider's page.
 */
export function usePaymentFailure(uuid: string, orderId: number | null) {
  const language = useLanguage();
  const [, navigate] = useLocation();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [order, setOrder] = useState<Order | null>(null);
  const [expired, setExpired] = useState(false);
  // The server's words for what happened to the card (null until asked, or when it could not be asked).
  const [reason, setReason] = useState<string | null>(null);

  // The verdict tells what happened and whether the order expired (and holds the lines to order again); without it
  // the page still offers a retry.
  const loadVerdict = useCallback(() => {
    if (orderId === null) return;
    verifyPayment(uuid, orderId, language).then(
      (verdict) => {
        // Paid after all (a late webhook, another tab): the confirmation says so.
        if (verdict.outcome === 'paid') {
          navigate(paths.confirmOrder.build(uuid, orderId), { replace: true });
          return;
        }
        setOrder(verdict.order);
        setReason(verdict.error?.message ?? null);
        const loaded = verdict.order;
        if (loaded.status === 'canceled' && loaded.cancelReason === PAYMENT_EXPIRED_REASON) setExpired(true);
      },
      () => {},
    );
  }, [uuid, orderId, language, navigate]);
  useEffect(loadVerdict, [loadVerdict]);

  const retry = async () => {
    if (orderId === null) return;
    setSending(true);
    setError(null);
    try {
      const { payment } = await retryPayment(uuid, orderId, language);
      // The provider's hosted page: the card is typed there, never here.
      window.location.assign(payment.redirectUrl);
    } catch (caught) {
      setSending(false);
      // Paid after all (the webhook came in meanwhile): the confirmation says so.
      if (caught instanceof ApiError && caught.code === 'payment_already_completed') {
        navigate(paths.confirmOrder.build(uuid, orderId), { replace: true });
        return;
      }
      if (caught instanceof ApiError && caught.code === 'payment_expired') {
        setExpired(true);
        loadVerdict();
        return;
      }
      setError(caught instanceof ApiError ? caught.message : errorText(caught, language));
    }
  };

  return { sending, error, order, expired, reason, retry };
}
