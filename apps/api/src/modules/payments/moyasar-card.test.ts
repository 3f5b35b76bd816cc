import { randomUUID } from 'node:crypto';
import { orderSchema } from '@sufra/shared/schemas/order';
import {
  cardPageResponse,
  type PlacedOrderResponse,
  paymentRedirectSchema,
  paymentVerifyResponse,
  placedOrderResponse,
} from '@sufra/shared/schemas/payment';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, countRows } from '../../../test/accounts.ts';
import { FAKE_MOYASAR_CARDS, type FakeMoyasar, startFakeMoyasar, tokenizeCard } from '../../../test/fake-moyasar.ts';
import { UUID } from '../../../test/fixture-brands.ts';
import { diner, type MenuIds, menuIds, newKey, placeOrder } from '../../../test/orders.ts';
import { scanDatabaseForCardNumbers, scanLogForCardNumbers } from '../../../test/pci-scan.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const PUBLIC_URL = 'https://sufra.example';
const SECRET_KEY = 'sk_test_sufra_moyasar_api_tests';
const PUBLISHABLE_KEY = 'pk_test_sufra_moyasar_api_tests';
const WEBHOOK_SECRET = 'moyasar-webhook-secret-in-tests';

/**
 * Card orders with PAYMENT_PROVIDER=moyasar against the fake Moyasar: placement sends the diner to our card page,
 * the "browser" (this test) makes the token at Moyasar with the publishable key, only the token reaches our API,
 * and the 3-D Secure step returns to the verify that already serves the test gateway.
 */
describe('card payments with Moyasar (our card page, a browser-made token)', () => {
  let t: TestApp;
  let fake: FakeMoyasar;
  let base = '';
  let ids: MenuIds;
  let a: Caller;
  let b: Caller;
  const log: string[] = [];
  /** The expiry sweeper's clock is moved ahead only while it sweeps (sessions keep the real time). */
  let ahead = 0;

  beforeAll(async () => {
    fake = await startFakeMoyasar({
      secretKey: SECRET_KEY,
      publishableKey: PUBLISHABLE_KEY,
      webhookSecret: WEBHOOK_SECRET,
      webhookUrl: () => (base ? `${base}/api/payments/webhooks/moyasar/` : null),
    });
    t = await createTestApp({
      now: () => new Date(Date.now() + ahead),
      logStream: { write: (line) => void log.push(line) },
      env: {
        LOG_LEVEL: 'info',
        PUBLIC_URL,
        PAYMENT_PROVIDER: 'moyasar',
        PAYMENT_TIMEOUT_MS: '10000', // never waited out here: room for a loaded machine
        MOYASAR_API_URL: fake.url,
        MOYASAR_SECRET_KEY: SECRET_KEY,
        MOYASAR_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
        MOYASAR_WEBHOOK_SECRET: WEBHOOK_SECRET,
        KITCHEN_RELAY_INTERVAL_MS: '0',
      },
    });
    base = await t.listen();
    ids = await menuIds(t, UUID.aMain);
    a = await diner(t, UUID.aMain, '0592000001');
    b = await diner(t, UUID.aMain, '0592000002', 'ar');
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const body = (paymentMethod: 'card' | 'cash' = 'card') => ({
    orderType: 2,
    lines: [
      { kind: 'product' as const, itemId: ids.item('kabsa'), quantity: 1, modifiers: [ids.option('Size', 'Large')] },
    ],
    paymentMethod,
  });
  const orderPath = (id: number, rest = '') => `/api/orders/${UUID.aMain}/${id}/${rest}`;
  const attemptsOf = (orderId: number) =>
    t.database.query<{ status: string; provider_payment_id: string | null; idempotency_key: string }>(
      'select status, provider_payment_id, idempotency_key from payment_attempts where order_id = $1 order by id',
      [orderId],
    );
  const kitchenRows = async (orderId: number) =>
    (
      await t.database.query<{ n: number }>(
        `select count(*)::int as n from order_outbox where order_id = $1 and event = 'order_placed'`,
        [orderId],
      )
    )[0]?.n;

  async function placeCard(c: Caller = a): Promise<PlacedOrderResponse> {
    const res = await placeOrder(c, UUID.aMain, body(), newKey());
    expect(res.statusCode, res.body).toBe(201);
    return placedOrderResponse.parse(res.json());
  }
  const submitToken = (c: Caller, orderId: number, token: string) =>
    c.call('POST', orderPath(orderId, 'payment/source/'), { token });
  /** The diner on the fake's 3-D Secure page: one button, then Moyasar's redirect to our callback. */
  async function passThreeDSecure(transactionUrl: string): Promise<URL> {
    expect((await fetch(transactionUrl)).status).toBe(200);
    const done = await fetch(transactionUrl, { method: 'POST', redirect: 'manual' });
    expect(done.status).toBe(302);
    return new URL(done.headers.get('location') ?? '');
  }
  async function verify(c: Caller, orderId: number) {
    const res = await c.call('POST', orderPath(orderId, 'payment/verify/'));
    expect(res.statusCode, res.body).toBe(200);
    return paymentVerifyResponse.parse(res.json());
  }
  /** The whole card page: GET what it needs, tokenize at Moyasar, hand the token to our API. */
  async function payOnCardPage(c: Caller, orderId: number, number: string): Promise<string> {
    const page = cardPageResponse.parse((await c.call('GET', orderPath(orderId, 'payment/card/'))).json());
    const token = await tokenizeCard(fake, page.tokenization.publishableKey, { number });
    const res = await submitToken(c, orderId, token);
    expect(res.statusCode, res.body).toBe(200);
    return paymentRedirectSchema.parse(res.json()).redirectUrl;
  }

  it('expires an order whose diner never sent the card: Moyasar does not know its reserved payment id (404)', async () => {
    const placed = await placeCard();
    ahead = 31 * 60_000;
    try {
      await t.app.paymentExpiry.drainOnce();
    } finally {
      ahead = 0;
    }
    const [order] = await t.database.query<{ status: string; cancel_reason: string | null; payment_status: string }>(
      'select status, cancel_reason, payment_status from orders where id = $1',
      [placed.id],
    );
    expect(order).toEqual({ status: 'canceled', cancel_reason: 'payment_expired', payment_status: 'unpaid' });
    // Its card page is closed now: nothing more can be paid on it.
    expect((await a.call('GET', orderPath(placed.id, 'payment/card/'))).statusCode).toBe(409);
  });

  it('answers a card placement with our card page, which learns the tokens URL and publishable key from the API', async () => {
    const before = fake.requests.length;
    const placed = await placeCard();
    expect(placed.payment?.redirectUrl).toBe(`${PUBLIC_URL}/card/${UUID.aMain}?order=${placed.id}`);
    // Nothing is asked of Moyasar before the diner has a token.
    expect(fake.requests.length).toBe(before);
    const res = await a.call('GET', orderPath(placed.id, 'payment/card/'));
    expect(res.statusCode, res.body).toBe(200);
    expect(cardPageResponse.parse(res.json())).toMatchObject({
      order: { id: placed.id, pricing: { total: placed.pricing.total }, paymentStatus: 'unpaid' },
      tokenization: { tokensUrl: `${fake.url}/tokens`, publishableKey: PUBLISHABLE_KEY },
      callbackUrl: `${PUBLIC_URL}/payment/${UUID.aMain}?order=${placed.id}`,
    });
    expect(JSON.stringify(res.json())).not.toContain(SECRET_KEY);
  });

  it('creates the payment from the token alone with our idempotency key, and 3-D Secure returns to a verify that finds it paid', async () => {
    const placed = await placeCard();
    const redirectUrl = await payOnCardPage(a, placed.id, FAKE_MOYASAR_CARDS.approved);
    const [attempt] = await attemptsOf(placed.id);
    expect(redirectUrl).toBe(`${fake.url}/transaction_auths/${attempt?.idempotency_key}/form`);
    const create = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payments').at(-1);
    expect(create?.body).toMatchObject({
      given_id: attempt?.idempotency_key,
      amount: placed.pricing.total,
      currency: 'SAR',
      callback_url: `${PUBLIC_URL}/payment/${UUID.aMain}?order=${placed.id}`,
      metadata: { orderId: String(placed.id) },
      source: { type: 'token', '3ds': true },
    });
    expect(await kitchenRows(placed.id)).toBe(0);

    const back = await passThreeDSecure(redirectUrl);
    expect(back.pathname).toBe(`/payment/${UUID.aMain}`);
    expect(back.searchParams.get('order')).toBe(String(placed.id));
    expect(back.searchParams.get('status')).toBe('paid');
    // The webhook (secret token in its body) came in before the diner's return; either settles it, once.
    expect(fake.webhooks.at(-1)?.status).toBe(200);
    const verdict = await verify(a, placed.id);
    expect(verdict.outcome).toBe('paid');
    expect(verdict.order.paymentStatus).toBe('paid');
    expect(await kitchenRows(placed.id)).toBe(1);
    expect(await attemptsOf(placed.id)).toMatchObject([
      { status: 'paid', provider_payment_id: attempt?.idempotency_key },
    ]);
  });

  it('fails a declined card, and the retry pays the same order on the card page again (never a second order)', async () => {
    const placed = await placeCard();
    const orders = await countRows(t, 'orders');
    const declined = await passThreeDSecure(await payOnCardPage(a, placed.id, FAKE_MOYASAR_CARDS.declined));
    expect(declined.searchParams.get('status')).toBe('failed');
    const failed = await verify(a, placed.id);
    expect(failed).toMatchObject({
      outcome: 'failed',
      error: {
        code: 'payment_declined',
        message: 'Your bank declined this card. Try another card, or order again and pay cash',
      },
    });

    const retry = await a.call('POST', orderPath(placed.id, 'payment/'));
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json().payment.redirectUrl).toBe(`${PUBLIC_URL}/card/${UUID.aMain}?order=${placed.id}`);
    await passThreeDSecure(await payOnCardPage(a, placed.id, FAKE_MOYASAR_CARDS.approved));
    expect((await verify(a, placed.id)).outcome).toBe('paid');
    expect(await countRows(t, 'orders')).toBe(orders);
    expect((await attemptsOf(placed.id)).map((row) => row.status)).toEqual(['failed', 'paid']);
  });

  it("answers 404 for another diner's order and for an order that does not exist", async () => {
    const placed = await placeCard(a);
    const token = await tokenizeCard(fake, PUBLISHABLE_KEY, { number: FAKE_MOYASAR_CARDS.approved });
    for (const res of [
      await b.call('GET', orderPath(placed.id, 'payment/card/')),
      await submitToken(b, placed.id, token),
      await submitToken(a, 999_999, token),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('order_not_found');
    }
    expect((await attemptsOf(placed.id)).map((row) => row.status)).toEqual(['initiated']);
  });

  it('answers 409 for an order already paid and for a cash order', async () => {
    const placed = await placeCard();
    await passThreeDSecure(await payOnCardPage(a, placed.id, FAKE_MOYASAR_CARDS.approved));
    expect((await verify(a, placed.id)).outcome).toBe('paid');
    const token = await tokenizeCard(fake, PUBLISHABLE_KEY, { number: FAKE_MOYASAR_CARDS.approved });
    const again = await submitToken(a, placed.id, token);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('payment_already_completed');
    expect((await a.call('GET', orderPath(placed.id, 'payment/card/'))).statusCode).toBe(409);

    const cash = await placeOrder(a, UUID.aMain, body('cash'));
    expect(cash.statusCode).toBe(201);
    const onCash = await submitToken(a, cash.json().id, token);
    expect(onCash.statusCode).toBe(409);
    expect(onCash.json().error.code).toBe('order_not_payable');
  });

  it('explains a token Moyasar refuses in the diner’s language and keeps the order payable with another', async () => {
    const placed = await placeCard(b);
    const refused = await submitToken(b, placed.id, 'token_neverMadeByMoyasar');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: 'payment_card_refused',
      message: 'تعذّر على مزوّد الدفع استخدام هذه البطاقة، تحقق منها أو جرّب بطاقة أخرى',
    });
    expect((await attemptsOf(placed.id)).map((row) => row.status)).toEqual(['initiated']);
    await passThreeDSecure(await payOnCardPage(b, placed.id, FAKE_MOYASAR_CARDS.approved));
    expect((await verify(b, placed.id)).outcome).toBe('paid');
  });

  it('answers 502 when Moyasar is down, and the same card page then pays once (same idempotency key)', async () => {
    const placed = await placeCard();
    const token = await tokenizeCard(fake, PUBLISHABLE_KEY, { number: FAKE_MOYASAR_CARDS.approved });
    fake.next.push({
      kind: 'status',
      status: 503,
      body: '<html>down</html>',
      contentType: 'text/html',
      path: '/v1/payments',
    });
    const down = await submitToken(a, placed.id, token);
    expect(down.statusCode).toBe(502);
    expect(down.json().error.code).toBe('payment_provider_unavailable');
    const [attempt] = await attemptsOf(placed.id);
    expect(attempt?.status).toBe('initiated');

    const first = await submitToken(a, placed.id, token);
    expect(first.statusCode, first.body).toBe(200);
    // A second submit (a double tap, a lost answer) answers the same payment: Moyasar keys it by given_id.
    const second = await submitToken(a, placed.id, token);
    expect(second.json()).toEqual(first.json());
    expect([...fake.payments.keys()].filter((id) => id === attempt?.idempotency_key)).toHaveLength(1);
    await passThreeDSecure(paymentRedirectSchema.parse(first.json()).redirectUrl);
    expect((await verify(a, placed.id)).outcome).toBe('paid');
  });

  it("opens Moyasar's 3-D Secure step in the diner's language", async () => {
    const placed = await placeCard(b);
    const html = await (await fetch(await payOnCardPage(b, placed.id, FAKE_MOYASAR_CARDS.approved))).text();
    expect(html).toContain('<html lang="ar" dir="rtl">');
  });

  it('answers a throttled Moyasar with "try again later" and a refused key with a configuration error, never "card refused"', async () => {
    const placed = await placeCard();
    for (const [status, code, message] of [
      [429, 'payment_provider_busy', 'The payment provider is busy right now, try again in a few minutes'],
      [
        403,
        'payment_provider_misconfigured',
        "Card payments aren't available right now because of a setup problem on our side. Pay cash, or try later",
      ],
      [
        405,
        'payment_provider_misconfigured',
        "Card payments aren't available right now because of a setup problem on our side. Pay cash, or try later",
      ],
    ] as const) {
      const token = await tokenizeCard(fake, PUBLISHABLE_KEY, { number: FAKE_MOYASAR_CARDS.approved });
      fake.next.push({ kind: 'status', status, body: '{"type":"error","message":"no"}', path: '/v1/payments' });
      const res = await submitToken(a, placed.id, token);
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toMatchObject({ code, message });
    }
    expect((await attemptsOf(placed.id)).map((row) => row.status)).toEqual(['initiated']);
  });

  describe('webhooks', () => {
    const post = (body: Record<string, unknown>) =>
      fetch(`${base}/api/payments/webhooks/moyasar/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    it('acknowledges a genuine event it does not act on (a verified card check) instead of calling it forged', async () => {
      const before = await countRows(t, 'payment_webhook_events');
      for (const data of [
        { id: 'p_verify', status: 'verified', amount: 100, currency: 'SAR', source: { type: 'creditcard' } },
        { id: 'tok_1', kind: 'not a payment' },
      ]) {
        const res = await post({ id: randomUUID(), type: 'payment_verified', secret_token: WEBHOOK_SECRET, data });
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({ received: true });
      }
      expect(await countRows(t, 'payment_webhook_events')).toBe(before);
      // The secret is still checked first: a forged one is 401 whatever its data.
      const forged = await post({ id: randomUUID(), type: 'payment_verified', secret_token: 'nope', data: {} });
      expect(forged.status).toBe(401);
    });

    it('acknowledges a paid event before asking Moyasar about it; a fetch that fails then is left to verify', async () => {
      const placed = await placeCard();
      await passThreeDSecure(await payOnCardPage(a, placed.id, FAKE_MOYASAR_CARDS.approved));
      await t.app.paymentWebhooks.idle();
      const [attempt] = await attemptsOf(placed.id);
      const payment = fake.payments.get(attempt?.provider_payment_id ?? '');
      // Paid at Moyasar, but this instance has not settled it (its own webhook is replayed under a new id below).
      await t.database.query(`update payment_attempts set status = 'initiated' where order_id = $1`, [placed.id]);
      await t.database.query(`update orders set payment_status = 'unpaid' where id = $1`, [placed.id]);
      fake.next.push({ kind: 'status', status: 503, body: 'down', contentType: 'text/plain', path: '/v1/payments/' });
      const res = await post({ id: randomUUID(), type: 'payment_paid', secret_token: WEBHOOK_SECRET, data: payment });
      expect(res.status).toBe(200);
      await t.app.paymentWebhooks.idle();
      expect((await attemptsOf(placed.id)).map((row) => row.status)).toEqual(['initiated']);
      // Nothing is lost: the return page's verify asks Moyasar again.
      expect((await verify(a, placed.id)).outcome).toBe('paid');
    });
  });

  it('refuses a body that is not a token (a card number is never taken) with a clear 400', async () => {
    const placed = await placeCard();
    for (const payload of [{ token: FAKE_MOYASAR_CARDS.approved }, { number: FAKE_MOYASAR_CARDS.approved }, {}]) {
      const res = await a.call('POST', orderPath(placed.id, 'payment/source/'), payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
      expect(res.body).not.toContain(FAKE_MOYASAR_CARDS.approved);
    }
    expect((await orderSchema.parse((await a.call('GET', orderPath(placed.id))).json())).paymentStatus).toBe('unpaid');
  });

  it('leaves no card number in the database or the server log after all of this', async () => {
    expect(await scanDatabaseForCardNumbers(t.database)).toEqual([]);
    expect(log.length).toBeGreaterThan(0);
    expect(scanLogForCardNumbers(log)).toEqual([]);
  });
});
