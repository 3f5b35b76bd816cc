import { dinerOrderStatusLabel, isTerminalOrderStatus } from '@sufra/shared/machines/order-status';
import { PAYMENT_EXPIRED_REASON } from '@sufra/shared/order-cancel-reasons';
import type { Order } from '@sufra/shared/schemas/order';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import type { useOrderEvents } from '../hooks/use-order-events';
import { useReorder } from '../hooks/use-reorder';
import { orderTimeline } from '../order-timeline';
import '../../../components/ui/cart-totals.css';

type Props = { uuid: string; order: Order; live: ReturnType<typeof useOrderEvents> };

/** The order's status along its timeline, live while it can still move; an expired card payment offers a reorder. */
export function OrderStatusCard({ uuid, order, live }: Props) {
  const { t } = useTranslation();
  const { ready: reorderReady, reorder } = useReorder(uuid);
  return (
    <section className="card" aria-labelledby="status-heading">
      <h2 id="status-heading" className="cart-totals__title">
        {t('ordering.statusTitle')}
      </h2>
      <StatusTimeline order={order} />
      {order.status === 'canceled' && order.cancelReason === PAYMENT_EXPIRED_REASON && (
        <div data-testid="payment-expired">
          <button
            type="button"
            className="btn btn-small btn-primary"
            disabled={!reorderReady}
            onClick={() => reorder(order)}
            data-testid="reorder"
          >
            {t('ordering.reorder')}
          </button>
        </div>
      )}
      {!isTerminalOrderStatus(order.status) && (
        <p className="live-state" data-testid="live-state" data-state={live}>
          {live === 'live' ? t('ordering.live') : live === 'reconnecting' ? t('ordering.reconnecting') : ''}
        </p>
      )}
    </section>
  );
}

function StatusTimeline({ order }: { order: Pick<Order, 'orderType' | 'status'> }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const steps = orderTimeline(order.orderType, order.status);
  return (
    <ol className="status-timeline" data-testid="status-timeline" data-status={order.status}>
      {steps.map((step) => (
        <li
          key={step.status}
          className={`status-step status-step--${step.state}`}
          aria-current={step.state === 'current' ? 'step' : undefined}
          data-testid="status-step"
          data-state={step.state}
        >
          <span>{dinerOrderStatusLabel(step.status, order.orderType, language)}</span>
          {step.state === 'current' && <span className="visually-hidden"> ({t('ordering.currentStatus')})</span>}
        </li>
      ))}
    </ol>
  );
}
