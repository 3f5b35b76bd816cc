import type { Language } from '@sufra/shared/language';
import type { z } from 'zod';
import {
  type CreatePaymentInput,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentWebhookEvent,
  type ProviderPayment,
  type WebhookRequest,
} from './payment-provider.ts';
import { providerPaymentsApi, webhookEnvelope, webhookJson } from './provider-http.ts';
import { gatewayPaymentJson, gatewayWebhookBody } from './test-gateway/test-gateway-api.ts';
import { GATEWAY_SIGNATURE_HEADER, gatewaySignatureValid } from './test-gateway/test-gateway-signature.ts';

export interface TestGatewayProviderSettings {
  /** Base of the gateway's API, e.g. http://127.0.0.1:3000/test-gateway (a function: read at each call). */
  apiUrl: string | (() => string);
  secretKey: string;
  webhookSecret: string;
  timeoutMs: number;
}

/** The adapter for the built-in test gateway: it talks to it over HTTP like to any third party. */
export function createTestGatewayProvider(settings: TestGatewayProviderSettings): PaymentProvider {
  const { call, fetchPayment, refundPayment } = providerPaymentsApi({
    apiUrl: () => `${typeof settings.apiUrl === 'string' ? settings.apiUrl : settings.apiUrl()}/v1`,
    secretKey: settings.secretKey,
    timeoutMs: settings.timeoutMs,
    provider: 'test gateway',
    paymentJson: gatewayPaymentJson,
    toProviderPayment,
  });

  return {
    name: 'test',
    // The gateway's own hosted page takes the card.
    cardTokenization: null,
    async createPayment(input: CreatePaymentInput) {
      const payment = await call('POST', '/payments', {
        amount: input.amountHalalas,
        currency: input.currency,
        description: input.description,
        callback_url: input.callbackUrl,
        given_id: input.idempotencyKey,
        metadata: input.metadata,
      });
      // The hosted page takes its language from ?lang= (else the browser's Accept-Language, which for an Arabic
      // diner on an English phone is the wrong one); its 3-D Secure step keeps it.
      return { ...payment, redirectUrl: payment.redirectUrl && withLanguage(payment.redirectUrl, input.language) };
    },
    fetchPayment,
    refundPayment,
    verifyWebhook(request: WebhookRequest): PaymentWebhookEvent {
      const header = request.headers[GATEWAY_SIGNATURE_HEADER];
      const signature = Array.isArray(header) ? header[0] : header;
      if (!gatewaySignatureValid(settings.webhookSecret, request.rawBody, signature)) {
        throw new PaymentProviderError('webhook_invalid', 'test gateway webhook: bad or missing signature');
      }
      const event = webhookEnvelope(gatewayWebhookBody, webhookJson(request, 'test gateway'), 'test gateway');
      return { eventId: event.id, type: event.type, payment: toProviderPayment(event.data) };
    },
  };
}

function withLanguage(url: string, language: Language): string {
  const withLang = new URL(url);
  withLang.searchParams.set('lang', language);
  return withLang.href;
}

function toProviderPayment(json: z.infer<typeof gatewayPaymentJson>): ProviderPayment {
  return {
    id: json.id,
    status: json.status,
    amountHalalas: json.amount,
    currency: json.currency,
    refundedHalalas: json.refunded,
    description: json.description,
    metadata: json.metadata,
    redirectUrl: json.status === 'initiated' ? json.transaction_url : null,
    card: json.source.number ? { brand: json.source.company, last4: json.source.number.slice(-4) } : null,
    failureMessage: json.status === 'failed' ? json.source.message : null,
  };
}
