import { isTerminalOrderStatus, orderStatusLabel } from '@sufra/shared/machines/order-status';
import { formatSar } from '@sufra/shared/money';
import { PAYMENT_EXPIRED_REASON } from '@sufra/shared/order-cancel-reasons';
import { ORDER_TYPES } from '@sufra/shared/order-types';
import type { Order } from '@sufra/shared/schemas/order';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import { CartTotals } from '../../../components/ui/cart-totals';
import { paths } from '../../../config/paths';
import { ApiError, errorText } from '../../../lib/api-client';
import { formatTableNumber } from '../../../lib/format-table-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useAppSelector } from '../../../stores/root-state';
import { getOrder } from '../api/get-order';
import { MissingOrder } from '../components/missing-order';
import { OrderLines } from '../components/order-lines';
import type { ConfirmState } from '../confirm-state';
import { useBranchTimeZones } from '../hooks/use-branch-time-zones';
import { useOrderEvents } from '../hooks/use-order-events';
import { useOrderFromQuery } from '../hooks/use-order-from-query';
import { useReorder } from '../hooks/use-reorder';
import { formatOrderTime, orderNumberText } from '../order-number';
import { orderTimeline } from '../order-timeline';
import '../../../components/ui/form.css';
import './ordering.css';

/**
 * `/confirm-order/{uuid}?order={id}`: the placed order with its number, and its status moving live as staff move it
 * (server-sent events). Works on reload: the order is loaded by its id.
 */
export default function ConfirmOrderRoute({
  evaluationLink,
}: {
  /** "Rate your visit" for this order (the evaluation feature's, given by the router). */
  evaluationLink?: (uuid: string, orderId: number) => ReactNode;
}) {
  const { uuid = '' } = useParams();
  const { t } = useTranslation();
  const language = useLanguage();
  const { orderId, status } = useOrderFromQuery(uuid, paths.confirmOrder.build);
  const qr = useAppSelector((s) => s.establishment.establishment);
  const timeZoneOf = useBranchTimeZones(uuid);
  const [sent] = useState(() => window.history.state as ConfirmState | null);
  // The order as the page before answered it (placement, or the payment's verification): painted at once, while
  // the load below and the live stream bring the current one.
  const [order, setOrder] = useState<Order | null>(() =>
    sent?.order && sent.order.id === orderId ? sent.order : null,
  );
  const [loadError, setLoadError] = useState<unknown>(null);
  // The checkout's preview total, when the diner came from there (history state survives a reload).
  const previewTotal = sent?.previewTotal;

  const load = useCallback(() => {
    if (orderId === null) return;
    setLoadError(null);
    getOrder(uuid, orderId, language).then(setOrder, setLoadError);
  }, [uuid, orderId, language]);
  useEffect(() => {
    if (status === 'signedIn') load();
  }, [status, load]);

  // Newer news only: a late snapshot must not move the status back.
  const onEvent = useCallback((next: Order) => {
    setOrder((current) =>
      current && current.id === next.id && Date.parse(next.updatedAt) < Date.parse(current.updatedAt) ? current : next,
    );
  }, []);
  const live = useOrderEvents(uuid, order, onEvent);
  const { ready: reorderReady, reorder } = useReorder(uuid);

  // Spoken when the status changes, not when the page first shows it.
  const [announcement, setAnnouncement] = useState('');
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!order) return;
    if (shown.current !== null && shown.current !== order.status) {
      setAnnouncement(t('ordering.statusAnnouncement', { status: orderStatusLabel(order.status, language) }));
    }
    shown.current = order.status;
  }, [order, t, language]);

  const headline = order ? confirmHeadline(order) : null;
  const title = headline ? t(headline.title) : t('ordering.confirmTitle');
  // No order, or one that is not this diner's (another's id, a made-up one): "order placed" would be untrue above
  // the error, and trying again cannot help. One message, and the way on is the diner's own orders.
  if (orderId === null) return <MissingOrder uuid={uuid} title={t('ordering.orderNotFoundTitle')} />;
  if (loadError instanceof ApiError && loadError.status === 404 && !order) {
    return (
      <MissingOrder uuid={uuid} title={t('ordering.orderNotFoundTitle')} message={errorText(loadError, language)} />
    );
  }

  return (
    <div className="page ordering-page" data-testid="confirm-page">
      <title>{`${title} | ${qr?.brand.name[language] ?? t('app.name')}`}</title>
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="status-announcer">
        {announcement}
      </p>
      {loadError != null && !order ? (
        <>
          <h1>{title}</h1>
          <div className="banner banner--error" role="alert">
            <span>{errorText(loadError, language)}</span>
            <button type="button" className="btn btn-small" onClick={load}>
              {t('app.retry')}
            </button>
          </div>
        </>
      ) : !order ? (
        <>
          <h1>{title}</h1>
          <div className="skeleton skeleton--block" role="status">
            <span className="visually-hidden">{t('app.loading')}</span>
          </div>
        </>
      ) : (
        <>
          <header className="card confirm-head" data-testid="confirm-head" data-state={headline?.state}>
            {headline && <ConfirmIcon state={headline.state} />}
            <h1>{title}</h1>
            <p className="order-number" data-testid="order-number">
              {/* Numbers count per branch, so the branch says which #12 this is (issue 13, item 16). */}
              {t('ordering.orderNumberAt', {
                number: orderNumberText(order.number, language),
                branch: order.branchName[language],
              })}
            </p>
            {headline?.lines.map((line) => (
              <p key={line.key} data-testid={`confirm-${line.key}`}>
                {t(line.text, {
                  reason: order.cancelReason,
                  total: formatSar(order.pricing.total, language),
                })}
              </p>
            ))}
          </header>

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

          <section className="card" aria-labelledby="confirm-details-heading">
            <h2 id="confirm-details-heading" className="cart-totals__title">
              {t('ordering.details')}
            </h2>
            <dl className="review-list">
              <div className="review-row">
                <dt>{t('ordering.orderType')}</dt>
                <dd data-testid="confirm-type">{t(`ordering.types.${order.orderType}`)}</dd>
              </div>
              <div className="review-row">
                <dt>{t('ordering.branch')}</dt>
                <dd data-testid="confirm-branch">{order.branchName[language]}</dd>
              </div>
              {order.table && (
                <div className="review-row">
                  <dt>{t('ordering.table')}</dt>
                  <dd data-testid="confirm-table">
                    {t('ordering.tableNumber', { number: formatTableNumber(order.table.number, language) })}
                  </dd>
                </div>
              )}
              {order.orderType === ORDER_TYPES.delivery && order.address && (
                <div className="review-row">
                  <dt>{t('ordering.address')}</dt>
                  <dd>{`${order.address.title}: ${order.address.description}`}</dd>
                </div>
              )}
              {order.notes && (
                <div className="review-row">
                  <dt>{t('ordering.notesLabel')}</dt>
                  <dd>{order.notes}</dd>
                </div>
              )}
            </dl>
          </section>

          <section className="card" aria-labelledby="confirm-lines-heading">
            <h2 id="confirm-lines-heading" className="cart-totals__title">
              {t('ordering.yourOrder')}
            </h2>
            <OrderLines
              testId="confirm-lines"
              lines={order.lines.map((line, index) => ({
                key: `${index}`,
                name: line.name[language],
                details: [...line.slots.map((s) => s.name[language]), ...line.modifiers.map((m) => m.name[language])],
                quantity: line.quantity,
                priceHalalas: line.subtotal,
              }))}
            />
          </section>

          <section className="card cart-totals" aria-labelledby="confirm-summary-heading">
            <h2 id="confirm-summary-heading" className="cart-totals__title">
              {t('cart.summary')}
            </h2>
            {previewTotal !== undefined && previewTotal !== order.pricing.total && (
              <p className="notice notice--warning" data-testid="total-differs">
                {t('ordering.totalDiffers')}
              </p>
            )}
            <CartTotals pricing={order.pricing} vatRateBasisPoints={1500} singleRate={false} testId="confirm" />
            <p className="field__hint" data-testid="payment-summary" data-payment={order.paymentStatus}>
              {t(
                order.paymentMethod === 'cash'
                  ? order.cashReceivedAt
                    ? 'ordering.paidInCash'
                    : 'ordering.payCash'
                  : order.paymentStatus === 'paid'
                    ? 'ordering.paidByCard'
                    : order.paymentStatus === 'refunded'
                      ? 'ordering.refundedToCard'
                      : order.status === 'canceled'
                        ? 'ordering.cardNotCharged'
                        : 'ordering.cardNotPaid',
                {
                  total: formatSar(order.pricing.total, language),
                  when: order.cashReceivedAt
                    ? formatOrderTime(order.cashReceivedAt, language, timeZoneOf(order.branchId))
                    : '',
                },
              )}
            </p>
          </section>

          <div className="page__actions">
            {evaluationLink?.(uuid, order.id)}
            <Link to={paths.orders.build(uuid)} className="btn btn-secondary">
              {t('ordering.myOrders')}
            </Link>
            <Link to={paths.menu.build(uuid)} className="btn btn-ghost">
              {t('ordering.browseMenu')}
            </Link>
          </div>
        </>
      )}
    </div>
  );
}

type HeadState = 'placed' | 'delivered' | 'canceled';

/**
 * The page's headline, icon and words follow the order: placed (on its way), delivered, or canceled with its reason
 * and, for a card order, where the money is (refund on its way, refunded, or never charged). Locale keys.
 */
export function confirmHeadline(
  order: Pick<Order, 'status' | 'cancelReason' | 'paymentMethod' | 'paymentStatus' | 'refund'>,
): { state: HeadState; title: string; lines: { key: string; text: string }[] } {
  if (order.status === 'delivered') {
    return {
      state: 'delivered',
      title: 'ordering.confirmDeliveredTitle',
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
          <span>{orderStatusLabel(step.status, language)}</span>
          {step.state === 'current' && <span className="visually-hidden"> ({t('ordering.currentStatus')})</span>}
        </li>
      ))}
    </ol>
  );
}
