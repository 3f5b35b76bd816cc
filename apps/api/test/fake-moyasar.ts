import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkCardNumber, checkCvv } from '@sufra/shared/payments/card';

/**
 * A local stand-in for Moyasar's API (https://docs.moyasar.com), used by the adapter's tests, the API tests and the
 * browser journeys (there is no network here, and the real one must never see test traffic):
 * - POST /v1/tokens with the publishable key, called by the BROWSER (so it answers CORS): a card becomes a token;
 * - POST /v1/payments with the secret key and a `token` source; as the real API, a `given_id` already used is refused
 *   (`used_given_id`), not replayed, and a save-only token pays once; GET one; refund;
 * - the 3-D Secure step at the payment's `transaction_url`: a tiny page whose button settles the payment, sends the
 *   webhook (with the dashboard's secret token in its body) and redirects to `callback_url` with ?id=&status=&message=;
 * - failures on demand (`next`): a status, a slow answer, a body that stalls.
 * It keeps only a token's brand, last 4 and outcome, never a card number.
 */
export interface FakeMoyasarOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where its webhooks go (our /api/payments/webhooks/moyasar/); none when absent or it answers null. */
  webhookUrl?: string | (() => string | null);
  host?: string;
  /** 0: any free port. */
  port?: number;
}

/** What the fake answers next, instead of its normal behaviour. */
export type FakeMoyasarOverride =
  | { kind: 'status'; status: number; body: string; contentType?: string }
  | { kind: 'slow'; delayMs: number }
  | { kind: 'stalled_body' };

export interface FakeMoyasar {
  /** The API base, as MOYASAR_API_URL: http://127.0.0.1:{port}/v1 */
  url: string;
  requests: { method: string; path: string; auth: string | undefined; body: unknown }[];
  payments: Map<string, Record<string, unknown>>;
  tokens: Map<string, FakeToken>;
  /** Answers to give next, first in first out; `paths` limits an override to requests whose path starts so. */
  next: (FakeMoyasarOverride & { path?: string })[];
  /** Webhooks it sent and how our API answered. */
  webhooks: { body: Record<string, unknown>; status: number | null }[];
  close(): Promise<void>;
}

export interface FakeToken {
  id: string;
  brand: string;
  last4: string;
  name: string;
  month: number;
  year: number;
  /** What the issuer says at 3-D Secure (see FAKE_MOYASAR_CARDS). */
  outcome: 'paid' | 'failed';
  /** A save-only token pays once. */
  used: boolean;
}

/** Test cards of the fake (Luhn-valid): every other valid card is approved. */
export const FAKE_MOYASAR_CARDS = {
  approved: '4111111111111111',
  /** Passes 3-D Secure, then the issuer declines it. */
  declined: '4000000000000002',
} as const;

const BRAND_OF: Record<string, string> = { visa: 'visa', mastercard: 'master', mada: 'mada', amex: 'amex' };

export async function startFakeMoyasar(options: FakeMoyasarOptions): Promise<FakeMoyasar> {
  const fake: FakeMoyasar = {
    url: '',
    requests: [],
    payments: new Map(),
    tokens: new Map(),
    next: [],
    webhooks: [],
    close: async () => {},
  };
  const timers = new Set<NodeJS.Timeout>();
  /** Each payment's 3-D Secure page language, from its create's Accept-Language (as the real page follows it). */
  const languages = new Map<string, 'ar' | 'en'>();
  const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
  const origin = () => fake.url.replace(/\/v1$/, '');

  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => resolve(body));
    });
  // The browser calls /v1/tokens from our web app's origin with an Authorization header.
  const cors = {
    'access-control-allow-origin': '*',
    'access-control-allow-headers': 'authorization, content-type, accept',
    'access-control-allow-methods': 'GET, POST, OPTIONS',
  };
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...cors });
    res.end(JSON.stringify(body));
  };
  const invalid = (res: ServerResponse, errors: Record<string, string[]>) =>
    json(res, 400, { type: 'invalid_request_error', message: 'Validation Failed', errors });

  function createToken(res: ServerResponse, body: Record<string, unknown>) {
    const number = String(body.number ?? '');
    const checked = checkCardNumber(number);
    const month = Number(body.month);
    const year = Number(body.year) < 100 ? 2000 + Number(body.year) : Number(body.year);
    const errors: Record<string, string[]> = {};
    if (!checked.ok) errors.number = ['is invalid'];
    if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year)) errors.month = ['is invalid'];
    if (!checkCvv(String(body.cvc ?? ''), checked.ok ? checked.brand : null).ok) errors.cvc = ['is invalid'];
    if (typeof body.name !== 'string' || body.name.trim() === '') errors.name = ["can't be blank"];
    if (!checked.ok || Object.keys(errors).length > 0) return invalid(res, errors);
    const token: FakeToken = {
      id: `token_${randomUUID().replace(/-/g, '')}`,
      brand: BRAND_OF[checked.brand] ?? checked.brand,
      last4: checked.digits.slice(-4),
      name: String(body.name),
      month,
      year,
      outcome: checked.digits === FAKE_MOYASAR_CARDS.declined ? 'failed' : 'paid',
      used: false,
    };
    fake.tokens.set(token.id, token);
    return json(res, 201, {
      id: token.id,
      status: 'active',
      brand: token.brand,
      funding: 'credit',
      country: 'SA',
      month: String(month).padStart(2, '0'),
      year: String(year),
      name: token.name,
      last_four: token.last4,
      metadata: null,
      message: null,
      verification_url: null,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
      expires_at: new Date(Date.UTC(year, month, 1)).toISOString(),
    });
  }

  function createPayment(req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>) {
    const givenId = String(body.given_id ?? randomUUID());
    // Refused, not replayed: the caller must fetch the payment by its given_id to learn what the first create made.
    if (fake.payments.has(givenId)) return invalid(res, { given_id: ['used_given_id'] });
    if (typeof body.amount !== 'number' || body.amount < 100) {
      return invalid(res, { amount: ['must be greater than or equal to 100'] });
    }
    const source = (body.source ?? {}) as Record<string, unknown>;
    const token = source.type === 'token' ? fake.tokens.get(String(source.token ?? '')) : undefined;
    if (!token) return invalid(res, { 'source.token': ['is invalid'] });
    if (token.used) return invalid(res, { 'source.token': ['has already been used'] });
    token.used = true;
    languages.set(givenId, String(req.headers['accept-language'] ?? '').startsWith('ar') ? 'ar' : 'en');
    const payment: Record<string, unknown> = {
      id: givenId,
      status: 'initiated',
      amount: body.amount,
      fee: 0,
      currency: body.currency,
      refunded: 0,
      refunded_at: null,
      captured: 0,
      description: body.description,
      amount_format: `${Number(body.amount) / 100} SAR`,
      invoice_id: null,
      ip: null,
      callback_url: body.callback_url,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
      metadata: body.metadata ?? null,
      source: {
        type: 'creditcard',
        company: token.brand,
        name: token.name,
        number: `${token.brand === 'visa' ? '4' : '5'}XXX-XXXX-XXXX-${token.last4}`,
        gateway_id: 'moyasar_cc_fake',
        reference_number: null,
        token: token.id,
        message: null,
        transaction_url: `${origin()}/v1/transaction_auths/${givenId}/form`,
      },
    };
    fake.payments.set(givenId, payment);
    return json(res, 201, payment);
  }

  async function sendWebhook(payment: Record<string, unknown>) {
    const url = typeof options.webhookUrl === 'function' ? options.webhookUrl() : options.webhookUrl;
    if (!url) return;
    const body = {
      id: randomUUID(),
      type: `payment_${payment.status}`,
      created_at: new Date().toISOString(),
      secret_token: options.webhookSecret,
      account_name: 'Sufra',
      live: false,
      data: payment,
    };
    const record: FakeMoyasar['webhooks'][number] = { body, status: null };
    fake.webhooks.push(record);
    try {
      const answer = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      record.status = answer.status;
    } catch {
      // Moyasar retries later; the redirect's verify settles the payment meanwhile.
    }
  }

  /** The 3-D Secure step: a page whose one button asks the "issuer", then sends the diner back. */
  async function threeDSecure(req: IncomingMessage, res: ServerResponse, id: string) {
    const payment = fake.payments.get(id);
    if (!payment) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Unknown payment');
      return;
    }
    const source = payment.source as Record<string, unknown>;
    if (req.method === 'GET') {
      const ar = languages.get(id) === 'ar';
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="${ar ? 'ar' : 'en'}" dir="${ar ? 'rtl' : 'ltr'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>3-D Secure</title></head>
<body><main><h1>${ar ? 'التحقق الآمن' : '3-D Secure'}</h1>
<p>${ar ? 'ميسّر التجريبي' : 'Fake Moyasar'}: <bdi>${String(payment.amount_format)}</bdi>, <bdi>${String(source.number)}</bdi></p>
<form method="post"><button type="submit">${ar ? 'أكمل التحقق' : 'Complete verification'}</button></form></main></body></html>`);
      return;
    }
    if (payment.status === 'initiated') {
      const token = fake.tokens.get(String(source.token));
      const paid = token?.outcome === 'paid';
      Object.assign(payment, { status: paid ? 'paid' : 'failed', updated_at: new Date().toISOString() });
      Object.assign(source, { message: paid ? 'APPROVED' : 'DECLINED' });
      await sendWebhook(payment);
    }
    const back = new URL(String(payment.callback_url));
    back.searchParams.set('id', id);
    back.searchParams.set('status', String(payment.status));
    back.searchParams.set('message', String(source.message ?? ''));
    res.writeHead(302, { location: back.href });
    res.end();
  }

  const server: Server = createServer(async (req, res) => {
    const text = await read(req);
    let body: Record<string, unknown> = {};
    try {
      body = text && req.headers['content-type']?.includes('json') ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      return invalid(res, { body: ['is not JSON'] });
    }
    const path = req.url ?? '';
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors);
      res.end();
      return;
    }
    const auth = req.headers.authorization;
    fake.requests.push({ method: req.method ?? '', path, auth, body });
    const at = fake.next.findIndex((o) => o.path === undefined || path.startsWith(o.path));
    const override = at >= 0 ? fake.next.splice(at, 1)[0] : undefined;
    if (override?.kind === 'status') {
      res.writeHead(override.status, { 'content-type': override.contentType ?? 'application/json', ...cors });
      res.end(override.body);
      return;
    }
    if (override?.kind === 'slow') {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!res.destroyed) json(res, 200, {});
      }, override.delayMs);
      timers.add(timer);
      return;
    }
    if (override?.kind === 'stalled_body') {
      // Headers now, the body never: the client must still give up on time.
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"id":');
      return;
    }
    const threeDs = /^\/v1\/transaction_auths\/([^/]+)\/form$/.exec(path);
    if (threeDs) return threeDSecure(req, res, decodeURIComponent(threeDs[1] ?? ''));
    if (req.method === 'POST' && path === '/v1/tokens') {
      // Tokens take the publishable key (never the secret one: the browser must not hold it).
      if (auth !== basic(options.publishableKey)) {
        return json(res, 401, { type: 'authentication_error', message: 'Invalid authorization credentials' });
      }
      return createToken(res, body);
    }
    if (auth !== basic(options.secretKey)) {
      return json(res, 401, {
        type: 'authentication_error',
        message: 'Invalid authorization credentials',
        errors: null,
      });
    }
    if (req.method === 'POST' && path === '/v1/payments') return createPayment(req, res, body);
    const match = /^\/v1\/payments\/([^/]+)(\/refund)?$/.exec(path);
    const payment = match ? fake.payments.get(decodeURIComponent(match[1] ?? '')) : undefined;
    if (!payment) return json(res, 404, { type: 'record_not_found', message: 'Object not found', errors: null });
    if (req.method === 'GET' && !match?.[2]) return json(res, 200, payment);
    if (req.method === 'POST' && match?.[2]) {
      if (payment.status !== 'paid') {
        return json(res, 400, { type: 'invalid_request_error', message: 'Payment is not paid', errors: null });
      }
      const amount = typeof body.amount === 'number' ? body.amount : Number(payment.amount);
      Object.assign(payment, { refunded: amount, status: amount === payment.amount ? 'refunded' : 'paid' });
      return json(res, 200, payment);
    }
    json(res, 405, { type: 'invalid_request_error', message: 'Method not allowed' });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  fake.url = `http://${host}:${(server.address() as AddressInfo).port}/v1`;
  fake.close = () =>
    new Promise((resolve) => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

/** A browser's part, for API tests: the card goes to the fake's tokens endpoint with the publishable key. */
export async function tokenizeCard(
  fake: FakeMoyasar,
  publishableKey: string,
  card: { number: string; name?: string; month?: number; year?: number; cvc?: string },
): Promise<string> {
  const answer = await fetch(`${fake.url}/tokens`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${publishableKey}:`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      name: card.name ?? 'Sara Al-Harbi',
      number: card.number,
      month: card.month ?? 12,
      year: card.year ?? new Date().getUTCFullYear() + 3,
      cvc: card.cvc ?? '123',
      save_only: true,
    }),
  });
  const body = (await answer.json()) as { id?: string };
  if (answer.status !== 201 || !body.id) throw new Error(`tokenize: ${answer.status}`);
  return body.id;
}
