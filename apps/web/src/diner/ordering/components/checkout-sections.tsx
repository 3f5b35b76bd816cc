import type { ReactNode } from 'react';
import { TotalsSummary } from '../../../components/ui/cart-totals';
import type { CheckoutPointsProps } from '../../../lib/checkout-points-slot';
import { couponLineItems } from '../../../lib/coupons';
import type { CartCheck } from '../../../lib/line-check';
import { RewardLine } from '../../cart/components/reward-line';
import { CouponField } from '../../coupons/coupon-field';
import type { Checkout } from '../hooks/use-checkout';
import { CheckoutDetails } from './checkout-details';
import { CheckoutLines } from './checkout-lines';
import { CheckoutPayment } from './checkout-payment';
import { PlaceOrderButton } from './place-order-button';
import '../../../components/ui/cart-totals.css';

interface Props {
  uuid: string;
  checkout: Checkout;
  /** The cart as checked against the menu (the page shows these sections only once it is). */
  check: CartCheck;
  pointsControl?: (props: CheckoutPointsProps) => ReactNode;
}

/** The checked cart's sections, top to bottom: lines, details, payment, points, coupon, summary, "Place order". */
export function CheckoutSections({ uuid, checkout, check, pointsControl }: Props) {
  const { cart, qr, branch, menu, preview, minimum, belowMinimum, payment, order, place, points } = checkout;
  const choice = payment.choice;
  return (
    <>
      <CheckoutLines check={check} preview={preview} />
      <RewardLine removable={false} menu={menu.data} discountHalalas={preview?.pricing.rewardDiscount} />
      <CheckoutDetails uuid={uuid} cart={cart} qr={qr} branch={branch} />
      <CheckoutPayment payment={payment} disabled={order.sending} />
      {preview &&
        pointsControl?.({
          uuid,
          discountableHalalas:
            preview.pricing.subtotal - preview.pricing.couponDiscount - preview.pricing.rewardDiscount,
          points: points.spend.points,
          onChange: points.choose,
          refusal: points.refusal,
          disabled: order.sending,
        })}
      <CouponField
        uuid={uuid}
        lineItems={couponLineItems(check)}
        subtotalHalalas={preview?.pricing.subtotal ?? null}
        testId="checkout-coupon"
      />
      <TotalsSummary
        headingId="checkout-summary-heading"
        className="card cart-totals"
        pricing={preview?.pricing}
        vatRateBasisPoints={menu.data?.vatRateBasisPoints}
        singleRate={false}
        testId="checkout"
      />
      <PlaceOrderButton
        method={choice?.method}
        sending={order.sending}
        disabled={!preview || !choice || belowMinimum}
        belowMinimum={belowMinimum ? minimum : null}
        error={order.error}
        onPlace={place}
      />
    </>
  );
}
