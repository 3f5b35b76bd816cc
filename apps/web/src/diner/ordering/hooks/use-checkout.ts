import type { Language } from '@sufra/shared/language';
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../../config/paths';
import { type CheckoutPointsSpend, NO_POINTS } from '../../../lib/checkout-points-slot';
import { useAppSelector } from '../../../stores/root-state';
import { dineInPlace, missingStep } from '../order-draft';
import { useCheckoutPreview } from './use-checkout-preview';
import { useOrderBranch } from './use-order-branch';
import { useOrderingCart, useSignedIn } from './use-ordering-cart';
import { usePaymentChoice } from './use-payment-choice';
import { usePlaceOrder } from './use-place-order';

/** The points chosen at checkout and the server's refusal of the last spend, shown beside the control. */
function usePointsSpend() {
  const [spend, setSpend] = useState<CheckoutPointsSpend>(NO_POINTS);
  const [refusal, setRefusal] = useState<string | null>(null);
  const choose = useCallback((next: CheckoutPointsSpend) => {
    setSpend(next);
    setRefusal(null);
  }, []);
  // The points part only: its message beside the control, which resets; the rest of the checkout stays.
  const refuse = useCallback((message: string) => {
    setRefusal(message);
    setSpend(NO_POINTS);
  }, []);
  return { spend, refusal, choose, refuse };
}

/**
 * Everything the checkout page shows and does: the cart (sent back to the order type page when a dine-in step is
 * missing), the preview priced with the points chosen, the way to pay, and the placement.
 */
export function useCheckout(uuid: string, language: Language) {
  const [, navigate] = useLocation();
  const [placed, setPlaced] = useState(false);
  const points = usePointsSpend();
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
    points.spend.valueHalalas,
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
      points: points.spend.points,
      onPointsRefused: points.refuse,
    });
  };

  return {
    ready,
    status,
    cart,
    qr,
    branch,
    menu,
    check,
    staleLocally,
    preview,
    minimum,
    belowMinimum,
    payment,
    order,
    place,
    points,
  };
}

export type Checkout = ReturnType<typeof useCheckout>;
