import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findCardNumbers, scanDatabaseForCardNumbers, scanLogForCardNumbers } from '../../../../test/pci-scan.ts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { type PaymentProvider, PaymentProviderError } from '../payment-provider.ts';
import { createTestGatewayProvider } from '../test-gateway-provider.ts';
import { TEST_CARDS } from './test-cards.ts';
import { listGatewayWebhooks } from './test-gateway.repo.ts';
import { GATEWAY_EVENT_HEADER, GATEWAY_SIGNATURE_HEADER, signGatewayWebhook } from './test-gateway-signature.ts';
import { GATEWAY_WEBHOOK_MAX_ATTEMPTS, gatewayWebhookRetryDelayMs } from './test-gateway-webhooks.ts';

const SECRET_KEY = 'sk_test_gateway_in_tests_0123456789';
const WEBHOOK_SECRET = 'whsec_gateway_in_tests_0123456789';
const CALLBACK = 'http://localhost:5173/payment/5a1c9e2d-3b4f-4a6e-8d7c-2e9f1a3b4c5d?attempt=1';

/** A local webhook receiver: records every delivery, answers the statuses it is told, then 200. */
interface Receiver {
  url: string;
  deliveries: { body: string; signature: string | undefined; eventId: string | undefined }[];
  failures: number[];
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = { url: '', deliveries: [], failures: [], close: async () => {} };
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => resolve(body));
    });
  const server: Server = createServer(async (req, res) => {
    const body = await read(req);
    receiver.deliveries.push({
      body,
      signature: req.headers[GATEWAY_SIGNATURE_HEADER] as string | undefined,
      eventId: req.headers[GATEWAY_EVENT_HEADER] as string | undefined,
    });
    res.statusCode = receiver.failures.shift() ?? 200;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()));
  return receiver;
}

describe('built-in test gateway', () => {
  let t: TestApp;
  let base: string;
  let provider: PaymentProvider;
  /** Gives up after 300 ms, well inside the gateway's 5 s hold (the others wait long enough for a loaded machine). */
  let impatient: PaymentProvider;
  let receiver: Receiver;
  const log: string[] = [];
  let clock = new Date('2026-11-23T12:00:00Z');
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await createTestApp({
      now: () => clock,
      logStream: { write: (line) => void log.push(line) },
      env: {
        // Every request is logged, so the PCI scan at the end has something to read.
        LOG_LEVEL: 'trace',
        PAYMENT_PROVIDER: 'test',
        PAYMENT_TIMEOUT_MS: '5000',
        TEST_GATEWAY_HOLD_MS: '5000',
        TEST_GATEWAY_SECRET_KEY: SECRET_KEY,
        TEST_GATEWAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
        TEST_GATEWAY_WEBHOOK_URL: receiver.url,
        TEST_GATEWAY_WEBHOOK_INTERVAL_MS: '0',
      },
    });
    base = await t.listen();
    const settings = { apiUrl: `${base}/test-gateway`, secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET };
    provider = createTestGatewayProvider({ ...settings, timeoutMs: 10_000 });
    impatient = createTestGatewayProvider({ ...settings, timeoutMs: 300 });
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });
  beforeEach(async () => {
    // Deliver what earlier tests left, so each test sees its own webhooks only.
    advance(24 * 60 * 60_000);
    await gateway().webhooks.drainOnce();
    receiver.deliveries.length = 0;
    receiver.failures = [];
  });

  const gateway = () => {
    if (!t.app.testGateway) throw new Error('the test gateway is not mounted');
    return t.app.testGateway;
  };
  const create = (amountHalalas = 4_250, idempotencyKey: string = randomUUID()) =>
    provider.createPayment({
      amountHalalas,
      currency: 'SAR',
      description: 'Sufra Kitchen order #42',
      callbackUrl: CALLBACK,
      idempotencyKey,
      metadata: { orderId: '42' },
      language: 'en',
    });
  const page = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, { headers, redirect: 'manual' });
  const post = (path: string, form: Record<string, string>) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
      redirect: 'manual',
    });
  const card = (number: string, extra: Partial<Record<'expiry' | 'cvv' | 'holder', string>> = {}) => ({
    number,
    expiry: '12/30',
    cvv: '123',
    holder: 'Sara Al-Harbi',
    ...extra,
  });
  /** Card page → 3-D Secure page; returns the code the 3DS page shows. */
  async function enterCard(paymentId: string, form: Record<string, string>, lang = 'en') {
    const submitted = await post(`/test-gateway/pay/${paymentId}?lang=${lang}`, form);
    expect(submitted.status).toBe(303);
    expect(submitted.headers.get('location')).toBe(`/test-gateway/pay/${paymentId}/3ds?lang=${lang}`);
    const threeDs = await page(`/test-gateway/pay/${paymentId}/3ds?lang=${lang}`);
    expect(threeDs.status).toBe(200);
    const html = await threeDs.text();
    const code = /id="shown-code">(\d{4})</.exec(html)?.[1];
    expect(code).toMatch(/^\d{4}$/);
    return { code: code ?? '', html };
  }
  async function pay(paymentId: string, number = '4111 1111 1111 1111', cvv = '123') {
    const { code } = await enterCard(paymentId, card(number, { cvv }));
    const done = await post(`/test-gateway/pay/${paymentId}/3ds?lang=en`, { code });
    expect(done.status).toBe(303);
    return new URL(done.headers.get('location') ?? '');
  }

  describe('API', () => {
    it('creates a payment as initiated with a transaction URL on its own hosted page, and fetches it', async () => {
      const created = await create();
      // The diner's language rides on the page's address (?lang=); the gateway's own record has the bare page.
      expect(created.redirectUrl).toBe(`http://localhost:3000/test-gateway/pay/${created.id}?lang=en`);
      expect(await provider.fetchPayment(created.id)).toEqual({
        ...created,
        redirectUrl: `http://localhost:3000/test-gateway/pay/${created.id}`,
      });
      expect(created).toMatchObject({
        status: 'initiated',
        amountHalalas: 4_250,
        currency: 'SAR',
        refundedHalalas: 0,
        metadata: { orderId: '42' },
        card: null,
      });
      expect(created.id).toMatch(/^tgpay_[0-9a-f]{24}$/);
    });

    it("opens the hosted page, then its 3-D Secure step, in the diner's language whatever the browser asks", async () => {
      const created = await provider.createPayment({
        amountHalalas: 4_250,
        currency: 'SAR',
        description: 'Sufra Kitchen order #42',
        callbackUrl: CALLBACK,
        idempotencyKey: randomUUID(),
        metadata: { orderId: '42' },
        language: 'ar',
      });
      const url = new URL(created.redirectUrl ?? '');
      const html = await (await page(`${url.pathname}${url.search}`, { 'accept-language': 'en-US' })).text();
      expect(html).toContain('<html lang="ar" dir="rtl">');
      expect(html).toContain('دفع آمن بالبطاقة');
    });

    it("is the app's own provider by default, reached over loopback at the port the app listens on", async () => {
      expect(t.app.paymentProvider.name).toBe('test');
      const created = await t.app.paymentProvider.createPayment({
        amountHalalas: 1_500,
        currency: 'SAR',
        description: 'Sufra Kitchen order #7',
        callbackUrl: CALLBACK,
        idempotencyKey: randomUUID(),
        metadata: { orderId: '7' },
        language: 'en',
      });
      expect(await provider.fetchPayment(created.id)).toMatchObject({ status: 'initiated', amountHalalas: 1_500 });
    });

    it('answers the same payment to a retried create with the same idempotency key, and refuses the key for another request', async () => {
      const key = randomUUID();
      const first = await create(4_250, key);
      const again = await create(4_250, key);
      expect(again.id).toBe(first.id);
      await expect(create(9_999, key)).rejects.toMatchObject({ kind: 'rejected', httpStatus: 400 });
      const rows = await t.database.query('select id from test_gateway_payments where given_id = $1', [key]);
      expect(rows).toHaveLength(1);
    });

    it('refuses a wrong secret key, an unknown payment and a bad request in its own error format', async () => {
      const wrong = createTestGatewayProvider({
        apiUrl: `${base}/test-gateway`,
        secretKey: 'sk_test_not_the_key_at_all',
        webhookSecret: WEBHOOK_SECRET,
        timeoutMs: 10_000,
      });
      await expect(wrong.fetchPayment('tgpay_x')).rejects.toMatchObject({ kind: 'misconfigured', httpStatus: 401 });
      await expect(provider.fetchPayment('tgpay_000000000000000000000000')).rejects.toMatchObject({
        kind: 'not_found',
      });
      const bad = await fetch(`${base}/test-gateway/v1/payments`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${SECRET_KEY}:`).toString('base64')}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ amount: 50, currency: 'SAR', description: 'x', callback_url: 'javascript:alert(1)' }),
      });
      expect(bad.status).toBe(400);
      const body = (await bad.json()) as { type: string; errors: Record<string, string[]> };
      expect(body.type).toBe('invalid_request_error');
      expect(Object.keys(body.errors).sort()).toEqual(['amount', 'callback_url']);
    });
  });

  describe('hosted card page', () => {
    it('renders in Arabic by default, right to left, with labelled fields, test cards and a strict policy of its own', async () => {
      const { id } = await create();
      const response = await page(`/test-gateway/pay/${id}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const csp = response.headers.get('content-security-policy') ?? '';
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(csp).toContain("default-src 'none'");
      // Ours replaces the app's policy rather than adding to it.
      expect(csp).not.toContain("default-src 'self'");
      expect(csp).toContain("form-action 'self' http://localhost:5173");
      const html = await response.text();
      expect(html).toContain('<html lang="ar" dir="rtl">');
      expect(html).toContain(`<script type="module" nonce="${nonce}">`);
      for (const [field, label] of [
        ['number', 'رقم البطاقة'],
        ['holder', 'الاسم على البطاقة'],
        ['expiry', 'تاريخ الانتهاء (MM/YY)'],
        ['cvv', 'رمز التحقق (CVV)'],
      ]) {
        expect(html).toContain(`<label for="${field}">${label}</label>`);
        expect(html).toMatch(new RegExp(`<input id="${field}" name="${field}"[^>]*aria-describedby="${field}-error"`));
      }
      expect(html).toContain('autocomplete="cc-number"');
      expect(html).toContain('<summary>بطاقات الاختبار</summary>');
      for (const testCard of TEST_CARDS) expect(html).toContain(testCard.number);
      // The form posts to the gateway itself and nowhere else.
      expect(html).toContain(`<form id="card-form" method="post" action="/test-gateway/pay/${id}?lang=ar"`);
      expect(html).not.toMatch(/https?:\/\/(?!localhost)/);
    });

    it('renders in English by ?lang=en or by Accept-Language', async () => {
      const { id } = await create();
      for (const response of [
        await page(`/test-gateway/pay/${id}?lang=en`),
        await page(`/test-gateway/pay/${id}`, { 'accept-language': 'en-GB,en;q=0.9' }),
      ]) {
        const html = await response.text();
        expect(html).toContain('<html lang="en" dir="ltr">');
        expect(html).toContain('<label for="number">Card number</label>');
        expect(html).toContain('<summary>Test cards</summary>');
        expect(html).toContain('SAR');
      }
    });

    it('serves the shared card rules to the browser as plain JavaScript that runs', async () => {
      const response = await page('/test-gateway/assets/card.js');
      expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
      const source = await response.text();
      const dir = mkdtempSync(join(tmpdir(), 'card-js-'));
      try {
        writeFileSync(join(dir, 'card.mjs'), source);
        const card = await import(pathToFileURL(join(dir, 'card.mjs')).href);
        expect(card.detectCardBrand('4406 47')).toBe('mada');
        expect(card.checkCard({ number: '4111111111111111', expiry: '12/30', cvv: '12', holder: 'A' }, clock)).toEqual({
          ok: false,
          brand: 'visa',
          errors: { cvv: 'card_cvv_invalid' },
        });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it.each([
      ['en', 'Invalid card number', 'Invalid expire date', 'Invalid cvv'],
      ['ar', 'رقم البطاقة غير صحيح', 'تاريخ الانتهاء غير صحيح', 'رمز التحقق (CVV) غير صحيح'],
    ])(
      'refuses a bad card with the spec messages (%s) and keeps the payment open',
      async (lang, number, expiry, cvv) => {
        const { id } = await create();
        const response = await post(`/test-gateway/pay/${id}?lang=${lang}`, {
          number: '4111 1111 1111 1112',
          expiry: '10/26',
          cvv: '12345',
          holder: 'Sara',
        });
        expect(response.status).toBe(422);
        const html = await response.text();
        expect(html).toContain(`<p id="number-error" class="error">${number}</p>`);
        expect(html).toContain(`<p id="expiry-error" class="error">${expiry}</p>`);
        expect(html).toContain(`<p id="cvv-error" class="error">${cvv}</p>`);
        expect(html).toContain('<p id="holder-error" class="error"></p>');
        expect(html).toMatch(/<input id="number"[^>]*aria-invalid="true"/);
        expect(html).not.toContain('12345');
        expect((await provider.fetchPayment(id)).status).toBe('initiated');
      },
    );

    it('wants a 4-digit CVV for Amex and the holder name', async () => {
      const { id } = await create();
      const html = await (
        await post(`/test-gateway/pay/${id}?lang=en`, card('3782 822463 10005', { cvv: '123', holder: '  ' }))
      ).text();
      expect(html).toContain('<p id="cvv-error" class="error">Invalid cvv</p>');
      expect(html).toContain(`<p id="holder-error" class="error">Enter the card holder&#39;s name</p>`);
      expect(html).toContain('data-brand="amex"');
    });

    it('answers a localized 404 page for an unknown payment and a "completed" page once it is done', async () => {
      const missing = await page('/test-gateway/pay/tgpay_nope?lang=en');
      expect(missing.status).toBe(404);
      expect(await missing.text()).toContain('Payment not found');
      const { id } = await create();
      await pay(id);
      const done = await page(`/test-gateway/pay/${id}?lang=ar`);
      expect(done.status).toBe(409);
      const html = await done.text();
      expect(html).toContain('اكتملت عملية الدفع هذه');
      expect(html).toContain(`href="${CALLBACK.replace('?attempt=1', '')}?attempt=1&amp;id=${id}&amp;status=paid`);
    });
  });

  describe('3-D Secure and outcomes', () => {
    it('pays after the right code: back to the callback with id and status, card kept as brand and last 4 only', async () => {
      const { id } = await create();
      const { html } = await enterCard(id, card('4111 1111 1111 1111'), 'ar');
      expect(html).toContain('<html lang="ar" dir="rtl">');
      expect(html).toContain('VISA •••• 1111');
      const back = await pay(id);
      expect(back.origin + back.pathname).toBe('http://localhost:5173/payment/5a1c9e2d-3b4f-4a6e-8d7c-2e9f1a3b4c5d');
      expect(Object.fromEntries(back.searchParams)).toEqual({
        attempt: '1',
        id,
        status: 'paid',
        message: 'APPROVED',
      });
      expect(await provider.fetchPayment(id)).toMatchObject({
        status: 'paid',
        card: { brand: 'visa', last4: '1111' },
        redirectUrl: null,
        failureMessage: null,
      });
      const [row] = await t.database.query<Record<string, unknown>>(
        'select card_brand, card_last4, three_ds_code from test_gateway_payments where id = $1',
        [id],
      );
      expect(row).toEqual({ card_brand: 'visa', card_last4: '1111', three_ds_code: null });
    });

    it.each(TEST_CARDS.filter((c) => c.outcome === 'success').map((c) => [c.label.en, c.number, c.brand] as const))(
      'takes the documented success card %s',
      async (_label, number, brand) => {
        const { id } = await create();
        const back = await pay(id, number, brand === 'amex' ? '1234' : '123');
        expect(back.searchParams.get('status')).toBe('paid');
        expect((await provider.fetchPayment(id)).card).toEqual({ brand, last4: number.replace(/\s/g, '').slice(-4) });
      },
    );

    it('accepts the number typed in Arabic digits with spaces', async () => {
      const { id } = await create();
      const back = await pay(id, '٥٥٥٥ ٥٥٥٥ ٥٥٥٥ ٤٤٤٤');
      expect(back.searchParams.get('status')).toBe('paid');
    });

    it('fails on a wrong one-time code, and a second try cannot revive it', async () => {
      const { id } = await create();
      const { code } = await enterCard(id, card('4111 1111 1111 1111'));
      const wrong = code === '0000' ? '1111' : '0000';
      const back = await post(`/test-gateway/pay/${id}/3ds`, { code: wrong });
      expect(new URL(back.headers.get('location') ?? '').searchParams.get('status')).toBe('failed');
      const retry = await post(`/test-gateway/pay/${id}/3ds`, { code });
      expect(new URL(retry.headers.get('location') ?? '').searchParams.get('status')).toBe('failed');
      expect(await provider.fetchPayment(id)).toMatchObject({
        status: 'failed',
        failureMessage: '3-D Secure transaction attempt failed',
      });
    });

    it('fails the 3-D Secure test card even with the right code', async () => {
      const { id } = await create();
      const { code } = await enterCard(id, card('4000 0000 0000 3220'));
      const back = await post(`/test-gateway/pay/${id}/3ds`, { code });
      expect(new URL(back.headers.get('location') ?? '').searchParams.get('status')).toBe('failed');
    });

    it('declines the insufficient-funds card straight away, without a 3-D Secure step', async () => {
      const { id } = await create();
      const back = await post(`/test-gateway/pay/${id}`, card('4000 0000 0000 0002'));
      expect(back.status).toBe(303);
      const url = new URL(back.headers.get('location') ?? '');
      expect(url.searchParams.get('status')).toBe('failed');
      expect(url.searchParams.get('message')).toBe('Insufficient funds');
      expect(await provider.fetchPayment(id)).toMatchObject({ status: 'failed', failureMessage: 'Insufficient funds' });
    });

    it('holds every API answer about the timeout card past the client timeout: a typed timeout, nothing hangs', async () => {
      const { id } = await create();
      const { code } = await enterCard(id, card('4000 0000 0000 0119'));
      const back = await post(`/test-gateway/pay/${id}/3ds`, { code });
      expect(new URL(back.headers.get('location') ?? '').searchParams.get('status')).toBe('failed');
      const error = await impatient.fetchPayment(id).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PaymentProviderError);
      expect(error).toMatchObject({ kind: 'timeout' });
      // Its webhook still tells the outcome.
      await gateway().webhooks.drainOnce();
      const event = provider.verifyWebhook({
        rawBody: receiver.deliveries[0]?.body ?? '',
        headers: { [GATEWAY_SIGNATURE_HEADER]: receiver.deliveries[0]?.signature },
      });
      expect(event.payment).toMatchObject({ id, status: 'failed', failureMessage: 'The card processor timed out' });
    });
  });

  describe('under concurrency', () => {
    it('marks a payment paid once when the 3-D Secure form is sent twice at the same time', async () => {
      const { id } = await create();
      const { code } = await enterCard(id, card('4111 1111 1111 1111'));
      const answers = await Promise.all([1, 2, 3].map(() => post(`/test-gateway/pay/${id}/3ds`, { code })));
      for (const answer of answers) {
        expect(new URL(answer.headers.get('location') ?? '').searchParams.get('status')).toBe('paid');
      }
      expect((await listGatewayWebhooks(t.db, id)).map((w) => w.type)).toEqual(['payment_paid']);
    });

    it('refunds once when two full refunds race', async () => {
      const { id } = await create(7_000);
      await pay(id);
      const results = await Promise.allSettled([provider.refundPayment(id), provider.refundPayment(id)]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { kind: 'rejected' } });
      expect(await provider.fetchPayment(id)).toMatchObject({ status: 'refunded', refundedHalalas: 7_000 });
    });
  });

  describe('refunds', () => {
    it('refunds part then the rest of a paid payment, and nothing more', async () => {
      const { id } = await create(10_000);
      await pay(id);
      expect(await provider.refundPayment(id, 4_000)).toMatchObject({ status: 'paid', refundedHalalas: 4_000 });
      await expect(provider.refundPayment(id, 6_001)).rejects.toMatchObject({ kind: 'rejected', httpStatus: 400 });
      expect(await provider.refundPayment(id)).toMatchObject({ status: 'refunded', refundedHalalas: 10_000 });
      await expect(provider.refundPayment(id)).rejects.toMatchObject({ kind: 'rejected' });
      const types = (await listGatewayWebhooks(t.db, id)).map((w) => w.type);
      expect(types).toEqual(['payment_paid', 'payment_refunded', 'payment_refunded']);
    });

    it('refuses to refund a payment that was never paid', async () => {
      const { id } = await create();
      await expect(provider.refundPayment(id)).rejects.toMatchObject({ kind: 'rejected', httpStatus: 400 });
    });
  });

  describe('signed webhooks', () => {
    it('sends the outcome on its own, with no browser coming back, signed over the raw body', async () => {
      const { id } = await create();
      // The diner's browser never follows the redirect to the callback.
      await pay(id);
      expect(await gateway().webhooks.drainOnce()).toEqual({ delivered: 1, failed: 0 });
      const [delivery] = receiver.deliveries;
      expect(delivery?.signature).toBe(signGatewayWebhook(WEBHOOK_SECRET, delivery?.body ?? ''));
      const event = provider.verifyWebhook({
        rawBody: delivery?.body ?? '',
        headers: { [GATEWAY_SIGNATURE_HEADER]: delivery?.signature },
      });
      expect(event.eventId).toBe(delivery?.eventId);
      expect(event.eventId).toMatch(/^evt_[0-9a-f]{24}$/);
      expect(event).toMatchObject({ type: 'payment_paid', payment: { id, status: 'paid', amountHalalas: 4_250 } });
    });

    it('refuses forged webhooks: a changed body, another secret, no signature, not JSON', async () => {
      const { id } = await create();
      await pay(id);
      await gateway().webhooks.drainOnce();
      const body = receiver.deliveries[0]?.body ?? '';
      const signature = receiver.deliveries[0]?.signature;
      const tampered = body.replace('"amount":4250', '"amount":1');
      expect(tampered).not.toBe(body);
      const forged = [
        { rawBody: tampered, headers: { [GATEWAY_SIGNATURE_HEADER]: signature } },
        { rawBody: body, headers: { [GATEWAY_SIGNATURE_HEADER]: signGatewayWebhook('whsec_someone_else_0000', body) } },
        { rawBody: body, headers: {} },
        {
          rawBody: 'not json',
          headers: { [GATEWAY_SIGNATURE_HEADER]: signGatewayWebhook(WEBHOOK_SECRET, 'not json') },
        },
      ];
      for (const request of forged) {
        expect(() => provider.verifyWebhook(request)).toThrow(
          expect.objectContaining({ name: 'PaymentProviderError', kind: 'webhook_invalid' }),
        );
      }
    });

    it('retries a webhook with backoff until the receiver acknowledges it, byte for byte the same', async () => {
      receiver.failures = [500, 503];
      const { id } = await create();
      await pay(id);
      expect(await gateway().webhooks.drainOnce()).toEqual({ delivered: 0, failed: 1 });
      // Not due before its backoff.
      expect(await gateway().webhooks.drainOnce()).toEqual({ delivered: 0, failed: 0 });
      advance(gatewayWebhookRetryDelayMs(1));
      expect(await gateway().webhooks.drainOnce()).toEqual({ delivered: 0, failed: 1 });
      advance(gatewayWebhookRetryDelayMs(2) - 1);
      expect(await gateway().webhooks.drainOnce()).toEqual({ delivered: 0, failed: 0 });
      advance(1);
      expect(await gateway().webhooks.drainOnce()).toEqual({ delivered: 1, failed: 0 });
      expect(receiver.deliveries).toHaveLength(3);
      expect(new Set(receiver.deliveries.map((d) => d.body)).size).toBe(1);
      expect(new Set(receiver.deliveries.map((d) => d.eventId)).size).toBe(1);
      const [row] = await listGatewayWebhooks(t.db, id);
      expect(row).toMatchObject({ status: 'delivered', attempts: 3, lastError: null });
    });

    it('keeps a webhook it could never deliver as failed after the last attempt (in the table, not lost)', async () => {
      receiver.failures = Array.from({ length: GATEWAY_WEBHOOK_MAX_ATTEMPTS }, () => 500);
      const { id } = await create();
      await pay(id);
      for (let attempt = 1; attempt <= GATEWAY_WEBHOOK_MAX_ATTEMPTS; attempt += 1) {
        expect((await gateway().webhooks.drainOnce()).failed, `attempt ${attempt}`).toBe(1);
        advance(gatewayWebhookRetryDelayMs(attempt));
      }
      const [row] = await listGatewayWebhooks(t.db, id);
      expect(row).toMatchObject({ status: 'failed', attempts: GATEWAY_WEBHOOK_MAX_ATTEMPTS });
      expect(row?.lastError).toBe('the receiver answered 500');
    });

    it('survives a restart: a webhook queued by one app is delivered by the next one on the same database', async () => {
      receiver.failures = [500];
      const { id } = await create();
      await pay(id);
      expect(await gateway().webhooks.drainOnce()).toEqual({ delivered: 0, failed: 1 });
      // A second relay over the same tables stands for the restarted process.
      const { createGatewayWebhookRelay } = await import('./test-gateway-webhooks.ts');
      const restarted = createGatewayWebhookRelay({
        db: t.db,
        now: () => clock,
        log: t.app.log,
        url: receiver.url,
        secret: WEBHOOK_SECRET,
        timeoutMs: 10_000,
        intervalMs: 0,
      });
      advance(gatewayWebhookRetryDelayMs(1));
      expect(await restarted.drainOnce()).toEqual({ delivered: 1, failed: 0 });
    });
  });

  describe('PCI scope', () => {
    it('finds card numbers however they are written, and not ids, hashes or timestamps', () => {
      expect(findCardNumbers('{"n":"4111 1111 1111 1111"}')).toEqual(['4111111111111111']);
      expect(findCardNumbers('number=4111+1111+1111+1111&cvv=123')).toEqual(['4111111111111111']);
      expect(findCardNumbers('number=5555%205555%205555%204444')).toEqual(['5555555555554444']);
      expect(findCardNumbers('رقم ٤١١١١١١١١١١١١١١١')).toEqual(['4111111111111111']);
      expect(findCardNumbers('"time":1795435200000,"id":"tgpay_411111111111111111110000"')).toEqual([]);
      expect(findCardNumbers('"responseTime":2.4946600000002945')).toEqual([]);
      expect(findCardNumbers('XXXX-XXXX-XXXX-1111 4111111111111112')).toEqual([]);
      // A request id whose first groups are digits is a UUID, not a card; the same digits alone are a card.
      expect(findCardNumbers('"reqId":"25894542-0779-4375-8a1c-9e2d3b4f4a6e"')).toEqual([]);
      expect(findCardNumbers('2589-4542-0779-4375')).toEqual(['2589454207794375']);
    });

    it('leaves no full card number in the database or the server log after every payment above', async () => {
      expect(log.length).toBeGreaterThan(50);
      expect(await scanDatabaseForCardNumbers(t.database)).toEqual([]);
      expect(scanLogForCardNumbers(log)).toEqual([]);
      // The scan would have caught one: plant a number and look again.
      await t.database.query(`update test_gateway_payments set description = 'card 4111-1111-1111-1111' where id = (
        select id from test_gateway_payments limit 1)`);
      expect(await scanDatabaseForCardNumbers(t.database)).toEqual([
        { table: 'test_gateway_payments', column: 'description', number: '4111111111111111' },
      ]);
    });
  });
});
