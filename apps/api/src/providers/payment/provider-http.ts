import { PaymentProviderError } from './payment-provider.ts';

export interface ProviderRequest {
  method: 'GET' | 'POST';
  url: string;
  /** Basic auth: the secret key as user name, empty password (Moyasar's scheme; the test gateway copies it). */
  secretKey: string;
  body?: unknown;
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
    throw new PaymentProviderError('rejected', detail, response.status);
  } finally {
    clearTimeout(timer);
  }
}

function messageOf(body: unknown): string | null {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') return body.message;
  return null;
}
