import { orderSchema } from '@sufra/shared/schemas/order';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../../test/accounts.ts';
import { type FakeFoodics, startFakeFoodics } from '../../../test/fake-foodics.ts';
import { STAFF, UUID } from '../../../test/fixture-brands.ts';
import { diner, menuIds, placeOrder, setBranchSwitch } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const TOKEN = 'foodics-test-token';
const SECRET = 'webhook-secret-for-brand-a-0123456789';
const BUSINESS = 424242;
const POLL_MS = 60_000;

/**
 * The Foodics adapter through the real app and the fake Foodics (test/fake-foodics.ts), on PGlite and PostgreSQL:
 * the hand-off from the order outbox, each trap (429, a lost answer, failures to a dead letter, a silent branch,
 * webhooks dropped), and the statuses back by webhook and by polling. The relays run only when a test drains them,
 * on a clock the test moves.
 */
describe('Foodics hand-off', () => {
  let t: TestApp;
  let fake: FakeFoodics;
  let base = '';
  let clock = new Date();
  let a: Caller;
  let water: number;
  let brandId: number;
  let branchId: number;

  const staffCaller = async (who: { email: string; password: string }) => {
    const c = caller(t);
    expect((await c.call('POST', '/api/staff/auth/login/', who)).statusCode).toBe(200);
    return c;
  };
  const pickup = async () => {
    // Sessions live on the app's clock: each order is placed now (tests move the clock for the relays only).
    clock = new Date();
    const res = await placeOrder(a, UUID.aMain, {
      orderType: 2,
      paymentMethod: 'cash',
      lines: [{ kind: 'product', itemId: water, quantity: 2 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = orderSchema.parse(res.json());
    clock = new Date(Date.now() + 1);
    // The kitchen relay delivers the outbox row to the POS destination: the hand-off is queued.
    await t.app.kitchenRelay.drainOnce();
    return order;
  };
  const handOff = async (orderId: number) => {
    const [row] = await t.database.query<{
      state: string;
      failures: number;
      foodicsOrderId: string | null;
      lastError: string | null;
      nextAttemptAt: Date;
    }>(
      `select state, failures, foodics_order_id as "foodicsOrderId", last_error as "lastError",
         next_attempt_at as "nextAttemptAt" from foodics_orders where order_id = $1`,
      [orderId],
    );
    return row;
  };
  const later = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  const drain = () => t.app.foodicsRelay.drainOnce();
  const creates = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v5/orders');
  const dinerOrder = async (id: number) =>
    orderSchema.parse((await a.call('GET', `/api/orders/${UUID.aMain}/${id}/`)).json());

  beforeAll(async () => {
    fake = await startFakeFoodics({
      token: TOKEN,
      business: { reference: BUSINESS, name: 'Brand A' },
      catalogue: {
        branches: ['fb-main'],
        products: ['fp-water'],
        taxes: ['ft-vat'],
        charges: ['fc-delivery'],
        tables: ['ftb-table-1'],
      },
      webhookUrl: () => (base ? `${base}/api/foodics/webhooks/${SECRET}` : null),
    });
    t = await createTestApp({
      now: () => clock,
      env: {
        KITCHEN_RELAY_INTERVAL_MS: '0',
        FOODICS_ACCESS_TOKEN: TOKEN,
        FOODICS_API_URL: fake.url,
        FOODICS_RELAY_INTERVAL_MS: '0',
        FOODICS_MAX_ATTEMPTS: '3',
        FOODICS_TIMEOUT_MS: '10000', // never waited out here: room for a loaded machine
        FOODICS_POLL_EVERY_MS: String(POLL_MS),
        FOODICS_PENDING_ALERT_MINUTES: '5',
      },
    });
    base = await t.listen();
    water = (await menuIds(t, UUID.aMain)).item('water');
    a = await diner(t, UUID.aMain, '0501234567');
    await setBranchSwitch(t, UUID.aMain, 'integrated', true);
    const [ids] = await t.database.query<{ brandId: number; branchId: number }>(
      `select b.brand_id as "brandId", q.branch_id as "branchId" from qr_codes q join branches b on b.id = q.branch_id
       where q.uuid = $1`,
      [UUID.aMain],
    );
    if (!ids) throw new Error('no branch');
    ({ brandId, branchId } = ids);
    await t.database.query(
      `insert into foodics_connections (brand_id, business_reference, webhook_secret) values ($1, $2, $3)`,
      [brandId, BUSINESS, SECRET],
    );
    await t.database.query(
      `insert into foodics_ids (brand_id, kind, local_key, foodics_id) values
        ($1, 'branch', $2, 'fb-main'), ($1, 'product', $3, 'fp-water'), ($1, 'tax', 'vat', 'ft-vat'),
        ($1, 'delivery_charge', 'delivery', 'fc-delivery')`,
      [brandId, String(branchId), String(water)],
    );
  });
  beforeEach(() => {
    fake.traps = {};
    fake.requests.length = 0;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('hands a cash pickup order to Foodics once, as Foodics documents the body, and finds the customer by phone', async () => {
    const order = await pickup();
    expect(await drain()).toMatchObject({ sent: 1, retrying: 0, dead: 0 });
    const [create] = creates();
    expect(create?.auth).toBe(`Bearer ${TOKEN}`);
    const customer = [...fake.customers.values()].find((c) => c.phone === '501234567');
    expect(customer).toMatchObject({ dial_code: 966, name: 'Diner 0501234567' });
    const tax = Math.round(600 - 600 / 1.15) / 100;
    expect(create?.body).toEqual({
      type: 2,
      branch_id: 'fb-main',
      customer_id: customer?.id,
      meta: { '3rd_party_order_number': `sufra-order-${order.id}` },
      products: [
        {
          product_id: 'fp-water',
          quantity: 2,
          unit_price: 3,
          total_price: 6,
          taxes: [{ id: 'ft-vat', rate: 15, amount: tax }],
          options: [],
        },
      ],
      combos: [],
      charges: [],
      // Cash: no payment.
      payments: [],
      subtotal_price: 6,
      rounding_amount: 0,
      total_price: 6,
    });
    const made = fake.ordersFor(`sufra-order-${order.id}`);
    expect(made).toHaveLength(1);
    expect(await handOff(order.id)).toMatchObject({ state: 'sent', failures: 0, foodicsOrderId: made[0]?.id });
    // The outbox delivered again (at least once) queues nothing new, and nothing is created twice.
    await t.database.query(`update order_outbox set delivered_at = null where order_id = $1`, [order.id]);
    await t.app.kitchenRelay.drainOnce();
    await drain();
    expect(fake.ordersFor(`sufra-order-${order.id}`)).toHaveLength(1);
  });

  it('a dine-in order at a table mapped on the mapping page goes to Foodics with that table id', async () => {
    const owner = await staffCaller(STAFF.aOwner);
    const [table] = await t.database.query<{ id: number }>(
      `select t.id from tables t join qr_codes q on q.table_id = t.id where q.uuid = $1`,
      [UUID.aTable],
    );
    const mapped = await owner.call('PUT', '/api/staff/manage/foodics/mapping/', {
      kind: 'table',
      localId: table?.id,
      foodicsId: 'ftb-table-1',
    });
    expect(mapped.statusCode, mapped.body).toBe(200);
    clock = new Date();
    const res = await placeOrder(a, UUID.aTable, {
      orderType: 1,
      paymentMethod: 'cash',
      lines: [{ kind: 'product', itemId: water, quantity: 1 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    clock = new Date(Date.now() + 1);
    await t.app.kitchenRelay.drainOnce();
    expect(await drain()).toMatchObject({ sent: 1, dead: 0 });
    expect(creates()[0]?.body).toMatchObject({ type: 1, branch_id: 'fb-main', table_id: 'ftb-table-1' });
  });

  it('honours a 429: waits Retry-After, counts no failure, then sends', async () => {
    fake.traps.rateLimit = { count: 1, retryAfterSeconds: 30, path: '/v5/orders' };
    const order = await pickup();
    expect(await drain()).toMatchObject({ retrying: 1 });
    expect(await handOff(order.id)).toMatchObject({ state: 'queued', failures: 0 });
    later(29_000);
    expect(await drain()).toMatchObject({ sent: 0, retrying: 0 });
    later(1_000);
    expect(await drain()).toMatchObject({ sent: 1 });
    expect(fake.ordersFor(`sufra-order-${order.id}`)).toHaveLength(1);
  });

  it('never creates twice when a create’s answer is lost: it looks the order up by our reference first', async () => {
    fake.traps.loseCreateAnswer = 1;
    const order = await pickup();
    expect(await drain()).toMatchObject({ retrying: 1 });
    // Foodics made it; we did not hear.
    expect(fake.ordersFor(`sufra-order-${order.id}`)).toHaveLength(1);
    expect(await handOff(order.id)).toMatchObject({ state: 'queued', failures: 1 });
    later(60_000);
    expect(await drain()).toMatchObject({ sent: 1 });
    expect(creates()).toHaveLength(1);
    const made = fake.ordersFor(`sufra-order-${order.id}`);
    expect(made).toHaveLength(1);
    expect(await handOff(order.id)).toMatchObject({ state: 'sent', foodicsOrderId: made[0]?.id });
    expect(fake.requests.some((r) => r.method === 'GET' && r.path.startsWith('/v5/orders?'))).toBe(true);
  });

  it('makes a dead letter after the tries, which staff of the branch see, retry (audited) or mark handled', async () => {
    fake.traps.failCreates = 3;
    const order = await pickup();
    for (let i = 0; i < 3; i += 1) {
      await drain();
      later(10 * 60_000);
    }
    expect(await handOff(order.id)).toMatchObject({ state: 'dead', failures: 3 });
    expect(fake.ordersFor(`sufra-order-${order.id}`)).toHaveLength(0);
    expect(await drain()).toMatchObject({ sent: 0, retrying: 0, dead: 0 });

    const owner = await staffCaller(STAFF.aOwner);
    const listed = await owner.call('GET', '/api/staff/manage/foodics/orders/?state=dead');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().handOffs).toEqual([
      expect.objectContaining({
        orderId: order.id,
        state: 'dead',
        failures: 3,
        lastError: expect.stringContaining('500'),
      }),
    ]);
    const cashier = await staffCaller(STAFF.aCashier);
    expect((await cashier.call('GET', '/api/staff/manage/foodics/orders/')).statusCode).toBe(403);
    expect((await cashier.call('POST', `/api/staff/manage/foodics/orders/${order.id}/retry/`)).statusCode).toBe(403);
    const otherBrand = await staffCaller(STAFF.bManager);
    const foreign = await otherBrand.call('POST', `/api/staff/manage/foodics/orders/${order.id}/retry/`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('foodics_hand_off_not_found');
    expect((await otherBrand.call('GET', '/api/staff/manage/foodics/orders/')).json().handOffs).toEqual([]);

    const manager = await staffCaller(STAFF.aManager);
    const retried = await manager.call('POST', `/api/staff/manage/foodics/orders/${order.id}/retry/`);
    expect(retried.json()).toEqual({ orderId: order.id, state: 'queued' });
    const [audit] = await t.database.query<{ action: string; after: unknown }>(
      `select action, after from audit_log where object_type = 'foodics_hand_off' and object_id = $1`,
      [String(order.id)],
    );
    expect(audit).toMatchObject({ action: 'update', after: { state: 'queued', failures: 0 } });
    // Not a dead letter any more: a second retry is refused.
    expect((await manager.call('POST', `/api/staff/manage/foodics/orders/${order.id}/retry/`)).statusCode).toBe(409);
    expect(await drain()).toMatchObject({ sent: 1 });
    expect(fake.ordersFor(`sufra-order-${order.id}`)).toHaveLength(1);

    // Another dead letter, settled by hand.
    fake.traps.failCreates = 3;
    const second = await pickup();
    for (let i = 0; i < 3; i += 1) {
      await drain();
      later(10 * 60_000);
    }
    const handled = await manager.call('POST', `/api/staff/manage/foodics/orders/${second.id}/handled/`);
    expect(handled.json()).toEqual({ orderId: second.id, state: 'handled' });
    expect(await drain()).toMatchObject({ sent: 0 });
  });

  it('refuses to send what is not mapped: a dead letter at once, naming it', async () => {
    await t.database.query(`delete from foodics_ids where brand_id = $1 and kind = 'product'`, [brandId]);
    try {
      const order = await pickup();
      expect(await drain()).toMatchObject({ dead: 1 });
      expect(await handOff(order.id)).toMatchObject({
        state: 'dead',
        lastError: `not mapped to Foodics: product:${water}`,
      });
      expect(creates()).toHaveLength(0);
    } finally {
      await t.database.query(
        `insert into foodics_ids (brand_id, kind, local_key, foodics_id) values ($1, 'product', $2, 'fp-water')`,
        [brandId, String(water)],
      );
    }
  });

  it('follows Foodics by webhook: accepted, ready, closed; a repeated webhook changes nothing; another business is ignored', async () => {
    const order = await pickup();
    await drain();
    const [made] = fake.ordersFor(`sufra-order-${order.id}`);
    if (!made) throw new Error('not created');
    await fake.act(made.id, 'accept');
    await fake.idle();
    expect((await dinerOrder(order.id)).status).toBe('sent_to_kitchen');
    // The same webhook again (Foodics retries; no event id): one move, one event.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/foodics/webhooks/${SECRET}`,
      payload: fake.webhooks.at(-1)?.body ?? {},
    });
    expect(again.statusCode).toBe(200);
    const moves = await t.database.query(
      `select 1 from order_outbox where order_id = $1 and event = 'order_status_changed'`,
      [order.id],
    );
    expect(moves).toHaveLength(1);
    // Another business's webhook on this path, and an unknown path: 200, nothing applied.
    const forged: Record<string, unknown> = {
      ...structuredClone(fake.webhooks.at(-1)?.body ?? {}),
      business: { reference: 1, name: 'x' },
    };
    (forged.order as { status: number }).status = 4;
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/foodics/webhooks/${SECRET}`, payload: forged })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/foodics/webhooks/nope', payload: forged })).statusCode,
    ).toBe(200);
    expect((await dinerOrder(order.id)).status).toBe('sent_to_kitchen');
    await fake.act(made.id, 'ready');
    await fake.act(made.id, 'close');
    await fake.idle();
    expect((await dinerOrder(order.id)).status).toBe('delivered');
    expect(await handOff(order.id)).toMatchObject({ state: 'sent' });
  });

  it('catches up by polling when Foodics drops every webhook after three tries', async () => {
    fake.traps.dropWebhooks = true;
    const order = await pickup();
    await drain();
    const [made] = fake.ordersFor(`sufra-order-${order.id}`);
    if (!made) throw new Error('not created');
    await fake.act(made.id, 'accept');
    await fake.act(made.id, 'ready');
    await fake.act(made.id, 'close');
    await fake.idle();
    expect(fake.webhooks.slice(-3).every((w) => w.dropped && w.tries === 3)).toBe(true);
    expect((await dinerOrder(order.id)).status).toBe('pending');
    later(POLL_MS);
    expect((await drain()).polled).toBeGreaterThanOrEqual(1);
    // Walked along our machine: sent to the kitchen, ready, handed over.
    expect((await dinerOrder(order.id)).status).toBe('delivered');
    const [polled] = await t.database.query<{ poll_at: Date | null }>(
      'select poll_at from foodics_orders where order_id = $1',
      [order.id],
    );
    expect(polled?.poll_at).toBeNull();
  });

  it('tells the diner of a decline, with the reason', async () => {
    const order = await pickup();
    await drain();
    const [made] = fake.ordersFor(`sufra-order-${order.id}`);
    if (!made) throw new Error('not created');
    await fake.act(made.id, 'decline', { reason: 'Out of water' });
    await fake.idle();
    expect(await dinerOrder(order.id)).toMatchObject({ status: 'canceled', cancelReason: 'Out of water' });
  });

  it('lists an order still Pending at a silent branch once the alert minutes have passed', async () => {
    fake.traps.silentBranches = ['fb-main'];
    const order = await pickup();
    await drain();
    const owner = await staffCaller(STAFF.aOwner);
    const waiting = async () =>
      (await owner.call('GET', '/api/staff/manage/foodics/orders/?state=waiting')).json().handOffs as {
        orderId: number;
      }[];
    expect((await waiting()).map((h) => h.orderId)).not.toContain(order.id);
    later(5 * 60_000 + 1);
    expect((await waiting()).map((h) => h.orderId)).toContain(order.id);
  });

  it('serves a brand connected without OAuth with the server’s token, and says OAuth is not set up here', async () => {
    const owner = await staffCaller(STAFF.aOwner);
    expect((await owner.call('GET', '/api/staff/manage/foodics/connection/')).json()).toEqual({
      connected: true,
      via: 'token',
      businessName: null,
      businessReference: BUSINESS,
      connectedAt: expect.any(String),
      oauthAvailable: false,
    });
    const refused = await owner.call('POST', '/api/staff/manage/foodics/connection/authorize/');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('foodics_oauth_not_configured');
  });

  it('never takes one order in two claims at once: the relay claims again while earlier hand-offs wait on Foodics', async () => {
    const orders = [await pickup(), await pickup(), await pickup()];
    // Two passes side by side, as the relay's pump claims while a claim's rows are on their way (docs/adr/0730).
    const passes = await Promise.all([drain(), drain()]);
    expect(passes.reduce((sum, p) => sum + p.sent, 0)).toBe(3);
    for (const order of orders) {
      expect(fake.ordersFor(`sufra-order-${order.id}`)).toHaveLength(1);
      expect(await handOff(order.id)).toMatchObject({ state: 'sent', failures: 0 });
    }
    expect(creates()).toHaveLength(3);
  });
});
