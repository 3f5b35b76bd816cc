import { orderSchema, PAYMENT_EXPIRED_REASON } from '@sufra/shared/schemas/order';
import { tableSchema } from '@sufra/shared/schemas/order-events';
import { type PlacedOrderResponse, paymentVerifyResponse, placedOrderResponse } from '@sufra/shared/schemas/payment';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller, countRows } from '../../../test/accounts.ts';
import { openStream, type StreamClient } from '../../../test/event-stream-client.ts';
import { STAFF, UUID } from '../../../test/fixture-brands.ts';
import { type GatewayStandIn, startGatewayStandIn } from '../../../test/gateway-stand-in.ts';
import { diner, type MenuIds, menuIds, newKey } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';

const MINUTE = 60_000;
const TIMEOUT_MINUTES = 30;

/**
 * Card orders nobody pays expire (CARD_PAYMENT_TIMEOUT_MINUTES). The sweeper is driven by hand; its clock is moved
 * ahead only while it sweeps (the diner's session keeps the real time). Our app reaches its gateway through a
 * stand-in that can play a provider that does not answer. On PostgreSQL the sweepers share a pool of 12.
 */
describe('abandoned card orders expire', () => {
  let t: TestApp;
  let base: string;
  let ids: MenuIds;
  let a: Caller;
  let cashier: Caller;
  let ahead = 0;
  let standIn: GatewayStandIn;
  const now = () => new Date(Date.now() + ahead);

  beforeAll(async () => {
    standIn = await startGatewayStandIn();
    t = await createTestApp({
      now,
      env: {
        PAYMENT_PROVIDER: 'test',
        PAYMENT_TIMEOUT_MS: '10000', // never waited out here: room for a loaded machine
        TEST_GATEWAY_API_URL: standIn.url,
        CARD_PAYMENT_TIMEOUT_MINUTES: String(TIMEOUT_MINUTES),
        // Webhooks, the kitchen relay and refunds run when a test drains them.
        TEST_GATEWAY_WEBHOOK_INTERVAL_MS: '0',
        KITCHEN_RELAY_INTERVAL_MS: '0',
      },
    });
    base = await t.listen();
    standIn.target = `${base}/test-gateway`;
    ids = await menuIds(t, UUID.aMain);
    a = await diner(t, UUID.aMain, '0591000031');
    cashier = caller(t);
    expect((await cashier.call('POST', '/api/staff/auth/login/', STAFF.aCashier)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await standIn?.close();
    await t?.close();
  });

  const query = <R>(text: string, params: unknown[] = []) =>
    t.database.query<R & Record<string, unknown>>(text, params);
  /** One sweep with the clock this many minutes ahead. */
  async function sweepAt(minutes: number, app: FastifyInstance = t.app) {
    ahead = minutes * MINUTE;
    try {
      return await app.paymentExpiry.drainOnce();
    } finally {
      ahead = 0;
    }
  }
  async function placeCard(): Promise<{ order: PlacedOrderResponse; redirectUrl: string; paymentId: string }> {
    const res = await a.call(
      'POST',
      `/api/orders/${UUID.aMain}/`,
      {
        orderType: 2,
        lines: [{ kind: 'product', itemId: ids.item('kabsa'), quantity: 1, modifiers: [ids.option('Size', 'Large')] }],
        paymentMethod: 'card',
      },
      { 'idempotency-key': newKey() },
    );
    expect(res.statusCode, res.body).toBe(201);
    const order = placedOrderResponse.parse(res.json());
    const redirectUrl = order.payment?.redirectUrl ?? '';
    return { order, redirectUrl, paymentId: new URL(redirectUrl).pathname.split('/').pop() ?? '' };
  }
  const form = (path: string, fields: Record<string, string>) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });
  /** The diner pays on the gateway's pages: the card form, then the 3-D Secure code it shows. */
  async function pay(redirectUrl: string) {
    const path = new URL(redirectUrl).pathname;
    const card = { number: '4111 1111 1111 1111', expiry: '12/30', cvv: '123', holder: 'Sara Al-Harbi' };
    const submitted = await form(`${path}?lang=en`, card);
    expect(submitted.status).toBe(303);
    const next = submitted.headers.get('location') ?? '';
    if (!next.includes('/3ds')) return;
    const code = /id="shown-code">(\d{4})</.exec(await (await fetch(`${base}${next}`)).text())?.[1] ?? '';
    expect((await form(`${path}/3ds?lang=en`, { code })).status).toBe(303);
  }
  const orderOf = async (id: number) =>
    orderSchema.parse((await a.call('GET', `/api/orders/${UUID.aMain}/${id}/`)).json());
  const attemptsOf = async (id: number) =>
    (await query<{ status: string }>('select status from payment_attempts where order_id = $1 order by id', [id])).map(
      (r) => r.status,
    );
  const gatewayStatus = async (paymentId: string) =>
    (await query<{ status: string }>('select status from test_gateway_payments where id = $1', [paymentId]))[0]?.status;
  const kitchenRows = (id: number) => countRows(t, `order_outbox where order_id = ${id}`);

  /** Each test starts with no order left for the sweeper. */
  async function settleLeftovers() {
    await query(
      `update orders set status = 'canceled', cancel_reason = 'test' where payment_method = 'card' and payment_status = 'unpaid' and status <> 'canceled'`,
    );
  }

  it('leaves an unpaid card order alone until the timeout, then cancels it and tells the diner live', async () => {
    await settleLeftovers();
    const { order } = await placeCard();
    expect(await sweepAt(TIMEOUT_MINUTES - 1)).toEqual({ expired: 0, settled: 0, failed: 0 });
    expect(await orderOf(order.id)).toMatchObject({ status: 'pending', paymentStatus: 'unpaid', cancelReason: null });

    const stream: StreamClient = await openStream(`${base}/api/orders/${UUID.aMain}/${order.id}/events/`, {
      cookie: a.jar.header(),
    });
    const board: StreamClient = await openStream(`${base}/api/staff/orders/events/`, {
      cookie: cashier.jar.header(),
    });
    try {
      expect(orderSchema.parse((await stream.next('order')).data).status).toBe('pending');
      expect((await board.next()).event).toBe('ready');
      expect(await sweepAt(TIMEOUT_MINUTES + 1)).toEqual({ expired: 1, settled: 0, failed: 0 });
      const live = orderSchema.parse((await stream.next('order')).data);
      expect(live).toMatchObject({ id: order.id, status: 'canceled', cancelReason: PAYMENT_EXPIRED_REASON });
      // The board never listed it, so it hears nothing of it: its next event is a table changed after the expiry.
      const tables = await cashier.call('GET', `/api/staff/tables/?branchId=${order.branchId}`);
      const table = tableSchema.parse(tables.json().tables[0]);
      expect(
        (await cashier.call('PATCH', `/api/staff/tables/${table.id}/status/`, { to: 'reserved' })).statusCode,
      ).toBe(200);
      expect(await board.next()).toMatchObject({ event: 'table_updated', data: { id: table.id } });
      await cashier.call('PATCH', `/api/staff/tables/${table.id}/status/`, { to: 'free' });
    } finally {
      stream.close();
      board.close();
    }
    expect(await orderOf(order.id)).toMatchObject({ status: 'canceled', paymentStatus: 'unpaid' });
    // Never handed to the kitchen; the attempt stays open as the provider has it (a late payment is refunded).
    expect(await kitchenRows(order.id)).toBe(0);
    expect(await attemptsOf(order.id)).toEqual(['initiated']);
    // Swept again: nothing left to do.
    expect(await sweepAt(TIMEOUT_MINUTES + 5)).toEqual({ expired: 0, settled: 0, failed: 0 });
  });

  it('refuses a retry of an expired order with a clear 410 in both languages, and writes nothing', async () => {
    await settleLeftovers();
    const { order } = await placeCard();
    await sweepAt(TIMEOUT_MINUTES + 1);
    const attempts = await countRows(t, 'payment_attempts');
    const en = await a.call('POST', `/api/orders/${UUID.aMain}/${order.id}/payment/`);
    expect(en.statusCode).toBe(410);
    expect(en.json().error).toMatchObject({
      code: 'payment_expired',
      message: 'The time to pay for this order ran out, so it was canceled. Order again to get it',
    });
    const ar = await a.call('POST', `/api/orders/${UUID.aMain}/${order.id}/payment/`, undefined, {
      'accept-language': 'ar',
    });
    expect(ar.statusCode).toBe(410);
    expect(ar.json().error.message).toBe('انتهت مهلة الدفع لهذا الطلب فأُلغي. اطلب مرة أخرى للحصول عليه');
    expect(await countRows(t, 'payment_attempts')).toBe(attempts);
  });

  it('settles a payment the provider has as paid (its webhook lost) instead of expiring the order', async () => {
    await settleLeftovers();
    const { order, redirectUrl } = await placeCard();
    await pay(redirectUrl);
    // The webhook is never delivered here, and the diner never came back to the return page.
    expect(await sweepAt(TIMEOUT_MINUTES + 1)).toEqual({ expired: 0, settled: 1, failed: 0 });
    expect(await orderOf(order.id)).toMatchObject({ status: 'pending', paymentStatus: 'paid' });
    expect(await attemptsOf(order.id)).toEqual(['paid']);
    expect(await kitchenRows(order.id)).toBe(1);
  });

  it('never expires blind: a provider that does not answer leaves the order, looked at again later', async () => {
    await settleLeftovers();
    const { order } = await placeCard();
    standIn.mode = 'error';
    try {
      expect(await sweepAt(TIMEOUT_MINUTES + 1)).toEqual({ expired: 0, settled: 0, failed: 1 });
      expect(await orderOf(order.id)).toMatchObject({ status: 'pending', paymentStatus: 'unpaid' });
      // Backed off: not asked again at once.
      expect(await sweepAt(TIMEOUT_MINUTES + 1)).toEqual({ expired: 0, settled: 0, failed: 0 });
      expect(await sweepAt(TIMEOUT_MINUTES + 3)).toEqual({ expired: 0, settled: 0, failed: 1 });
    } finally {
      standIn.mode = 'pass';
    }
    expect(await sweepAt(TIMEOUT_MINUTES + 10)).toEqual({ expired: 1, settled: 0, failed: 0 });
    expect((await orderOf(order.id)).status).toBe('canceled');
  });

  it('refunds a payment made after the order expired, told by the webhook or by the return page', async () => {
    await settleLeftovers();
    const byWebhook = await placeCard();
    const byReturn = await placeCard();
    expect(await sweepAt(TIMEOUT_MINUTES + 1)).toEqual({ expired: 2, settled: 0, failed: 0 });
    await pay(byWebhook.redirectUrl);
    await pay(byReturn.redirectUrl);

    // The return page asks first (its webhook then changes nothing); the other is told by its webhook alone.
    const verdict = paymentVerifyResponse.parse(
      (await a.call('POST', `/api/orders/${UUID.aMain}/${byReturn.order.id}/payment/verify/`)).json(),
    );
    expect(verdict.outcome).toBe('failed');
    expect(await countRows(t, `payment_refunds where order_id = ${byReturn.order.id}`)).toBe(1);
    expect(await attemptsOf(byWebhook.order.id)).toEqual(['initiated']);
    await t.app.testGateway?.webhooks.drainOnce();
    await t.app.paymentWebhooks.idle();
    await t.app.refundRelay.drainOnce();
    for (const { order, paymentId } of [byWebhook, byReturn]) {
      expect(await gatewayStatus(paymentId)).toBe('refunded');
      expect(await attemptsOf(order.id)).toEqual(['refunded']);
      expect(await orderOf(order.id)).toMatchObject({ status: 'canceled', cancelReason: PAYMENT_EXPIRED_REASON });
      expect(await kitchenRows(order.id)).toBe(0);
    }
  });

  it('expires each order once when several instances sweep side by side', async () => {
    await settleLeftovers();
    const placed = [];
    for (let i = 0; i < 8; i += 1) placed.push((await placeCard()).order.id);
    const others = await Promise.all([1, 2].map(() => buildApp(t.config, { database: t.database, now })));
    try {
      await Promise.all(others.map((app) => app.ready()));
      ahead = (TIMEOUT_MINUTES + 1) * MINUTE;
      const results = await Promise.all([t.app, ...others].map((app) => app.paymentExpiry.drainOnce()));
      ahead = 0;
      expect(results.reduce((sum, r) => sum + r.expired, 0)).toBe(placed.length);
      // Each order was claimed (and its provider asked) by one sweeper only.
      const checks = await query<{ payment_checks: number; status: string }>(
        'select payment_checks, status from orders where id = any($1)',
        [placed],
      );
      expect(checks).toHaveLength(placed.length);
      for (const row of checks) expect(row).toMatchObject({ payment_checks: 1, status: 'canceled' });
    } finally {
      ahead = 0;
      await Promise.all(others.map((app) => app.close()));
    }
  });

  it("gives back the points an expired card order spent (the lifecycle's cancel, in the expiry's transaction)", async () => {
    const manager = caller(t);
    expect((await manager.call('POST', '/api/staff/auth/login/', STAFF.aManager)).statusCode).toBe(200);
    const [me] = await query<{ id: number }>("select id from customers where phone = '+966591000031'");
    expect(
      (await manager.call('POST', `/api/staff/customers/${me?.id}/points/`, { points: 500, reason: 'Test credit' }))
        .statusCode,
    ).toBe(200);
    const res = await a.call(
      'POST',
      `/api/orders/${UUID.aMain}/`,
      {
        orderType: 2,
        lines: [{ kind: 'product', itemId: ids.item('kabsa'), quantity: 1, modifiers: [ids.option('Size', 'Large')] }],
        paymentMethod: 'card',
        points: 300,
      },
      { 'idempotency-key': newKey() },
    );
    expect(res.statusCode, res.body).toBe(201);
    const wallet = async () =>
      (await query<{ wallet_points: number }>('select wallet_points from customers where id = $1', [me?.id]))[0]
        ?.wallet_points;
    expect(await wallet()).toBe(200);
    await sweepAt(TIMEOUT_MINUTES + 1);
    const order = orderSchema.parse(
      (await a.call('GET', `/api/orders/${UUID.aMain}/${placedOrderResponse.parse(res.json()).id}/`)).json(),
    );
    expect(order.status).toBe('canceled');
    expect(await wallet()).toBe(500);
  });
});
