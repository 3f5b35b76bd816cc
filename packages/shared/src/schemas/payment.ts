import { z } from 'zod';
import { PAYMENT_STATUSES } from '../machines/payment-status.ts';
import { orderSchema } from './order.ts';

/**
 * Card payments of orders (issue 5). The diner types the card on the provider's hosted page (test gateway), or on
 * our card page, which sends it from the browser straight to the provider's tokens API (Moyasar): never to our API.
 *
 *   POST /api/orders/{uuid}/                     placeOrderBody with paymentMethod 'card' → 201 placedOrderResponse
 *                                                (order unpaid, `payment.redirectUrl` = the provider's page; the
 *                                                kitchen does not see the order until the payment is verified)
 *   POST /api/orders/{uuid}/{id}/payment/        no body → 201 paymentRedirectResponse: the open attempt's page, or
 *                                                a new attempt for an unpaid card order (never a second order; at most
 *                                                MAX_OPEN_ATTEMPTS open; a create still on its way → 409
 *                                                payment_in_progress); paid → 409
 *                                                payment_already_completed; canceled → 409 order_not_payable;
 *                                                expired (unpaid past CARD_PAYMENT_TIMEOUT_MINUTES, canceled with
 *                                                PAYMENT_EXPIRED_REASON) → 410 payment_expired; cash → 409
 *                                                order_not_payable; another customer's → 404
 *   POST /api/orders/{uuid}/{id}/payment/verify/ no body → 200 paymentVerifyResponse. Called by /payment/{uuid} on
 *                                                return; the query the provider appended (?id=&status=) is never
 *                                                read: the server asks the provider. `pending` → poll again (1–2 s).
 *   GET  /api/orders/{uuid}/{id}/payment/card/   → 200 cardPageResponse: what our card page needs (Moyasar only;
 *                                                the test gateway → 404 not_found). Paid → 409
 *                                                payment_already_completed; canceled or cash → 409 order_not_payable
 *   POST /api/orders/{uuid}/{id}/payment/source/ paymentSourceBody (only the token the browser made) → 200
 *                                                paymentRedirectSchema: the 3-D Secure step to go to (or the return
 *                                                page when the provider decided at once). Same statuses as above,
 *                                                plus a token the provider refuses → 422 payment_card_refused and
 *                                                a provider that does not answer → 502 payment_provider_unavailable
 *                                                (both leave the order unpaid and the card page usable again)
 *   POST /api/payments/webhooks/test/            the test gateway's signed webhook (raw body); forged → 401
 *   POST /api/payments/webhooks/moyasar/         Moyasar's webhook (secret_token in the body); forged → 401; a genuine
 *                                                event about something we never act on → 200 (ignored). Answered
 *                                                before the payment is fetched and settled.
 *
 * The provider sends the diner back to `<PUBLIC_URL>/payment/{uuid}?order={id}` (&id=&status=&message= appended
 * by the provider, to be ignored). A provider that does not answer at placement or retry → 502
 * payment_provider_unavailable with `details.orderId` at placement: the order exists, unpaid; retry with the same
 * Idempotency-Key (or POST …/payment/) to get a new redirect.
 */

/** Where to send the diner: the provider's hosted card page (or its 3-D Secure step). */
export const paymentRedirectSchema = z.object({ redirectUrl: z.url() });
export type PaymentRedirect = z.infer<typeof paymentRedirectSchema>;

/** Placement's answer: the order, plus where to pay for card orders (absent for cash). */
export const placedOrderResponse = orderSchema.extend({ payment: paymentRedirectSchema.optional() });
export type PlacedOrderResponse = z.infer<typeof placedOrderResponse>;

export const paymentRedirectResponse = z.object({ order: orderSchema, payment: paymentRedirectSchema });
export type PaymentRedirectResponse = z.infer<typeof paymentRedirectResponse>;

/**
 * The server's verdict on the latest payment attempt:
 * - `paid`: the provider confirmed amount, currency and order; the order is paid and on its way to the kitchen
 *   (→ /confirm-order/{uuid}?order={id}).
 * - `failed`: declined, 3-D Secure failed or abandoned; the order stays unpaid. `error` says what happened when the
 *   provider said (`payment_declined`, `payment_insufficient_funds`, `payment_3ds_failed`, each with what to do next),
 *   else the spec's `payment_failed` "Payment Failed (transaction failed due to a technical error, try again)", in
 *   the request's language (→ /payment-failed/{uuid}, whose retry POSTs …/payment/).
 * - `pending`: the provider has no verdict yet (or did not answer in time): ask again shortly.
 * An order that is already paid answers `paid` again (idempotent); a canceled unpaid one answers `failed`.
 */
export const PAYMENT_OUTCOMES = ['paid', 'failed', 'pending'] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];
export const paymentVerifyResponse = z.object({
  outcome: z.enum(PAYMENT_OUTCOMES),
  order: orderSchema,
  /** The latest attempt's status as the provider reported it; null when the order has no attempt. */
  attemptStatus: z.enum(PAYMENT_STATUSES).nullable(),
  /** `failed` only: the code (payment_failed, payment_declined, payment_insufficient_funds, payment_3ds_failed) and its localized message. */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type PaymentVerifyResponse = z.infer<typeof paymentVerifyResponse>;

/**
 * Our card page (Moyasar): the card goes from the browser to `tokenization.tokensUrl` with the publishable key
 * (basic auth, key as user name); only the token comes back to us (paymentSourceBody).
 */
export const cardPageResponse = z.object({
  order: orderSchema,
  tokenization: z.object({ tokensUrl: z.url(), publishableKey: z.string().min(1) }),
  /** The token request's callback_url (Moyasar asks for one): our return page. */
  callbackUrl: z.url(),
});
export type CardPageResponse = z.infer<typeof cardPageResponse>;

/** A Moyasar card token (`token_…`): never a card number, which this shape cannot hold. */
export const paymentSourceBody = z.object({
  token: z
    .string()
    .min(7)
    .max(200)
    .regex(/^token_[A-Za-z0-9]+$/),
});
export type PaymentSourceBody = z.infer<typeof paymentSourceBody>;

/** Webhooks answer this on every accepted delivery (a duplicate too: the provider must stop resending). */
export const webhookAckResponse = z.object({ received: z.literal(true) });
