import { timingSafeEqual } from 'node:crypto';
import type { PaymentStatus } from '@sufra/shared/machines/payment-status';
import type { CardBrand } from '@sufra/shared/payments/card';
import { z } from 'zod';
import {
  type CreatePaymentInput,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentWebhookEvent,
  type ProviderPayment,
  type WebhookRequest,
} from './payment-provider.ts';
import { providerPaymentsApi, webhookEnvelope, webhookJson } from './provider-http.ts';

export interface MoyasarSettings {
  /** e.g. https://api.moyasar.com/v1 (tests: a local fake). */
  apiUrl: string;
  secretKey: string;
  /** The browser's key for POST {apiUrl}/tokens on our card page. */
  publishableKey: string;
  /** The webhook's secret token, as set in Moyasar's dashboard. */
  webhookSecret: string;
  timeoutMs: number;
}

/**
 * Moyasar's payment object as its API documents it (the fields we read; others are ignored). Statuses include
 * authorized/captured/voided/verified for flows we do not use; see toStatus for what each means to us.
 */
const moyasarPayment = z.object({
  id: z.string().min(1),
  status: z.enum(['initiated', 'paid', 'failed', 'authorized', 'captured', 'refunded', 'voided', 'verified']),
  amount: z.number().int(),
  currency: z.string(),
  refunded: z.number().int().default(0),
  description: z.string().nullable().default(''),
  metadata: z.record(z.string(), z.unknown()).nullable().default(null),
  source: z
    .object({
      type: z.string(),
      company: z.string().nullable().optional(),
      number: z.string().nullable().optional(),
      message: z.string().nullable().optional(),
      transaction_url: z.string().nullable().optional(),
    })
    .nullable()
    .optional(),
});
type MoyasarPayment = z.infer<typeof moyasarPayment>;

/**
 * A webhook's envelope. Its `data` is read only after the secret token is checked, and only as a payment we act on:
 * Moyasar also sends events (a card `verified`, an authorization) whose data is not one of our payments.
 */
const moyasarWebhook = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  secret_token: z.string().optional(),
  data: z.unknown().optional(),
});

const BRANDS: Record<string, CardBrand> = {
  mada: 'mada',
  visa: 'visa',
  master: 'mastercard',
  mastercard: 'mastercard',
  amex: 'amex',
};

/** Moyasar's statuses in our machine's words. Only money actually taken is "paid". */
function toStatus(status: MoyasarPayment['status']): PaymentStatus | null {
  switch (status) {
    case 'initiated':
    // Authorized but not captured: no money taken yet (we never ask for manual capture, so this is transient).
    case 'authorized':
      return 'initiated';
    case 'paid':
    case 'captured':
      return 'paid';
    case 'failed':
    // An authorization released: nothing was taken.
    case 'voided':
      return 'failed';
    case 'refunded':
      return 'refunded';
    default:
      // "verified" is a card check without a charge, which we never start.
      return null;
  }
}

function toProviderPayment(payment: MoyasarPayment): ProviderPayment {
  const status = toStatus(payment.status);
  if (!status) throw new PaymentProviderError('invalid_response', `moyasar: unexpected status ${payment.status}`);
  const source = payment.source ?? null;
  const last4 = source?.number ? source.number.replace(/\D/g, '').slice(-4) || null : null;
  return {
    id: payment.id,
    status,
    amountHalalas: payment.amount,
    currency: payment.currency,
    refundedHalalas: payment.refunded,
    description: payment.description ?? '',
    metadata: Object.fromEntries(
      Object.entries(payment.metadata ?? {}).flatMap(([key, value]) =>
        typeof value === 'string' ? [[key, value]] : [],
      ),
    ),
    redirectUrl: status === 'initiated' ? (source?.transaction_url ?? null) : null,
    card: source ? { brand: BRANDS[source.company ?? ''] ?? null, last4 } : null,
    failureMessage: status === 'failed' ? (source?.message ?? null) : null,
  };
}

/**
 * Moyasar (https://docs.moyasar.com): basic auth with the secret key, amounts in halalas, `given_id` as the
 * idempotency key, a card `token` source made by the browser with the publishable key (so the number never
 * reaches us), 3-D Secure through `source.transaction_url`, refunds on the payment, and webhooks that carry the
 * dashboard's `secret_token` in their body (Moyasar does not sign them).
 */
export function createMoyasarProvider(settings: MoyasarSettings): PaymentProvider {
  const { call, fetchPayment, refundPayment } = providerPaymentsApi({
    apiUrl: settings.apiUrl,
    secretKey: settings.secretKey,
    timeoutMs: settings.timeoutMs,
    provider: 'moyasar',
    paymentJson: moyasarPayment,
    toProviderPayment,
  });

  return {
    name: 'moyasar',
    cardTokenization: { tokensUrl: `${settings.apiUrl}/tokens`, publishableKey: settings.publishableKey },
    async createPayment(input: CreatePaymentInput) {
      if (!input.sourceToken) {
        // Moyasar has no hosted card page for its payments API: the diner goes to ours, which makes the token in
        // the browser and comes back with it. Nothing is asked of Moyasar yet; `given_id` makes our key the id the
        // payment will have, so the attempt is bound to it from now on.
        return {
          id: input.idempotencyKey,
          status: 'initiated',
          amountHalalas: input.amountHalalas,
          currency: input.currency,
          refundedHalalas: 0,
          description: input.description,
          metadata: input.metadata,
          redirectUrl: cardPageOf(input.callbackUrl),
          card: null,
          failureMessage: null,
        };
      }
      const body = {
        // Moyasar wants a UUID here: it becomes the payment's id, so a create can be found again by it.
        given_id: input.idempotencyKey,
        amount: input.amountHalalas,
        currency: input.currency,
        description: input.description,
        callback_url: input.callbackUrl,
        metadata: input.metadata,
        // The official SDKs' field: without it Moyasar may lower the amount by a coupon of its own, and our exact
        // amount check would then refund a good payment.
        apply_coupon: false,
        source: { type: 'token', token: input.sourceToken, '3ds': true, manual: false },
      };
      try {
        // The 3-D Secure page and Moyasar's messages follow the request's language.
        return await call('POST', '/payments', body, { 'accept-language': input.language });
      } catch (error) {
        // A create retried after a lost answer is refused, not replayed (`used_given_id`; the save-only token is
        // spent too): the payment the first create made is fetched by its given_id before this counts as a refusal.
        if (!(error instanceof PaymentProviderError) || error.kind !== 'rejected') throw error;
        const made = await fetchPayment(input.idempotencyKey).catch(() => null);
        if (made === null) throw error;
        return made;
      }
    },
    fetchPayment,
    refundPayment,
    verifyWebhook(request: WebhookRequest): PaymentWebhookEvent {
      const json = webhookJson(request, 'moyasar');
      // The secret first: only a genuine event's shape is worth judging (and a forged one learns nothing from it).
      const secret =
        json && typeof json === 'object' && 'secret_token' in json && typeof json.secret_token === 'string'
          ? json.secret_token
          : '';
      const given = Buffer.from(secret);
      const expected = Buffer.from(settings.webhookSecret);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new PaymentProviderError('webhook_invalid', 'moyasar webhook: wrong secret token');
      }
      const envelope = webhookEnvelope(moyasarWebhook, json, 'moyasar');
      const data = moyasarPayment.safeParse(envelope.data);
      const status = data.success ? toStatus(data.data.status) : null;
      // Genuine, but not a payment we act on (a `verified` card check, data of another shape): acknowledged only.
      const payment = data.success && status !== null ? toProviderPayment(data.data) : null;
      return { eventId: envelope.id, type: envelope.type, payment };
    },
  };
}

/** Our card page, the sibling of the return page: /payment/{uuid}?order= → /card/{uuid}?order= (web app routes). */
export function cardPageOf(callbackUrl: string): string {
  const url = new URL(callbackUrl);
  url.pathname = url.pathname.replace(/\/payment\/([^/]+)\/?$/, '/card/$1');
  return url.href;
}
