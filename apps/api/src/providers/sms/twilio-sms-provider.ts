import type { SmsProvider } from './sms-provider.ts';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** A Twilio number (E.164) or an alphanumeric sender id. */
  from: string;
  /** https://api.twilio.com, or a local fake in tests. */
  apiUrl: string;
  timeoutMs?: number;
}

/**
 * Twilio Programmable Messaging: POST {apiUrl}/2010-04-01/Accounts/{AccountSid}/Messages.json with HTTP basic
 * auth (AccountSid:AuthToken) and a form body To, From, Body; 201 answers JSON with the message `sid`.
 * Any other status (or a network error / timeout) throws, so the relay retries.
 */
export function createTwilioSmsProvider(options: TwilioOptions): SmsProvider {
  const url = `${options.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return {
    name: 'twilio',
    async send(message) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ To: message.to, From: options.from, Body: message.body }),
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
        throw new Error(`twilio answered ${response.status}${detail}`);
      }
      return { providerMessageId: typeof data.sid === 'string' ? data.sid : null };
    },
  };
}
