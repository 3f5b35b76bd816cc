import type { z } from 'zod';
import {
  type PaymentProvider,
  PaymentProviderError,
  type ProviderPayment,
  type WebhookRequest,
} from './payment-provider.ts';

export interface ProviderRequest {
  method: 'GET' | 'POST';
  url: string;
  /** Basic auth: the secret key as user name, empty password (Moyasar's scheme; the test gateway copies it). */
  secretKey: string;
  body?: unknown;
  /** Extra request headers (Accept-Language for the provider's own pages and messages). */
  headers?: Record<string, string>;
  timeoutMs: number;
  /** For error messages: "moyasar", "test gateway". */
  provider: string;
}

/**
 * One JSON call to a provider's API with a hard timeout: it resolves with the parsed body of a 2xx or throws a
 * PaymentProviderError (timeout, unavailable, rejected, not_found, invalid_response). It never hangs.
 */
export async function providerRequest(request: ProviderRequest): Promise<{ status: number; body: unknown }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), request.timeoutMs);
  const label = `${request.provider} ${request.method} ${new URL(request.url).pathname}`;
  try {
    let response: Response;
    try {
      response = await fetch(request.url, {
        method: request.method,
        headers: {
          authorization: `Basic ${Buffer.from(`${request.secretKey}:`).toString('base64')}`,
          accept: 'application/json',
          ...request.headers,
          ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
        signal: controller.signal,
      });
    } catch (error) {
      if (controller.signal.aborted) {
        throw new PaymentProviderError('timeout', `${label}: no answer within ${request.timeoutMs} ms`);
      }
      throw new PaymentProviderError('unavailable', `${label}: ${error instanceof Error ? error.message : error}`);
    }
    let text: string;
    try {
      text = await response.text();
    } catch {
      // The body stalled past the deadline (the headers came in time).
      if (controller.signal.aborted) {
        throw new PaymentProviderError('timeout', `${label}: no answer within ${request.timeoutMs} ms`);
      }
      throw new PaymentProviderError('unavailable', `${label}: the answer was cut off`, response.status);
    }
    let body: unknown;
    try {
      body = text.length > 0 ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
      if (response.ok) {
        throw new PaymentProviderError(
          'invalid_response',
          `${label}: answered ${response.status} with malformed JSON`,
          response.status,
        );
      }
    }
    if (response.ok) return { status: response.status, body };
    const message = messageOf(body) ?? text.slice(0, 200);
    const detail = `${label}: answered ${response.status}${message ? `: ${message}` : ''}`;
    if (response.status === 404) throw new PaymentProviderError('not_found', detail, 404);
    if (response.status >= 500) throw new PaymentProviderError('unavailable', detail, response.status);
    // Neither is about the card: a throttled call is worth another try later, a refused key or method never is.
    if (response.status === 429) throw new PaymentProviderError('rate_limited', detail, 429);
    if (response.status === 401 || response.status === 403 || response.status === 405) {
      throw new PaymentProviderError('misconfigured', detail, response.status);
    }
    throw new PaymentProviderError('rejected', detail, response.status);
  } finally {
    clearTimeout(timer);
  }
}

function messageOf(body: unknown): string | null {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') return body.message;
  return null;
}

export interface ProviderPaymentsApi<Json> {
  /** Base of the provider's API including its version, e.g. https://api.moyasar.com/v1 (a function: read at each call). */
  apiUrl: string | (() => string);
  secretKey: string;
  timeoutMs: number;
  /** For error messages: "moyasar", "test gateway". */
  provider: string;
  /** The provider's payment object as it documents it, and how it reads in our words. */
  paymentJson: z.ZodType<Json>;
  toProviderPayment: (json: Json) => ProviderPayment;
}

/**
 * The payment calls both adapters share: one JSON call whose answer must be a payment object, and the fetch and
 * refund built on it (both providers shape them like Moyasar: GET /payments/{id}, POST /payments/{id}/refund).
 */
export function providerPaymentsApi<Json>(api: ProviderPaymentsApi<Json>) {
  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<ProviderPayment> {
    const { body: answer } = await providerRequest({
      method,
      url: `${typeof api.apiUrl === 'string' ? api.apiUrl : api.apiUrl()}${path}`,
      secretKey: api.secretKey,
      body,
      ...(headers ? { headers } : {}),
      timeoutMs: api.timeoutMs,
      provider: api.provider,
    });
    const parsed = api.paymentJson.safeParse(answer);
    if (!parsed.success) throw new PaymentProviderError('invalid_response', `${api.provider}: unexpected payment body`);
    return api.toProviderPayment(parsed.data);
  }
  const fetchPayment: PaymentProvider['fetchPayment'] = (id) => call('GET', `/payments/${encodeURIComponent(id)}`);
  const refundPayment: PaymentProvider['refundPayment'] = (id, amountHalalas) =>
    call(
      'POST',
      `/payments/${encodeURIComponent(id)}/refund`,
      amountHalalas === undefined ? {} : { amount: amountHalalas },
    );
  return { call, fetchPayment, refundPayment };
}

/**
 * A webhook's body read as JSON: the one parse every adapter's verifyWebhook makes (before or after its signature
 * check, as its scheme needs). Malformed JSON is `webhook_invalid`, named after the provider.
 */
export function webhookJson(request: WebhookRequest, provider: string): unknown {
  try {
    return JSON.parse(request.rawBody);
  } catch {
    throw new PaymentProviderError('webhook_invalid', `${provider} webhook: malformed JSON`);
  }
}

/** A genuine webhook's envelope read with the adapter's schema; any other shape is `webhook_invalid`. */
export function webhookEnvelope<S extends z.ZodType>(schema: S, json: unknown, provider: string): z.infer<S> {
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new PaymentProviderError('webhook_invalid', `${provider} webhook: unexpected body`);
  return parsed.data;
}
