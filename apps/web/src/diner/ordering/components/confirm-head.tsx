import { formatSar } from '@sufra/shared/money';
import { PAYMENT_EXPIRED_REASON } from '@sufra/shared/order-cancel-reasons';
import { ORDER_TYPES } from '@sufra/shared/order-types';
import type { Order } from '@sufra/shared/schemas/order';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { orderNumberText } from '../order-number';

/** The confirmation's head: the icon, the headline, the order's number at its branch and what the state means. */
export function ConfirmHead({ order, title }: { order: Order; title: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const headline = confirmHeadline(order);
  return (
    <header className="card confirm-head" data-testid="confirm-head" data-state={headline.state}>
      <ConfirmIcon state={headline.state} />
      <h1>{title}</h1>
      <p className="order-number" data-testid="order-number">
        {/* Numbers count per branch, so the branch says which #12 this is (issue 13, item 16). */}
        {t('ordering.orderNumberAt', {
          number: orderNumberText(order.number, language),
          branch: order.branchName[language],
        })}
      </p>
      {headline.lines.map((line) => (
        <p key={line.key} data-testid={`confirm-${line.key}`}>
          {t(line.text, {
            reason: order.cancelReason,
            total: formatSar(order.pricing.total, language),
          })}
        </p>
      ))}
    </header>
  );
}

type HeadState = 'placed' | 'delivered' | 'canceled';

/**
 * The page's headline, icon and words follow the order: placed (on its way), delivered, or canceled with its reason
 * and, for a card order, where the money is (refund on its way, refunded, or never charged). Locale keys.
 */
export function confirmHeadline(
  order: Pick<Order, 'status' | 'orderType' | 'cancelReason' | 'paymentMethod' | 'paymentStatus' | 'refund'>,
): { state: HeadState; title: string; lines: { key: string; text: string }[] } {
  if (order.status === 'delivered') {
    return {
      state: 'delivered',
      // Nobody delivers a pickup or a dine-in order: it was picked up, or served.
      title:
        order.orderType === ORDER_TYPES.pickup
          ? 'ordering.confirmPickedUpTitle'
          : order.orderType === ORDER_TYPES.dineIn
            ? 'ordering.confirmServedTitle'
            : 'ordering.confirmDeliveredTitle',
      lines: [{ key: 'text', text: 'ordering.confirmDeliveredText' }],
    };
  }
  if (order.status !== 'canceled') {
    return { state: 'placed', title: 'ordering.confirmTitle', lines: [{ key: 'text', text: 'ordering.thanks' }] };
  }
  const lines: { key: string; text: string }[] = [];
  if (order.cancelReason === PAYMENT_EXPIRED_REASON) {
    lines.push({ key: 'text', text: 'ordering.canceledPaymentExpired' });
  } else {
    lines.push({ key: 'text', text: 'ordering.confirmCanceledText' });
    if (order.cancelReason) lines.push({ key: 'reason', text: 'ordering.confirmCanceledReason' });
  }
  if (order.paymentMethod === 'card') {
    lines.push({
      key: 'money',
      text:
        order.refund === 'done'
          ? 'ordering.confirmRefundDone'
          : order.refund === 'pending'
            ? 'ordering.confirmRefundPending'
            : 'ordering.confirmNotCharged',
    });
  }
  return { state: 'canceled', title: 'ordering.confirmCanceledTitle', lines };
}

function ConfirmIcon({ state }: { state: HeadState }) {
  const paths: Record<HeadState, string> = {
    // A bag: placed and on its way.
    placed: 'M6 8h12l-1 12H7L6 8zm3 0V6a3 3 0 016 0v2',
    // A check in a circle: delivered.
    delivered: 'M12 3a9 9 0 100 18 9 9 0 000-18zm-4 9l3 3 5-6',
    // A cross in a circle: canceled.
    canceled: 'M12 3a9 9 0 100 18 9 9 0 000-18zm-3 6l6 6m0-6l-6 6',
  };
  return (
    <svg
      className={`confirm-head__icon confirm-head__icon--${state}`}
      viewBox="0 0 24 24"
      width="48"
      height="48"
      aria-hidden="true"
      data-testid="confirm-icon"
    >
      <path
        d={paths[state]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
