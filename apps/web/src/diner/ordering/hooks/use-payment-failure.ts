import { PAYMENT_EXPIRED_REASON } from '@sufra/shared/order-cancel-reasons';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../../config/paths';
import { ApiError, errorText } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/use-api-query';
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
  const [expiredOnRetry, setExpiredOnRetry] = useState(false);

  // The verdict tells what happened and whether the order expired (and holds the lines to order again); without it
  // (its error is not shown) the page still offers a retry. Asked on each visit.
  const verdict = useApiQuery(
    orderId === null ? null : ['payment-verdict', uuid, orderId, language],
    () => verifyPayment(uuid, orderId ?? 0, language),
    { staleMs: 0 },
  );
  const paid = verdict.data?.outcome === 'paid';
  // Paid after all (a late webhook, another tab): the confirmation says so.
  useEffect(() => {
    if (paid && orderId !== null) navigate(paths.confirmOrder.build(uuid, orderId), { replace: true });
  }, [paid, uuid, orderId, navigate]);
  const order = verdict.data && !paid ? verdict.data.order : null;
  // The server's words for what happened to the card (null until asked, or when it could not be asked).
  const reason = order ? (verdict.data?.error?.message ?? null) : null;
  const expired = expiredOnRetry || (order?.status === 'canceled' && order.cancelReason === PAYMENT_EXPIRED_REASON);
  const loadVerdict = verdict.refetch;

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
        setExpiredOnRetry(true);
        loadVerdict();
        return;
      }
      setError(caught instanceof ApiError ? caught.message : errorText(caught, language));
    }
  };

  return { sending, error, order, expired, reason, retry };
}
