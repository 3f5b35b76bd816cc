import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMoyasarProvider } from './moyasar-provider.ts';
import { type PaymentProvider, PaymentProviderError } from './payment-provider.ts';

const SECRET_KEY = 'sk_test_moyasar_fake_0123456789';
const WEBHOOK_SECRET = 'moyasar-webhook-secret-token';
/** Long enough for a loaded machine; the slow-answer tests use their own impatient client. */
const TIMEOUT_MS = 10_000;
const IMPATIENT_MS = 300;

/** What the fake answers next, instead of its normal behaviour. */
type Override =
  | { kind: 'status'; status: number; body: string; contentType?: string }
  | { kind: 'slow'; delayMs: number }
  | { kind: 'stalled_body' };

/**
 * A local stand-in for Moyasar's payments API (https://api.moyasar.com/v1): basic auth with the secret key,
 * payments kept in memory, `given_id` idempotency, refunds, its error format; plus failures on demand.
 */
interface FakeMoyasar {
  url: string;
  requests: { method: string; path: string; auth: string | undefined; body: unknown }[];
  payments: Map<string, Record<string, unknown>>;
  next: Override[];
  close(): Promise<void>;
}

function moyasarPayment(id: string, body: Record<string, unknown>): Record<string, unknown> {
  return {
    id,
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
    created_at: '2026-11-23T12:00:00.000Z',
    updated_at: '2026-11-23T12:00:00.000Z',
    metadata: body.metadata ?? null,
    source: {
      type: 'creditcard',
      company: 'visa',
      name: 'Sara Al-Harbi',
      number: '4111-11XX-XXXX-1111',
      gateway_id: 'moyasar_cc_fake',
      reference_number: null,
      token: 'token_fake',
      message: null,
      transaction_url: `https://api.moyasar.com/v1/transaction_auths/${id}/form?token=fake`,
    },
  };
}

async function startFakeMoyasar(): Promise<FakeMoyasar> {
  const fake: FakeMoyasar = { url: '', requests: [], payments: new Map(), next: [], close: async () => {} };
  const timers = new Set<NodeJS.Timeout>();
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => resolve(body));
    });
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const server: Server = createServer(async (req, res) => {
    const text = await read(req);
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    const path = req.url ?? '';
    fake.requests.push({ method: req.method ?? '', path, auth: req.headers.authorization, body });
    const override = fake.next.shift();
    if (override?.kind === 'status') {
      res.writeHead(override.status, { 'content-type': override.contentType ?? 'application/json' });
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
    if (req.headers.authorization !== `Basic ${Buffer.from(`${SECRET_KEY}:`).toString('base64')}`) {
      return json(res, 401, {
        type: 'authentication_error',
        message: 'Invalid authorization credentials',
        errors: null,
      });
    }
    if (req.method === 'POST' && path === '/v1/payments') {
      const givenId = String(body.given_id ?? randomUUID());
      const existing = fake.payments.get(givenId);
      if (existing) return json(res, 201, existing);
      if (typeof body.amount !== 'number' || body.amount < 100) {
        return json(res, 400, {
          type: 'invalid_request_error',
          message: 'Validation Failed',
          errors: { amount: ['must be greater than or equal to 100'] },
        });
      }
      const payment = moyasarPayment(givenId, body);
      fake.payments.set(givenId, payment);
      return json(res, 201, payment);
    }
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  fake.close = () =>
    new Promise((resolve) => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

describe('Moyasar adapter (against a local fake of its API)', () => {
  let fake: FakeMoyasar;
  let moyasar: PaymentProvider;
  beforeEach(async () => {
    fake = await startFakeMoyasar();
    moyasar = createMoyasarProvider({
      apiUrl: fake.url,
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      timeoutMs: TIMEOUT_MS,
    });
  });
  afterEach(() => fake.close());

  const create = (key: string = randomUUID(), amountHalalas = 4_250) =>
    moyasar.createPayment({
      amountHalalas,
      currency: 'SAR',
      description: 'Sufra Kitchen order #42',
      callbackUrl: 'https://qr.sufra.example/payment/5a1c9e2d-3b4f-4a6e-8d7c-2e9f1a3b4c5d',
      idempotencyKey: key,
      metadata: { orderId: '42' },
      sourceToken: 'token_from_the_browser',
    });

  it('creates a payment with basic auth, given_id and a token source with 3-D Secure, and sends the diner to transaction_url', async () => {
    const key = randomUUID();
    const payment = await create(key);
    expect(payment).toMatchObject({
      id: key,
      status: 'initiated',
      amountHalalas: 4_250,
      currency: 'SAR',
      metadata: { orderId: '42' },
      redirectUrl: `https://api.moyasar.com/v1/transaction_auths/${key}/form?token=fake`,
    });
    expect(fake.requests[0]).toEqual({
      method: 'POST',
      path: '/v1/payments',
      auth: `Basic ${Buffer.from(`${SECRET_KEY}:`).toString('base64')}`,
      body: {
        given_id: key,
        amount: 4_250,
        currency: 'SAR',
        description: 'Sufra Kitchen order #42',
        callback_url: 'https://qr.sufra.example/payment/5a1c9e2d-3b4f-4a6e-8d7c-2e9f1a3b4c5d',
        metadata: { orderId: '42' },
        source: { type: 'token', token: 'token_from_the_browser', '3ds': true, manual: false },
      },
    });
  });

  it('answers the same payment when a create is retried with the same key', async () => {
    const key = randomUUID();
    expect((await create(key)).id).toBe((await create(key)).id);
    expect(fake.payments.size).toBe(1);
  });

  it('will not create a payment without a browser-made card token (the card never passes through us)', async () => {
    await expect(
      moyasar.createPayment({
        amountHalalas: 100,
        currency: 'SAR',
        description: 'x',
        callbackUrl: 'https://qr.sufra.example/payment/x',
        idempotencyKey: randomUUID(),
        metadata: { orderId: '1' },
      }),
    ).rejects.toMatchObject({ kind: 'rejected' });
    expect(fake.requests).toHaveLength(0);
  });

  it.each([
    ['paid', 'paid'],
    ['captured', 'paid'],
    ['authorized', 'initiated'],
    ['failed', 'failed'],
    ['voided', 'failed'],
    ['refunded', 'refunded'],
  ])('reads Moyasar status %s as %s', async (moyasarStatus, ours) => {
    const { id } = await create();
    Object.assign(fake.payments.get(id) ?? {}, {
      status: moyasarStatus,
      source: { type: 'creditcard', company: 'master', number: '5123-45XX-XXXX-0346', message: 'APPROVED' },
    });
    const payment = await moyasar.fetchPayment(id);
    expect(payment.status).toBe(ours);
    expect(payment.card).toEqual({ brand: 'mastercard', last4: '0346' });
    expect(payment.redirectUrl).toBeNull();
  });

  it('treats a status it never asks for (verified) as an unexpected answer', async () => {
    const { id } = await create();
    Object.assign(fake.payments.get(id) ?? {}, { status: 'verified' });
    await expect(moyasar.fetchPayment(id)).rejects.toMatchObject({ kind: 'invalid_response' });
  });

  it('refunds a paid payment in full or in part', async () => {
    const { id } = await create(randomUUID(), 10_000);
    Object.assign(fake.payments.get(id) ?? {}, { status: 'paid' });
    expect(await moyasar.refundPayment(id, 2_500)).toMatchObject({ status: 'paid', refundedHalalas: 2_500 });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/payments/${id}/refund`,
      body: { amount: 2_500 },
    });
    expect(await moyasar.refundPayment(id)).toMatchObject({ status: 'refunded', refundedHalalas: 10_000 });
  });

  it("reports Moyasar's 4xx answers as rejected with its message, and 404 as not found", async () => {
    const wrongKey = createMoyasarProvider({
      apiUrl: fake.url,
      secretKey: 'sk_test_wrong',
      webhookSecret: WEBHOOK_SECRET,
      timeoutMs: TIMEOUT_MS,
    });
    await expect(wrongKey.fetchPayment('x')).rejects.toThrow(
      'moyasar GET /v1/payments/x: answered 401: Invalid authorization credentials',
    );
    await expect(wrongKey.fetchPayment('x')).rejects.toMatchObject({ kind: 'rejected', httpStatus: 401 });
    await expect(create(randomUUID(), 50)).rejects.toMatchObject({ kind: 'rejected', httpStatus: 400 });
    await expect(moyasar.fetchPayment('unknown')).rejects.toMatchObject({ kind: 'not_found', httpStatus: 404 });
    const { id } = await create();
    await expect(moyasar.refundPayment(id)).rejects.toThrow('Payment is not paid');
  });

  it('reports 5xx answers, JSON or not, as unavailable', async () => {
    fake.next = [
      { kind: 'status', status: 500, body: JSON.stringify({ type: 'api_error', message: 'Internal error' }) },
      { kind: 'status', status: 503, body: '<html>Service Unavailable</html>', contentType: 'text/html' },
    ];
    await expect(moyasar.fetchPayment('a')).rejects.toMatchObject({ kind: 'unavailable', httpStatus: 500 });
    await expect(moyasar.fetchPayment('a')).rejects.toMatchObject({ kind: 'unavailable', httpStatus: 503 });
  });

  it('reports malformed JSON and a payment body of the wrong shape as invalid responses', async () => {
    fake.next = [
      { kind: 'status', status: 200, body: '{"id": "pay_1", "status": ' },
      { kind: 'status', status: 200, body: JSON.stringify({ id: 'pay_1', status: 'paid' }) },
    ];
    await expect(moyasar.fetchPayment('pay_1')).rejects.toMatchObject({ kind: 'invalid_response' });
    await expect(moyasar.fetchPayment('pay_1')).rejects.toMatchObject({ kind: 'invalid_response' });
  });

  it('gives up on a slow answer and on a body that stalls, with a typed timeout', async () => {
    fake.next = [{ kind: 'slow', delayMs: 30_000 }, { kind: 'stalled_body' }];
    const impatient = createMoyasarProvider({
      apiUrl: fake.url,
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      timeoutMs: IMPATIENT_MS,
    });
    for (let i = 0; i < 2; i += 1) {
      const error = await impatient.fetchPayment('pay_slow').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PaymentProviderError);
      expect(error).toMatchObject({ kind: 'timeout' });
    }
  });

  it('reports a provider that is not there at all as unavailable', async () => {
    await fake.close();
    await expect(moyasar.fetchPayment('pay_1')).rejects.toMatchObject({ kind: 'unavailable' });
  });

  describe('webhooks', () => {
    const event = (secretToken: string | undefined) =>
      JSON.stringify({
        id: 'b2ab1e57-2d7f-4c42-a1e6-2f2ebdc6f0a4',
        type: 'payment_paid',
        created_at: '2026-11-23T12:01:00.000Z',
        ...(secretToken === undefined ? {} : { secret_token: secretToken }),
        account_name: 'Sufra',
        live: false,
        data: { ...moyasarPayment('pay_1', { amount: 4_250, currency: 'SAR', description: 'x' }), status: 'paid' },
      });

    it('accepts a webhook carrying the secret token and gives its event id and payment', () => {
      expect(moyasar.verifyWebhook({ rawBody: event(WEBHOOK_SECRET), headers: {} })).toMatchObject({
        eventId: 'b2ab1e57-2d7f-4c42-a1e6-2f2ebdc6f0a4',
        type: 'payment_paid',
        payment: { id: 'pay_1', status: 'paid', amountHalalas: 4_250, card: { brand: 'visa', last4: '1111' } },
      });
    });

    it.each([
      ['a wrong secret token', event('not-the-secret')],
      ['no secret token', event(undefined)],
      ['malformed JSON', '{"id":'],
      ['a body without a payment', JSON.stringify({ id: 'e', type: 'payment_paid', secret_token: WEBHOOK_SECRET })],
    ])('refuses a webhook with %s', (_name, rawBody) => {
      expect(() => moyasar.verifyWebhook({ rawBody, headers: {} })).toThrow(
        expect.objectContaining({ kind: 'webhook_invalid' }),
      );
    });
  });
});
