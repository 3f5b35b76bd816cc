import type { SmsProvider } from './sms-provider.ts';

export interface TaqnyatOptions {
  /** The bearer token from Taqnyat's portal (an application's key). */
  bearerToken: string;
  /** The approved sender name (CST-registered in Saudi Arabia). */
  sender: string;
  /** https://api.taqnyat.sa, or a local fake in tests and the demo. */
  apiUrl: string;
  timeoutMs?: number;
}

/**
 * Taqnyat (docs/adr/0600): POST {apiUrl}/v1/messages with `Authorization: Bearer <token>` and a JSON body
 * `{ recipients: ["9665…"], body, sender }` (recipients in international form without "+" or "00"). Success is
 * 201 with `{ statusCode: 201, messageId, … }`; any other status (or a network error / timeout) throws with
 * Taqnyat's `message`, so the relay retries.
 */
export function createTaqnyatSmsProvider(options: TaqnyatOptions): SmsProvider {
  const url = `${options.apiUrl}/v1/messages`;
  return {
    name: 'taqnyat',
    async send(message) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${options.bearerToken}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({
          recipients: [message.to.replace(/^\+/, '')],
          body: message.body,
          sender: options.sender,
        }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      const text = await response.text();
      let data: Record<string, unknown> = {};
      try {
        data = JSON.parse(text) as Record<string, unknown>;
      } catch {
        // Not JSON (a proxy error page): keep the status only.
      }
      if (!response.ok) {
        const detail = typeof data.message === 'string' ? `: ${data.message}` : '';
        throw new Error(`taqnyat answered ${response.status}${detail}`);
      }
      const id = data.messageId;
      return { providerMessageId: typeof id === 'string' || typeof id === 'number' ? String(id) : null };
    },
  };
}
