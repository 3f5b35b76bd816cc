import type { Language } from '@sufra/shared/language';
import type { PaymentMethod } from '@sufra/shared/schemas/order';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../../config/paths';
import { ApiError, errorText } from '../../../lib/api-client';
import { POINTS_REFUSALS } from '../../../lib/checkout-points-slot';
import { readJson, session } from '../../../lib/storage';
import type { CartState } from '../../../stores/cart-slice';
import { resetCart } from '../../../stores/cart-slice';
import { useAppDispatch } from '../../../stores/root-state';
import { placeOrder } from '../api/place-order';
import { retryPayment } from '../api/retry-payment';
import type { ConfirmState } from '../confirm-state';
import {
  attemptFor,
  attemptIsSpent,
  type DineInPlace,
  isStaleCartError,
  type OrderAttempt,
  type PendingCardOrder,
  pendingCardOrderFor,
  pendingCardOrderKey,
  placeOrderBody,
} from '../order-draft';

/** Where the current attempt's Idempotency-Key waits (this tab only) until the order is placed. */
const attemptKey = (uuid: string) => `sufra.order-attempt.${uuid}`;

function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; a LAN address over http still has getRandomValues.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface PlaceOrderInput {
  cart: CartState;
  place: DineInPlace;
  method: PaymentMethod;
  /** The checkout's total, handed to the confirmation to say when the server's differs. */
  previewTotal: number;
  /** Points spent at checkout (0: none). */
  points: number;
  /** The server refused the points only: its message for the points control (the rest of the checkout stays). */
  onPointsRefused: (message: string) => void;
}

/** What placing an order needs from the page: where, in which language, and how to leave for the confirmation. */
interface PlaceContext {
  uuid: string;
  language: Language;
  onPlaced: () => void;
  navigate: ReturnType<typeof useLocation>[1];
  dispatch: ReturnType<typeof useAppDispatch>;
}

/**
 * The same cart's card order, placed before and not paid: a new payment attempt for it. False when that order can no
 * longer be paid (canceled, gone), so a new order is placed instead.
 */
async function payPendingOrder(ctx: PlaceContext, orderId: number): Promise<boolean> {
  const { uuid, language } = ctx;
  try {
    const { payment } = await retryPayment(uuid, orderId, language);
    window.location.assign(payment.redirectUrl);
    return true;
  } catch (caught) {
    if (!(caught instanceof ApiError)) throw caught;
    if (caught.code === 'payment_already_completed') {
      // Paid after all (the provider's notification came in): the confirmation says so.
      session.removeItem(pendingCardOrderKey(uuid));
      ctx.onPlaced();
      ctx.navigate(paths.confirmOrder.build(uuid, orderId));
      ctx.dispatch(resetCart());
      return true;
    }
    if (caught.code !== 'order_not_payable' && caught.status !== 404) throw caught;
    session.removeItem(pendingCardOrderKey(uuid));
    return false;
  }
}

/**
 * Places the order once per attempt (or pays the same cart's unpaid card order) and leaves the page: a card order
 * for the provider's page, a cash order for its confirmation. Throws what the server refused.
 */
async function sendOrder(ctx: PlaceContext, input: PlaceOrderInput): Promise<void> {
  const { uuid, language } = ctx;
  const { cart, place: dineIn, method, previewTotal, points } = input;
  const body = placeOrderBody(cart, dineIn, method);
  if (points > 0) body.points = points;
  const bodyText = JSON.stringify(body);
  const pendingId =
    method === 'card'
      ? pendingCardOrderFor(readJson<PendingCardOrder>(session, pendingCardOrderKey(uuid)), bodyText)
      : null;
  if (pendingId !== null && (await payPendingOrder(ctx, pendingId))) return;
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
  ctx.onPlaced();
  ctx.navigate(paths.confirmOrder.build(uuid, order.id), {
    state: { previewTotal, order } satisfies ConfirmState,
  });
  ctx.dispatch(resetCart());
}

/** Back from the provider's page may restore this page from the back-forward cache, still "sending". */
function useSendingResetOnRestore(setSending: (sending: boolean) => void) {
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setSending(false);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [setSending]);
}

/**
 * "Place order": the order placed once per attempt (the Idempotency-Key survives a retry in this tab), a card order
 * sent to the provider's page (or, for the same cart placed before and not paid, a new payment attempt for it), a
 * cash order to its confirmation. Says what went wrong: a stale cart, a number to verify, or the server's message.
 * `onPlaced` runs before the cart is emptied, so the page does not take the empty cart for a missing step.
 */
export function usePlaceOrder(uuid: string, language: Language, onPlaced: () => void) {
  const dispatch = useAppDispatch();
  const [, navigate] = useLocation();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [staleFromServer, setStaleFromServer] = useState<string | null>(null);
  useSendingResetOnRestore(setSending);

  const place = async (input: PlaceOrderInput) => {
    setSending(true);
    setError(null);
    try {
      await sendOrder({ uuid, language, onPlaced, navigate, dispatch }, input);
    } catch (caught) {
      setSending(false);
      if (!(caught instanceof ApiError)) {
        setError(errorText(caught, language));
        return;
      }
      if (attemptIsSpent(caught.status, caught.code)) session.removeItem(attemptKey(uuid));
      if (caught.code === 'phone_not_verified') {
        navigate(paths.register.build(uuid, { mode: 'signin', next: paths.checkout.build(uuid) }));
      } else if (POINTS_REFUSALS.has(caught.code)) {
        input.onPointsRefused(caught.message);
      } else if (isStaleCartError(caught.code)) {
        setStaleFromServer(caught.message);
      } else {
        setError(caught.message);
      }
    }
  };

  return { place, sending, error, staleFromServer };
}
