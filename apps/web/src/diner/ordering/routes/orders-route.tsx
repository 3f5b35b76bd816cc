import type { ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import { paths } from '../../../config/paths';
import { useTranslation } from '../../../lib/use-translation';
import { useBrandName } from '../../../stores/use-brand-name';
import { MyOrderCard } from '../components/my-order-card';
import { useBranchTimeZones } from '../hooks/use-branch-time-zones';
import { useMyOrders } from '../hooks/use-my-orders';
import { useSignedIn } from '../hooks/use-ordering-cart';
import { useReorder } from '../hooks/use-reorder';
import '../../../components/ui/form.css';
import './ordering.css';

/**
 * `/orders/{uuid}` (our design): the signed-in diner's orders at this brand, newest first, a page at a time. Each opens
 * its confirmation page; "Order again" puts its lines back in the cart, rebuilt from the current menu.
 */
export default function OrdersRoute({
  evaluationLink,
}: {
  /** "Rate your visit" for each order (the evaluation feature's, given by the router). */
  evaluationLink?: (uuid: string, orderId: number) => ReactNode;
  /** "Receipt" for each order (the receipts feature's, given by the router). */
}) {
  const { uuid = '' } = useParams();
  const { t } = useTranslation();
  const brandName = useBrandName();
  const status = useSignedIn(uuid, paths.orders.build(uuid));
  const { ready, reorder } = useReorder(uuid);
  const timeZoneOf = useBranchTimeZones(uuid);
  const { orders, page, hasMore, loading, error, load } = useMyOrders(uuid, status === 'signedIn');

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
          {orders.map((order) => (
            <MyOrderCard
              key={order.id}
              {...{ uuid, order, ready, reorder, evaluationLink }}
              zone={timeZoneOf(order.branchId)}
            />
          ))}
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
