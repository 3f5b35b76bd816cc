import { formatSar } from '@sufra/shared/money';
import { ORDER_TYPES } from '@sufra/shared/order-types';
import type { Order } from '@sufra/shared/schemas/order';
import { CartTotals } from '../../../components/ui/cart-totals';
import { formatTableNumber } from '../../../lib/format-table-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { formatOrderTime } from '../order-number';
import { OrderLines } from './order-lines';
import '../../../components/ui/review-list.css';
import '../../../components/ui/cart-totals.css';

/** Where and how the order is served: type, branch, table or address, notes. */
export function ConfirmDetails({ order }: { order: Order }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
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
  );
}

export function ConfirmLines({ order }: { order: Order }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
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
  );
}

type SummaryProps = {
  order: Order;
  /** The checkout's preview total, when the diner came from there: a different total is pointed out. */
  previewTotal: number | undefined;
  timeZone: string | undefined;
};

/** The totals as charged, and how the order is (or was) paid. */
export function ConfirmSummary({ order, previewTotal, timeZone }: SummaryProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
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
              : order.status === 'canceled'
                ? 'ordering.cashNotDue'
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
            when: order.cashReceivedAt ? formatOrderTime(order.cashReceivedAt, language, timeZone) : '',
          },
        )}
      </p>
    </section>
  );
}
