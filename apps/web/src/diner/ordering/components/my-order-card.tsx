import { dinerOrderStatusLabel } from '@sufra/shared/machines/order-status';
import { formatSar } from '@sufra/shared/money';
import type { Order } from '@sufra/shared/schemas/order';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { formatOrderTime, orderNumberText, paymentStateKey } from '../order-number';
import { ReceiptLink } from './receipt-link';

type Props = {
  uuid: string;
  order: Order;
  zone: string | undefined;
  /** Whether "Order again" can rebuild the lines yet (the menu has loaded). */
  ready: boolean;
  reorder: (order: Order) => void;
  evaluationLink?: (uuid: string, orderId: number) => ReactNode;
};

/** One of the diner's orders: number at its branch, status, type, payment, lines and total; open it or order again. */
export function MyOrderCard({ uuid, order, zone, ready, reorder, evaluationLink }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const number = orderNumberText(order.number, language);
  // Numbers count per branch: two orders at two branches can both be #1, so the branch goes with it.
  const branch = order.branchName[language];
  const when = formatOrderTime(order.createdAt, language, zone);
  const payment = paymentStateKey(order);
  return (
    <li className="card order-card" data-testid="order-card">
      <div className="order-card__head">
        <span className="order-line__name" id={`order-${order.id}-number`} data-testid="order-number">
          {t('ordering.orderNumberAt', { number, branch })}
        </span>
        <span className="pill" data-testid="order-status">
          {dinerOrderStatusLabel(order.status, order.orderType, language)}
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
        <ReceiptLink uuid={uuid} orderId={order.id} />
      </div>
    </li>
  );
}
