import type { Language } from '@sufra/shared/language';
import type { PaymentStatus } from '@sufra/shared/machines/payment-status';
import type { CardBrand } from '@sufra/shared/payments/card';

/**
 * What the core needs from a card payment provider (DESIGN §5, issue 5). The diner types the card on the
 * provider's own page (test gateway), or on our card page that posts it straight from the browser to the
 * provider's tokens API (Moyasar); we only ever hold the provider's payment id, its status and at most brand + last 4.
 *
 * Nothing a browser brings back (the callback's ?id=&status=) is trusted: the core calls fetchPayment and checks
 * amount, currency and metadata.orderId itself. Webhooks are verified here and deduplicated by eventId by the core.
 */
export interface PaymentProvider {
  readonly name: 'test' | 'moyasar';
  /**
   * Where a browser turns a card into a token by itself (Moyasar: POST {tokensUrl} with the publishable key), for
   * our card page; null when the provider's own hosted page takes the card (the test gateway).
   */
  readonly cardTokenization: CardTokenization | null;
  /** Starts a payment; the diner is then sent to `redirectUrl`. Same idempotencyKey → same payment, never a second. */
  createPayment(input: CreatePaymentInput): Promise<ProviderPayment>;
  /** The provider's current view of a payment (the only source of truth for "paid"). */
  fetchPayment(paymentId: string): Promise<ProviderPayment>;
  /** Refunds `amountHalalas` (default: what is left) of a paid payment. */
  refundPayment(paymentId: string, amountHalalas?: number): Promise<ProviderPayment>;
  /**
   * Checks a webhook's signature (or secret) over its raw body first; a forged or malformed one throws
   * `webhook_invalid`. A genuine event whose data is not a payment we act on (Moyasar's `verified`, say) comes back
   * with `payment: null`, to be acknowledged and ignored.
   */
  verifyWebhook(request: WebhookRequest): PaymentWebhookEvent;
}

export interface CardTokenization {
  tokensUrl: string;
  /** Public by design: it can only make tokens, never charge or read payments. */
  publishableKey: string;
}

export interface CreatePaymentInput {
  /** Integer halalas, > 0. */
  amountHalalas: number;
  currency: 'SAR';
  /** Shown on the provider's page and statements, e.g. "Sufra Kitchen order #42". */
  description: string;
  /** Where the provider sends the diner back (our /payment/{uuid} page); gets ?id=&status= appended. */
  callbackUrl: string;
  /** Ours, unique per payment attempt (e.g. a UUID kept on the attempt row): retried creates make one payment. */
  idempotencyKey: string;
  metadata: { orderId: string } & Record<string, string>;
  /** The diner's language, for the provider's own pages (hosted card page, 3-D Secure) and its messages. */
  language: Language;
  /**
   * Moyasar only: a card token the browser made with the publishable key (Moyasar's tokenization), so the card
   * number goes from the browser to Moyasar and never through us. Without it, the payment is only reserved under
   * our idempotency key and the diner is sent to our card page to make one. The test gateway takes the card on its page.
   */
  sourceToken?: string;
}

export interface ProviderPayment {
  id: string;
  status: PaymentStatus;
  amountHalalas: number;
  currency: string;
  refundedHalalas: number;
  description: string;
  metadata: Record<string, string>;
  /** The hosted card page or 3-D Secure step to send the diner to; null when nothing is left for the diner to do. */
  redirectUrl: string | null;
  card: { brand: CardBrand | null; last4: string | null } | null;
  /** The provider's reason for a failure (e.g. "insufficient funds"), for logs and staff; never shown as-is. */
  failureMessage: string | null;
}

export interface WebhookRequest {
  /** The body exactly as received (bytes as UTF-8 text): signatures are over these bytes, not re-serialised JSON. */
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface PaymentWebhookEvent {
  /** The provider's event id: the same event delivered twice has the same id. */
  eventId: string;
  type: 'payment_paid' | 'payment_failed' | 'payment_refunded' | (string & {});
  /** Null for a genuine event about something we never act on (its data is not one of our payments). */
  payment: ProviderPayment | null;
}

export type PaymentProviderErrorKind =
  /** No answer within PAYMENT_TIMEOUT_MS (the payment may or may not exist: fetch or retry with the same key). */
  | 'timeout'
  /** Network error or a 5xx. */
  | 'unavailable'
  /** A 4xx: the provider refused the request (bad input, a card it cannot use, refund not allowed). */
  | 'rejected'
  /** 429: the provider asks us to slow down (try again later; nothing is wrong with the card). */
  | 'rate_limited'
  /** 401, 403, 405: our keys, account or endpoint are wrong (a configuration error, never the diner's card). */
  | 'misconfigured'
  | 'not_found'
  /** A 2xx whose body is not what the provider documents. */
  | 'invalid_response'
  | 'webhook_invalid';

/** Every adapter failure, typed: the core decides what each means for the order (none is shown to a diner raw). */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
  readonly kind: PaymentProviderErrorKind;
  readonly httpStatus: number | null;
  constructor(kind: PaymentProviderErrorKind, message: string, httpStatus: number | null = null) {
    super(message);
    this.kind = kind;
    this.httpStatus = httpStatus;
  }
}
