import { orderStatusLabel } from '@sufra/shared/machines/order-status';
import { formatSar } from '@sufra/shared/money';
import type { Order } from '@sufra/shared/schemas/order';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'wouter';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { getOrders } from '../api/get-orders';
import { useBranchTimeZones } from '../hooks/use-branch-time-zones';
import { useSignedIn } from '../hooks/use-ordering-cart';
import { useReorder } from '../hooks/use-reorder';
import { formatOrderTime, orderNumberText, paymentStateKey } from '../order-number';
import '../../../components/ui/form.css';
import './ordering.css';
import { useBrandName } from '../../../stores/use-brand-name';

/**
 * `/orders/{uuid}` (our design): the signed-in diner's orders at this brand, newest first, a page at a time. Each opens
 * its confirmation page; "Order again" puts its lines back in the cart, rebuilt from the current menu.
 */
export default function OrdersRoute({
  evaluationLink,
}: {
  /** "Rate your visit" for each order (the evaluation feature's, given by the router). */
  evaluationLink?: (uuid: string, orderId: number) => ReactNode;
}) {
  const { uuid = '' } = useParams();
  const { t } = useTranslation();
  const language = useLanguage();
  const brandName = useBrandName();
  const status = useSignedIn(uuid, paths.orders.build(uuid));
  const { ready, reorder } = useReorder(uuid);
  const timeZoneOf = useBranchTimeZones(uuid);
  const [orders, setOrders] = useState<Order[] | null>(null);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    (pageNumber: number) => {
      setLoading(true);
      setError(null);
      getOrders(uuid, pageNumber, language).then(
        (response) => {
          setOrders((list) => (pageNumber === 1 ? response.orders : [...(list ?? []), ...response.orders]));
          setHasMore(response.hasMore);
          setPage(pageNumber);
          setLoading(false);
        },
        (caught: unknown) => {
          setError(errorText(caught, language));
          setLoading(false);
        },
      );
    },
    [uuid, language],
  );
  useEffect(() => {
    if (status === 'signedIn') load(1);
  }, [status, load]);

  const title = t('ordering.ordersTitle');
  return (
    <div className="page ordering-page" data-testid="orders-page">
      <title>{`${title} | ${brandName}`}</title>
      <h1>{title}</h1>
      {error && (
        <div className="banner banner--error" role="alert">
          <span>{error}</span>
          <button type="button" className="btn btn-small" onClick={() => load(orders ? page + 1 : 1)}>
            {t('app.retry')}
          </button>
        </div>
      )}
      {!orders && !error && (
        <div role="status">
          <span className="visually-hidden">{t('app.loading')}</span>
          <div className="skeleton skeleton--block" />
        </div>
      )}
      {orders && orders.length === 0 && (
        <div className="state-box" data-testid="no-orders">
          <p className="state-box__title">{t('ordering.noOrders')}</p>
          <Link to={paths.menu.build(uuid)} className="btn btn-primary">
            {t('ordering.browseMenu')}
          </Link>
        </div>
      )}
      {orders && orders.length > 0 && (
        <ul className="order-lines">
          {orders.map((order) => {
            const number = orderNumberText(order.number, language);
            // Numbers count per branch: two orders at two branches can both be #1, so the branch goes with it.
            const branch = order.branchName[language];
            const zone = timeZoneOf(order.branchId);
            const when = formatOrderTime(order.createdAt, language, zone);
            const payment = paymentStateKey(order);
            return (
              <li key={order.id} className="card order-card" data-testid="order-card">
                <div className="order-card__head">
                  <span className="order-line__name" id={`order-${order.id}-number`} data-testid="order-number">
                    {t('ordering.orderNumberAt', { number, branch })}
                  </span>
                  <span className="pill" data-testid="order-status">
                    {orderStatusLabel(order.status, language)}
                  </span>
                </div>
                <span className="order-line__details">
                  {`${t(`ordering.types.${order.orderType}`)} · ${t('ordering.placedAt', { when })}`}
                </span>
                <span className="order-line__details" data-testid="order-payment" data-payment={payment}>
                  {t(`ordering.paymentState.${payment}`, {
                    when: order.cashReceivedAt ? formatOrderTime(order.cashReceivedAt, language, zone) : '',
                  })}
                </span>
                <span className="order-line__details">
                  {order.lines.map((l) => l.name[language]).join(language === 'ar' ? '، ' : ', ')}
                </span>
                <strong>{formatSar(order.pricing.total, language)}</strong>
                <div className="order-card__actions">
                  <Link to={paths.confirmOrder.build(uuid, order.id)} className="btn btn-small btn-secondary">
                    {t('ordering.viewOrderAt', { number, branch })}
                  </Link>
                  <button
                    type="button"
                    className="btn btn-small btn-primary"
                    disabled={!ready}
                    aria-describedby={`order-${order.id}-number`}
                    onClick={() => reorder(order)}
                    data-testid="reorder"
                  >
                    {t('ordering.reorder')}
                  </button>
                  {evaluationLink?.(uuid, order.id)}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {hasMore && (
        <button type="button" className="btn btn-secondary" disabled={loading} onClick={() => load(page + 1)}>
          {t('ordering.loadMore')}
        </button>
      )}
    </div>
  );
}
