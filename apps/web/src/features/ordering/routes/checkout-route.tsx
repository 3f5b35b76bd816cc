import { type ReactNode, useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import { type CheckoutPointsProps, type CheckoutPointsSpend, NO_POINTS } from '../../../lib/checkout-points-slot';
import { couponLineItems } from '../../../lib/coupons';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useAppSelector } from '../../../stores/root-state';
import { RewardLine } from '../../cart/components/reward-line';
import { CouponField } from '../../coupons/coupon-field';
import { CheckoutDetails } from '../components/checkout-details';
import { CheckoutLines } from '../components/checkout-lines';
import { CheckoutPayment } from '../components/checkout-payment';
import { CheckoutSummary } from '../components/checkout-summary';
import { PlaceOrderButton } from '../components/place-order-button';
import { useCheckoutPreview } from '../hooks/use-checkout-preview';
import { useOrderBranch } from '../hooks/use-order-branch';
import { useOrderingCart, useSignedIn } from '../hooks/use-ordering-cart';
import { usePaymentChoice } from '../hooks/use-payment-choice';
import { usePlaceOrder } from '../hooks/use-place-order';
import { dineInPlace, missingStep } from '../order-draft';
import '../../../components/ui/form.css';
import './ordering.css';

/**
 * `/checkout/{uuid}`: everything chosen, reviewed, with the totals from the shared pricing function (the zone's fee
 * for delivery), the way to pay (cash, or card when the branch takes it: the provider's page takes the card), and
 * "Place order". The cart is checked against the menu first: a stale cart is sent back to the cart page, which says
 * what changed. The page wires its parts; each part is its own component or hook (features/ordering/components,
 * hooks), so a new part (points, a coupon) is one more line between the sections. `pointsControl` is the loyalty
 * feature's points spend (given by app/router.tsx): its points go into the preview's pricing and the placement body.
 */
export default function CheckoutRoute({
  pointsControl,
}: {
  pointsControl?: (props: CheckoutPointsProps) => ReactNode;
}) {
  const { uuid = '' } = useParams();
  const { t } = useTranslation();
  const language = useLanguage();
  const [, navigate] = useLocation();
  const [placed, setPlaced] = useState(false);
  const [spend, setSpend] = useState<CheckoutPointsSpend>(NO_POINTS);
  const [pointsRefusal, setPointsRefusal] = useState<string | null>(null);
  const { ready, cart } = useOrderingCart(uuid, placed);
  const status = useSignedIn(uuid, paths.checkout.build(uuid));
  const qr = useAppSelector((s) => s.establishment.establishment);
  const branch = useOrderBranch(uuid);

  // Asked once the QR's data is here: whether dine-in needs the location or a table number depends on it.
  const dineIn = qr?.uuid === uuid ? dineInPlace(qr) : null;
  const missing = ready && !placed && dineIn ? missingStep(cart, dineIn) : null;
  useEffect(() => {
    if (missing && missing !== 'cart') navigate(paths.orderType.build(uuid), { replace: true });
  }, [missing, navigate, uuid]);

  const { menu, check, staleLocally, preview, minimum, belowMinimum } = useCheckoutPreview(
    uuid,
    language,
    cart,
    ready,
    branch?.integrated ?? false,
    spend.valueHalalas,
  );
  const payment = usePaymentChoice(branch?.id, cart.orderType, language);
  const { choice } = payment;
  const order = usePlaceOrder(uuid, language, () => setPlaced(true));
  const place = () => {
    if (!preview || !choice || belowMinimum) return;
    void order.place({
      cart,
      place: dineInPlace(qr),
      method: choice.method,
      previewTotal: preview.pricing.total,
      points: spend.points,
      // The points part only: its message beside the control, which resets; the rest of the checkout stays.
      onPointsRefused: (message) => {
        setPointsRefusal(message);
        setSpend(NO_POINTS);
      },
    });
  };

  const title = t('ordering.checkoutTitle');
  const loading = !ready || !check || status !== 'signedIn';
  const stale = staleLocally || order.staleFromServer !== null;

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
          <p>{order.staleFromServer ?? t('ordering.staleText')}</p>
          <Link to={paths.cart.build(uuid)} className="btn btn-primary">
            {t('ordering.backToCart')}
          </Link>
        </div>
      ) : (
        <>
          <CheckoutLines check={check} preview={preview} />
          <RewardLine removable={false} />
          <CheckoutDetails uuid={uuid} cart={cart} qr={qr} branch={branch} />
          <CheckoutPayment payment={payment} disabled={order.sending} />
          {preview &&
            pointsControl?.({
              uuid,
              discountableHalalas: preview.pricing.subtotal - preview.pricing.couponDiscount,
              points: spend.points,
              onChange: (next) => {
                setSpend(next);
                setPointsRefusal(null);
              },
              refusal: pointsRefusal,
              disabled: order.sending,
            })}
          <CouponField
            uuid={uuid}
            lineItems={couponLineItems(check)}
            subtotalHalalas={preview?.pricing.subtotal ?? null}
            testId="checkout-coupon"
          />
          <CheckoutSummary preview={preview} menu={menu.data} />
          <PlaceOrderButton
            method={choice?.method}
            sending={order.sending}
            disabled={!preview || !choice || belowMinimum}
            belowMinimum={belowMinimum ? minimum : null}
            error={order.error}
            onPlace={place}
          />
        </>
      )}
    </div>
  );
}
