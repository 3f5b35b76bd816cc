import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_MOYASAR_CARDS, type FakeMoyasar, startFakeMoyasar, tokenizeCard } from '../../../test/fake-moyasar.ts';
import { createMoyasarProvider } from './moyasar-provider.ts';
import { type PaymentProvider, PaymentProviderError } from './payment-provider.ts';

const SECRET_KEY = 'sk_test_moyasar_fake_0123456789';
const PUBLISHABLE_KEY = 'pk_test_moyasar_fake_0123456789';
const WEBHOOK_SECRET = 'moyasar-webhook-secret-token';
/** Long enough for a loaded machine; the slow-answer tests use their own impatient client. */
const TIMEOUT_MS = 10_000;
const IMPATIENT_MS = 300;

describe('Moyasar adapter (against a local fake of its API)', () => {
  let fake: FakeMoyasar;
  let moyasar: PaymentProvider;
  let token: string;
  beforeEach(async () => {
    fake = await startFakeMoyasar({
      secretKey: SECRET_KEY,
      publishableKey: PUBLISHABLE_KEY,
      webhookSecret: WEBHOOK_SECRET,
    });
    token = await tokenizeCard(fake, PUBLISHABLE_KEY, { number: FAKE_MOYASAR_CARDS.approved });
    fake.requests = [];
    moyasar = createMoyasarProvider({
      apiUrl: fake.url,
      secretKey: SECRET_KEY,
      publishableKey: PUBLISHABLE_KEY,
      webhookSecret: WEBHOOK_SECRET,
      timeoutMs: TIMEOUT_MS,
    });
  });
  afterEach(() => fake.close());

  const create = (key: string = randomUUID(), amountHalalas = 4_250, language: 'ar' | 'en' = 'en') =>
    moyasar.createPayment({
      amountHalalas,
      currency: 'SAR',
      description: 'Sufra Kitchen order #42',
      callbackUrl: 'https://qr.sufra.example/payment/5a1c9e2d-3b4f-4a6e-8d7c-2e9f1a3b4c5d',
      idempotencyKey: key,
      metadata: { orderId: '42' },
      language,
      sourceToken: token,
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
      redirectUrl: `${fake.url}/transaction_auths/${key}/form`,
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
        apply_coupon: false,
        source: { type: 'token', token, '3ds': true, manual: false },
      },
    });
  });

  it("never lets Moyasar apply a coupon of its own (apply_coupon: false), so the amount stays the order's", async () => {
    await create();
    expect(fake.requests[0]?.body).toMatchObject({ apply_coupon: false, amount: 4_250 });
  });

  it("asks for the 3-D Secure page in the diner's language", async () => {
    const arabic = await create(randomUUID(), 4_250, 'ar');
    const page = await (await fetch(arabic.redirectUrl ?? '')).text();
    expect(page).toContain('<html lang="ar" dir="rtl">');
    token = await tokenizeCard(fake, PUBLISHABLE_KEY, { number: FAKE_MOYASAR_CARDS.approved });
    const english = await create(randomUUID(), 4_250, 'en');
    expect(await (await fetch(english.redirectUrl ?? '')).text()).toContain('<html lang="en" dir="ltr">');
  });

  it('recovers a create retried after a lost answer: Moyasar refuses the used given_id, the payment is fetched by it', async () => {
    const key = randomUUID();
    const first = await create(key);
    const again = await create(key);
    expect(again).toEqual(first);
    expect(fake.payments.size).toBe(1);
    // As the real API: the retry is refused (used_given_id), not replayed; the adapter then asks for the payment.
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/payments',
      'POST /v1/payments',
      `GET /v1/payments/${key}`,
    ]);
  });

  it('still reports a refused token as rejected when no payment was made under the given_id', async () => {
    await create();
    // The same save-only token a second time, under a new given_id: spent, and nothing to recover.
    await expect(create(randomUUID())).rejects.toMatchObject({ kind: 'rejected', httpStatus: 400 });
  });

  it('asks nothing of Moyasar without a browser-made token: it reserves the payment id and sends the diner to our card page', async () => {
    const key = randomUUID();
    const payment = await moyasar.createPayment({
      amountHalalas: 1_000,
      currency: 'SAR',
      description: 'x',
      callbackUrl: 'https://qr.sufra.example/payment/5a1c9e2d-3b4f-4a6e-8d7c-2e9f1a3b4c5d?order=7',
      idempotencyKey: key,
      metadata: { orderId: '7' },
      language: 'en',
    });
    expect(payment).toMatchObject({
      id: key,
      status: 'initiated',
      amountHalalas: 1_000,
      redirectUrl: 'https://qr.sufra.example/card/5a1c9e2d-3b4f-4a6e-8d7c-2e9f1a3b4c5d?order=7',
    });
    expect(fake.requests).toHaveLength(0);
    expect(moyasar.cardTokenization).toEqual({ tokensUrl: `${fake.url}/tokens`, publishableKey: PUBLISHABLE_KEY });
  });

  it('reports a token Moyasar does not know as rejected (the diner can make another)', async () => {
    await expect(
      moyasar.createPayment({
        amountHalalas: 1_000,
        currency: 'SAR',
        description: 'x',
        callbackUrl: 'https://qr.sufra.example/payment/x?order=1',
        idempotencyKey: randomUUID(),
        metadata: { orderId: '1' },
        language: 'en',
        sourceToken: 'token_never_made',
      }),
    ).rejects.toMatchObject({ kind: 'rejected', httpStatus: 400 });
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

  it("reports Moyasar's 4xx answers as rejected with its message, a refused key as misconfigured, and 404 as not found", async () => {
    const wrongKey = createMoyasarProvider({
      apiUrl: fake.url,
      secretKey: 'sk_test_wrong',
      publishableKey: PUBLISHABLE_KEY,
      webhookSecret: WEBHOOK_SECRET,
      timeoutMs: TIMEOUT_MS,
    });
    await expect(wrongKey.fetchPayment('x')).rejects.toThrow(
      'moyasar GET /v1/payments/x: answered 401: Invalid authorization credentials',
    );
    await expect(wrongKey.fetchPayment('x')).rejects.toMatchObject({ kind: 'misconfigured', httpStatus: 401 });
    await expect(create(randomUUID(), 50)).rejects.toMatchObject({ kind: 'rejected', httpStatus: 400 });
    await expect(moyasar.fetchPayment('unknown')).rejects.toMatchObject({ kind: 'not_found', httpStatus: 404 });
    const { id } = await create();
    await expect(moyasar.refundPayment(id)).rejects.toThrow('Payment is not paid');
  });

  it('reports 429 as rate limited and 403 or 405 as misconfigured, never as a refused card', async () => {
    fake.next = [
      { kind: 'status', status: 429, body: JSON.stringify({ type: 'rate_limit_error', message: 'Too many requests' }) },
      { kind: 'status', status: 403, body: JSON.stringify({ type: 'authorization_error', message: 'Forbidden' }) },
      { kind: 'status', status: 405, body: JSON.stringify({ type: 'invalid_request_error', message: 'Not allowed' }) },
    ];
    await expect(create()).rejects.toMatchObject({ kind: 'rate_limited', httpStatus: 429 });
    await expect(create()).rejects.toMatchObject({ kind: 'misconfigured', httpStatus: 403 });
    await expect(create()).rejects.toMatchObject({ kind: 'misconfigured', httpStatus: 405 });
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
      publishableKey: PUBLISHABLE_KEY,
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
        data: {
          id: 'pay_1',
          status: 'paid',
          amount: 4_250,
          currency: 'SAR',
          refunded: 0,
          description: 'x',
          metadata: null,
          source: { type: 'creditcard', company: 'visa', number: '4111-11XX-XXXX-1111', message: 'APPROVED' },
        },
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
      ['a wrong secret token and a body of another shape', JSON.stringify({ secret_token: 'x', data: { a: 1 } })],
      ['no event id', JSON.stringify({ type: 'payment_paid', secret_token: WEBHOOK_SECRET, data: {} })],
    ])('refuses a webhook with %s', (_name, rawBody) => {
      expect(() => moyasar.verifyWebhook({ rawBody, headers: {} })).toThrow(
        expect.objectContaining({ kind: 'webhook_invalid' }),
      );
    });

    it.each([
      [
        'a verified card check',
        { type: 'payment_verified', data: { id: 'p', status: 'verified', amount: 100, currency: 'SAR' } },
      ],
      ['data that is not a payment', { type: 'invoice_paid', data: { id: 'inv_1', url: 'https://x' } }],
      ['no data', { type: 'payment_paid' }],
    ])('takes in a genuine webhook with %s, with no payment to act on', (_name, fields) => {
      const rawBody = JSON.stringify({ id: 'evt_1', secret_token: WEBHOOK_SECRET, ...fields });
      expect(moyasar.verifyWebhook({ rawBody, headers: {} })).toMatchObject({ eventId: 'evt_1', payment: null });
    });
  });
});
