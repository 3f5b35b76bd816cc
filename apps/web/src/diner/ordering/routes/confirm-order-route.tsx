import type { ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import { paths } from '../../../config/paths';
import { ApiError, errorText } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useAppSelector } from '../../../stores/root-state';
import { ConfirmHead, confirmHeadline } from '../components/confirm-head';
import { ConfirmDetails, ConfirmLines, ConfirmSummary } from '../components/confirm-sections';
import { MissingOrder } from '../components/missing-order';
import { OrderStatusCard } from '../components/order-status-card';
import { useBranchTimeZones } from '../hooks/use-branch-time-zones';
import { useConfirmedOrder } from '../hooks/use-confirmed-order';
import { useOrderFromQuery } from '../hooks/use-order-from-query';
import '../../../components/ui/form.css';
import './ordering.css';
import { ReceiptLink } from '../components/receipt-link';

/**
 * `/confirm-order/{uuid}?order={id}`: the placed order with its number, and its status moving live as staff move it
 * (server-sent events). Works on reload: the order is loaded by its id.
 */
export default function ConfirmOrderRoute({
  evaluationLink,
}: {
  /** "Rate your visit" for this order (the evaluation feature's, given by the router). */
  evaluationLink?: (uuid: string, orderId: number) => ReactNode;
  /** "Receipt" for this order (the receipts feature's, given by the router). */
}) {
  const { uuid = '' } = useParams();
  const { t } = useTranslation();
  const language = useLanguage();
  const { orderId, status } = useOrderFromQuery(uuid, paths.confirmOrder.build);
  const qr = useAppSelector((s) => s.establishment.establishment);
  const timeZoneOf = useBranchTimeZones(uuid);
  const { order, loadError, load, live, announcement, previewTotal } = useConfirmedOrder(
    uuid,
    orderId,
    status === 'signedIn',
  );

  const title = order ? t(confirmHeadline(order).title) : t('ordering.confirmTitle');
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
          <ConfirmHead order={order} title={title} />
          <OrderStatusCard uuid={uuid} order={order} live={live} timeZone={timeZoneOf(order.branchId)} />
          <ConfirmDetails order={order} />
          <ConfirmLines order={order} />
          <ConfirmSummary order={order} previewTotal={previewTotal} timeZone={timeZoneOf(order.branchId)} />
          <div className="page__actions">
            {evaluationLink?.(uuid, order.id)}
            <ReceiptLink uuid={uuid} orderId={order.id} />
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
