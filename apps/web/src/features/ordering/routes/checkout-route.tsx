import type { Language } from '@sufra/shared/language';
import { formatSar } from '@sufra/shared/money';
import { ORDER_TYPES } from '@sufra/shared/order-types';
import type { Order, PaymentMethod } from '@sufra/shared/schemas/order';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { CartTotals } from '../../../components/ui/cart-totals';
import { paths } from '../../../config/paths';
import { ApiError, errorText } from '../../../lib/api-client';
import type { CartCombo, CartProduct } from '../../../lib/cart-lines';
import { priceCheckedCart } from '../../../lib/cart-pricing';
import { formatTableNumber } from '../../../lib/format-table-number';
import { useMenu } from '../../../lib/get-menu';
import { type CheckedLine, checkCart } from '../../../lib/line-check';
import { readJson, session } from '../../../lib/storage';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { resetCart } from '../../../stores/cart-slice';
import { setPaymentChoices } from '../../../stores/establishment-slice';
import { useAppDispatch, useAppSelector } from '../../../stores/root-state';
import { usePaymentChoices } from '../api/get-payment-choices';
import { placeOrder } from '../api/place-order';
import { retryPayment } from '../api/retry-payment';
import { OrderLines, type ShownOrderLine } from '../components/order-lines';
import { useOrderBranch } from '../hooks/use-order-branch';
import { useOrderingCart, useSignedIn } from '../hooks/use-ordering-cart';
import {
  attemptFor,
  attemptIsSpent,
  dineInPlace,
  isStaleCartError,
  missingStep,
  type OrderAttempt,
  type PendingCardOrder,
  pendingCardOrderFor,
  pendingCardOrderKey,
  placeOrderBody,
} from '../order-draft';
import '../../../components/ui/form.css';
import './ordering.css';

/** Where the current attempt's Idempotency-Key waits (this tab only) until the order is placed. */
const attemptKey = (uuid: string) => `sufra.order-attempt.${uuid}`;

function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; a LAN address over http still has getRandomValues.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Where /confirm-order reads the checkout's preview total (history state), to say when the server's differs. */
/** What the confirmation gets in history state from the page that sent the diner there (survives a reload). */
export interface ConfirmState {
  previewTotal?: number;
  /** The order as the placement (or the payment's verification) answered it: shown at once, then refreshed. */
  order?: Order;
}

function productLine(checked: CheckedLine<CartProduct>): Omit<ShownOrderLine, 'priceHalalas'> {
  const { line } = checked;
  return {
    key: checked.id,
    name: line.name,
    details: line.modifiers.map((m) => m.name),
    quantity: line.productQuantity,
  };
}

function comboLine(
  checked: CheckedLine<CartCombo>,
  slotText: (slot: string, product: string) => string,
): Omit<ShownOrderLine, 'priceHalalas'> {
  const { line } = checked;
  return {
    key: checked.id,
    name: line.name,
    details: [...line.slots.map((s) => slotText(s.slotName, s.name)), ...line.modifiers.map((m) => m.name)],
    quantity: line.comboQuantity,
  };
}

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

/**
 * `/checkout/{uuid}`: everything chosen, reviewed, with the totals from the shared pricing function (the zone's fee
 * for delivery), the way to pay (cash, or card when the branch takes it: the provider's page takes the card), and
 * "Place order". The cart is checked against the menu first: a stale cart is
 * sent back to the cart page, which says what changed.
 */
export default function CheckoutRoute() {
  const { uuid = '' } = useParams();
  const { t } = useTranslation();
  const language = useLanguage();
  const dispatch = useAppDispatch();
  const [, navigate] = useLocation();
  const [placed, setPlaced] = useState(false);
  const { ready, cart } = useOrderingCart(uuid, placed);
  const status = useSignedIn(uuid, paths.checkout.build(uuid));
  const qr = useAppSelector((s) => s.establishment.establishment);
  const branch = useOrderBranch(uuid);
  const orderType = cart.orderType;

  // Asked once the QR's data is here: whether dine-in needs the location or a table number depends on it.
  const dineIn = qr?.uuid === uuid ? dineInPlace(qr) : null;
  const missing = ready && !placed && dineIn ? missingStep(cart, dineIn) : null;
  useEffect(() => {
    if (missing && missing !== 'cart') navigate(paths.orderType.build(uuid), { replace: true });
  }, [missing, navigate, uuid]);

  const menu = useMenu(uuid, language);
  const check = useMemo(() => (menu.data && ready ? checkCart(cart, menu.data) : null), [menu.data, ready, cart]);
  const staleLocally =
    check !== null && (check.pricesChanged || [...check.products, ...check.combos].some((c) => c.problem !== null));
  const deliveryFee = orderType === ORDER_TYPES.delivery ? (cart.deliveryZone?.feeHalalas ?? 0) : 0;
  const preview = useMemo(
    () =>
      check && menu.data && !staleLocally
        ? priceCheckedCart(check, menu.data, {
            integrated: branch?.integrated ?? false,
            deliveryFeeHalalas: deliveryFee,
          })
        : null,
    [check, menu.data, staleLocally, branch?.integrated, deliveryFee],
  );

  // The zone's minimum applies to the subtotal after discounts (the server's rule): told here rather than refused there.
  const minimum = orderType === ORDER_TYPES.delivery ? (cart.deliveryZone?.minimumOrderHalalas ?? 0) : 0;
  const belowMinimum = preview !== null && preview.pricing.subtotal - preview.pricing.totalDiscount < minimum;

  const payments = usePaymentChoices(branch?.id, language);
  useEffect(() => {
    if (payments.data) dispatch(setPaymentChoices(payments.data));
  }, [payments.data, dispatch]);
  // The branch's ways to pay for this order type, cash first (the choices come in the branch's order).
  const offered = useMemo(
    () =>
      orderType === null
        ? []
        : (payments.data ?? [])
            .filter((c) => c.orderTypes.includes(orderType))
            .sort((a, b) => (a.method === b.method ? 0 : a.method === 'cash' ? -1 : 1)),
    [payments.data, orderType],
  );
  const [chosenMethod, setChosenMethod] = useState<PaymentMethod | null>(null);
  const choice = offered.find((c) => c.method === chosenMethod) ?? offered[0];

  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Back from the provider's page may restore this page from the back-forward cache, still "sending".
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setSending(false);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);
  const [staleFromServer, setStaleFromServer] = useState<string | null>(null);

  /**
   * The same cart's card order, placed before and not paid: a new payment attempt for it. False when that order can no
   * longer be paid (canceled, gone), so a new order is placed instead.
   */
  const payPendingOrder = async (orderId: number): Promise<boolean> => {
    try {
      const { payment } = await retryPayment(uuid, orderId, language);
      window.location.assign(payment.redirectUrl);
      return true;
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      if (caught.code === 'payment_already_completed') {
        // Paid after all (the provider's notification came in): the confirmation says so.
        session.removeItem(pendingCardOrderKey(uuid));
        setPlaced(true);
        navigate(paths.confirmOrder.build(uuid, orderId));
        dispatch(resetCart());
        return true;
      }
      if (caught.code !== 'order_not_payable' && caught.status !== 404) throw caught;
      session.removeItem(pendingCardOrderKey(uuid));
      return false;
    }
  };

  const place = async () => {
    if (!preview || !choice || belowMinimum) return;
    const body = placeOrderBody(cart, dineInPlace(qr), choice.method);
    const bodyText = JSON.stringify(body);
    setSending(true);
    setError(null);
    try {
      const pendingId =
        choice.method === 'card'
          ? pendingCardOrderFor(readJson<PendingCardOrder>(session, pendingCardOrderKey(uuid)), bodyText)
          : null;
      if (pendingId !== null && (await payPendingOrder(pendingId))) return;
      const attempt = attemptFor(readJson<OrderAttempt>(session, attemptKey(uuid)), bodyText, newIdempotencyKey);
      session.setItem(attemptKey(uuid), JSON.stringify(attempt));
      const order = await placeOrder(uuid, body, attempt.key, language);
      session.removeItem(attemptKey(uuid));
      if (order.payment) {
        // The provider's hosted page takes the card (our app never sees its number) and sends the diner back to
        // /payment/{uuid}. The cart stays until the payment is verified, so a failed one can still change the order.
        session.setItem(pendingCardOrderKey(uuid), JSON.stringify({ orderId: order.id, body: bodyText }));
        window.location.assign(order.payment.redirectUrl);
        return;
      }
      setPlaced(true);
      navigate(paths.confirmOrder.build(uuid, order.id), {
        state: { previewTotal: preview.pricing.total, order } satisfies ConfirmState,
      });
      dispatch(resetCart());
    } catch (caught) {
      setSending(false);
      if (!(caught instanceof ApiError)) {
        setError(errorText(caught, language));
        return;
      }
      if (attemptIsSpent(caught.status, caught.code)) session.removeItem(attemptKey(uuid));
      if (caught.code === 'phone_not_verified') {
        navigate(paths.register.build(uuid, { mode: 'signin', next: paths.checkout.build(uuid) }));
      } else if (isStaleCartError(caught.code)) {
        setStaleFromServer(caught.message);
      } else {
        setError(caught.message);
      }
    }
  };

  const title = t('ordering.checkoutTitle');
  const loading = !ready || !check || status !== 'signedIn';
  const lines: ShownOrderLine[] = check
    ? [
        ...check.products.map((c) => ({
          ...productLine(c),
          priceHalalas: preview?.byLine.get(c.id)?.subtotal ?? null,
        })),
        ...check.combos.map((c) => ({
          ...comboLine(c, (slot, product) => t('ordering.slotChoice', { slot, product })),
          priceHalalas: preview?.byLine.get(c.id)?.subtotal ?? null,
        })),
      ]
    : [];
  const stale = staleLocally || staleFromServer !== null;
  const timeZone = branch?.timeZone ?? 'Asia/Riyadh';

  return (
    <div className="page ordering-page" data-testid="checkout-page">
      <title>{`${title} | ${qr?.brand.name[language] ?? t('app.name')}`}</title>
      <h1>{title}</h1>
      {menu.error != null && !check ? (
        <div className="banner banner--error" role="alert">
          <span>{errorText(menu.error, language)}</span>
          <button type="button" className="btn btn-small" onClick={menu.refetch}>
            {t('app.retry')}
          </button>
        </div>
      ) : loading ? (
        <div role="status">
          <span className="visually-hidden">{t('ordering.checkingCart')}</span>
          <div className="skeleton skeleton--block" />
          <div className="skeleton skeleton--line" />
        </div>
      ) : stale ? (
        <div className="state-box" role="alert" data-testid="checkout-stale">
          <h2 className="state-box__title">{t('ordering.staleTitle')}</h2>
          <p>{staleFromServer ?? t('ordering.staleText')}</p>
          <Link to={paths.cart.build(uuid)} className="btn btn-primary">
            {t('ordering.backToCart')}
          </Link>
        </div>
      ) : (
        <>
          <section className="card" aria-labelledby="review-lines-heading">
            <h2 id="review-lines-heading" className="cart-totals__title">
              {t('ordering.yourOrder')}
            </h2>
            <OrderLines lines={lines} testId="checkout-lines" />
          </section>

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

          <section className="card" aria-labelledby="payment-heading">
            <h2 id="payment-heading" className="cart-totals__title">
              {t('ordering.payment')}
            </h2>
            {payments.error != null && !payments.data ? (
              <div className="banner banner--error" role="alert">
                <span>{errorText(payments.error, language)}</span>
                <button type="button" className="btn btn-small" onClick={payments.refetch}>
                  {t('app.retry')}
                </button>
              </div>
            ) : !payments.data ? (
              <div className="skeleton skeleton--line" />
            ) : choice ? (
              <fieldset className="option-list" data-testid="payment-choices">
                <legend className="visually-hidden">{t('ordering.paymentMethod')}</legend>
                {offered.map((c) => (
                  <label className="option-card" key={c.id}>
                    <input
                      type="radio"
                      name="payment"
                      value={c.method}
                      checked={c.id === choice.id}
                      onChange={() => setChosenMethod(c.method)}
                      disabled={sending}
                      data-testid={`payment-${c.method}`}
                    />
                    <span className="option-card__body">
                      <span className="option-card__title">{c.name[language]}</span>
                      <span className="option-card__hint">{t(`ordering.paymentHints.${c.method}`)}</span>
                    </span>
                  </label>
                ))}
              </fieldset>
            ) : (
              <p className="field__error">{t('ordering.paymentUnavailable')}</p>
            )}
          </section>

          <section className="card cart-totals" aria-labelledby="checkout-summary-heading">
            <h2 id="checkout-summary-heading" className="cart-totals__title">
              {t('cart.summary')}
            </h2>
            {preview && menu.data ? (
              <CartTotals
                pricing={preview.pricing}
                vatRateBasisPoints={menu.data.vatRateBasisPoints}
                singleRate={false}
                testId="checkout"
              />
            ) : (
              <p className="notice notice--warning">{t('cart.unpriced')}</p>
            )}
          </section>

          <div className="ordering-actions">
            {belowMinimum && (
              <p className="form-alert" role="alert" data-testid="below-minimum">
                {t('ordering.belowMinimum', { amount: formatSar(minimum, language) })}
              </p>
            )}
            {error && (
              <p className="form-alert" role="alert" data-testid="checkout-error">
                {error}
              </p>
            )}
            <button
              type="button"
              className="btn btn-primary btn-block btn-large"
              disabled={sending || !preview || !choice || belowMinimum}
              aria-busy={sending}
              onClick={() => void place()}
              data-testid="place-order"
            >
              {sending
                ? t(choice?.method === 'card' ? 'ordering.placingCard' : 'ordering.placing')
                : t(choice?.method === 'card' ? 'ordering.placeOrderCard' : 'ordering.placeOrder')}
            </button>
          </div>
        </>
      )}
    </div>
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
  change?: string;
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
