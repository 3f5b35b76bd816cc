import { dinerOrderStatusLabel, isTerminalOrderStatus } from '@sufra/shared/machines/order-status';
import { PAYMENT_EXPIRED_REASON } from '@sufra/shared/order-cancel-reasons';
import type { Order } from '@sufra/shared/schemas/order';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import type { useOrderEvents } from '../hooks/use-order-events';
import { useReorder } from '../hooks/use-reorder';
import { formatClockTime } from '../order-number';
import { orderTimeline } from '../order-timeline';
import '../../../components/ui/cart-totals.css';

type Props = {
  uuid: string;
  order: Order;
  live: ReturnType<typeof useOrderEvents>;
  /** The branch's time zone (undefined while the branch list loads: the device's). */
  timeZone?: string | undefined;
};

/** The order's status along its timeline, live while it can still move; an expired card payment offers a reorder. */
export function OrderStatusCard({ uuid, order, live, timeZone }: Props) {
  const { t } = useTranslation();
  const { ready: reorderReady, reorder } = useReorder(uuid);
  return (
    <section className="card" aria-labelledby="status-heading">
      <h2 id="status-heading" className="cart-totals__title">
        {t('ordering.statusTitle')}
      </h2>
      <OrderEstimate order={order} timeZone={timeZone} />
      {order.declineReason && (
        <p className="banner banner--error" data-testid="decline-reason">
          {t('ordering.times.declined', { reason: t(`ordering.times.reasons.${order.declineReason}`) })}
        </p>
      )}
      <StatusTimeline order={order} timeZone={timeZone} />
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

/**
 * The server's estimate as of the order's status (issue 28 item 3): ready around (pickup, dine-in) or arrives around
 * (delivery), on the branch's clock; it moves with every live update. None once the order is finished.
 */
function OrderEstimate({ order, timeZone }: { order: Order; timeZone: string | undefined }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const estimate = order.times.estimate;
  if (!estimate) return null;
  const at = estimate.arrivalAt ?? estimate.readyAt;
  return (
    <div className="order-estimate" data-testid="order-estimate" data-at={at}>
      <p className="order-estimate__time">
        {t(estimate.arrivalAt ? 'ordering.times.arrivalAt' : 'ordering.times.readyAt', {
          time: formatClockTime(at, language, timeZone),
        })}
      </p>
      <p className="order-estimate__note">{t('ordering.times.note')}</p>
    </div>
  );
}

function StatusTimeline({
  order,
  timeZone,
}: {
  order: Pick<Order, 'orderType' | 'status' | 'times'>;
  timeZone: string | undefined;
}) {
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
          {step.state !== 'upcoming' && order.times.statusTimes[step.status] && (
            <time
              className="status-step__time"
              dateTime={order.times.statusTimes[step.status]}
              data-testid="status-step-time"
            >
              {formatClockTime(order.times.statusTimes[step.status] as string, language, timeZone)}
            </time>
          )}
          {step.state === 'current' && <span className="visually-hidden"> ({t('ordering.currentStatus')})</span>}
        </li>
      ))}
    </ol>
  );
}
