import type { Language } from '@sufra/shared/language';
import { estimateOrderTimes, preparationMinutes } from '@sufra/shared/order-estimate';
import { ORDER_TYPES } from '@sufra/shared/order-types';
import type { QrData } from '@sufra/shared/schemas/establishment';
import { Link } from 'wouter';
import { paths } from '../../../config/paths';
import { formatTableNumber } from '../../../lib/format-table-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import type { CartState } from '../../../stores/cart-slice';
import type { useOrderBranch } from '../hooks/use-order-branch';
import { formatClockTime } from '../order-number';
import '../../../components/ui/review-list.css';
import '../../../components/ui/cart-totals.css';

export function formatReceiveAt(iso: string, timeZone: string, language: Language): string {
  return new Intl.DateTimeFormat(language === 'ar' ? 'ar-SA' : 'en-SA', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}

interface Props {
  uuid: string;
  cart: CartState;
  qr: QrData | null;
  branch: ReturnType<typeof useOrderBranch>;
}

/** The checkout's "Details": what the diner chose on the earlier steps, each with a link back to change it. */
export function CheckoutDetails({ uuid, cart, qr, branch }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { orderType } = cart;
  const timeZone = branch?.timeZone ?? 'Asia/Riyadh';
  return (
    <section className="card" aria-labelledby="review-details-heading">
      <h2 id="review-details-heading" className="cart-totals__title">
        {t('ordering.details')}
      </h2>
      <dl className="review-list" data-testid="checkout-details">
        <ReviewRow
          label={t('ordering.orderType')}
          value={orderType === null ? '' : t(`ordering.types.${orderType}`)}
          change={paths.orderType.build(uuid)}
          testId="review-type"
        />
        <ReviewRow
          label={t('ordering.branch')}
          value={branch?.name[language] ?? cart.branch?.name[language] ?? ''}
          change={orderType === ORDER_TYPES.dineIn ? undefined : paths.orderType.build(uuid)}
          testId="review-branch"
        />
        {orderType === ORDER_TYPES.dineIn && (qr?.table ?? (qr?.branchHasTables && cart.tableNumber)) && (
          <ReviewRow
            label={t('ordering.table')}
            value={t('ordering.tableNumber', {
              number: formatTableNumber(qr?.table?.number ?? cart.tableNumber?.trim() ?? '', language),
            })}
            change={qr?.table ? undefined : paths.orderType.build(uuid)}
            testId="review-table"
          />
        )}
        {orderType === ORDER_TYPES.delivery && (
          <ReviewRow
            label={t('ordering.address')}
            value={`${cart.fullAddress ?? ''}${cart.deliveryZone ? ` (${cart.deliveryZone.name[language]})` : ''}`}
            change={paths.orderType.build(uuid)}
            testId="review-address"
          />
        )}
        <ReviewRow
          label={t('ordering.receiveAt')}
          value={cart.receiveAt ? formatReceiveAt(cart.receiveAt, timeZone, language) : t('ordering.asap')}
          change={paths.orderData.build(uuid)}
          testId="review-time"
        />
        <CheckoutEstimate cart={cart} branch={branch} timeZone={timeZone} />
        {cart.notes && (
          <ReviewRow
            label={t('ordering.notesLabel')}
            value={cart.notes}
            change={paths.orderData.build(uuid)}
            testId="review-notes"
          />
        )}
      </dl>
    </section>
  );
}

/**
 * The estimate before placing (issue 28 item 3): the same shared function the server runs, over the branch's
 * preparation time, the cart's units and the zone's drive, as if ordered now. The order's own answer (the
 * confirmation page) is the server's count, never this one.
 */
function CheckoutEstimate({
  cart,
  branch,
  timeZone,
}: {
  cart: CartState;
  branch: ReturnType<typeof useOrderBranch>;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (!branch?.preparation || cart.orderType === null) return null;
  const quantities = [...cart.products.map((p) => p.productQuantity), ...cart.combos.map((c) => c.comboQuantity)];
  const zone = branch.deliveryZones.find((z) => z.id === cart.deliveryZone?.id);
  const estimate = estimateOrderTimes({
    orderType: cart.orderType,
    status: 'pending',
    placedAt: new Date().toISOString(),
    receiveAt: cart.receiveAt ?? null,
    prepMinutes: preparationMinutes(branch.preparation, quantities),
    deliveryMinutes: cart.orderType === ORDER_TYPES.delivery ? (zone?.estimatedMinutes ?? null) : null,
    statusTimes: {},
    acceptDelayMinutes: null,
  });
  if (!estimate) return null;
  const at = estimate.arrivalAt ?? estimate.readyAt;
  return (
    <ReviewRow
      label={t('ordering.times.title')}
      value={`${t(estimate.arrivalAt ? 'ordering.times.arrivalAt' : 'ordering.times.readyAt', {
        time: formatClockTime(at, language, timeZone),
      })}${cart.receiveAt ? '' : ` (${t('ordering.times.ifNow')})`}`}
      testId="review-estimate"
    />
  );
}

function ReviewRow({
  label,
  value,
  change,
  testId,
}: {
  label: string;
  value: string;
  change?: string | undefined;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="review-row">
      <dt>{label}</dt>
      <dd>
        <span data-testid={testId}>{value}</span>
        {change && (
          <Link to={change} className="btn btn-small btn-ghost" aria-label={t('ordering.changeNamed', { what: label })}>
            {t('ordering.change')}
          </Link>
        )}
      </dd>
    </div>
  );
}
