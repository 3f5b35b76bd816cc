import { orderSchema } from '@sufra/shared/schemas/order';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../../test/accounts.ts';
import { type FakeFoodics, startFakeFoodics } from '../../../test/fake-foodics.ts';
import { STAFF, UUID } from '../../../test/fixture-brands.ts';
import { diner, type MenuIds, menuIds, placeOrder, setBranchSwitch } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const TOKEN = 'foodics-moves-token';
const SECRET = 'webhook-secret-for-the-moves-test-0123456789';
const BUSINESS = 616161;

/**
 * Moves made on our board, told to Foodics where Foodics documents a write (docs/adr/0690): a delivery order's
 * delivery status by `PUT /orders/{id}` (ready 2, en route 4 with the collection time, delivered 5), through the real
 * app and the fake Foodics, on PGlite and PostgreSQL. Nothing for a pickup order, nothing echoed back of what Foodics
 * said, a move kept until the order is at Foodics, a 429 tried again, a refusal dropped.
 */
describe('Board moves to Foodics', () => {
  let t: TestApp;
  let fake: FakeFoodics;
  let base = '';
  let clock = new Date();
  let a: Caller;
  let manager: Caller;
  let ids: MenuIds;
  let addressId: number;

  const place = async (orderType: 2 | 3) => {
    clock = new Date();
    const res = await placeOrder(a, UUID.aMain, {
      orderType,
      ...(orderType === 3 ? { addressId } : {}),
      paymentMethod: 'cash',
      lines: [{ kind: 'product', itemId: ids.item('water'), quantity: 12 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = orderSchema.parse(res.json());
    clock = new Date(Date.now() + 1);
    await t.app.kitchenRelay.drainOnce();
    return order;
  };
  const later = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  const madeFor = (orderId: number) => {
    const [made] = fake.ordersFor(`sufra-order-${orderId}`);
    if (!made) throw new Error('not created at Foodics');
    return made;
  };
  /** Placed, at Foodics and accepted there (our order follows by webhook to sent_to_kitchen). */
  const accepted = async (orderType: 2 | 3) => {
    const order = await place(orderType);
    expect(await t.app.foodicsRelay.drainOnce()).toMatchObject({ sent: 1 });
    await fake.act(madeFor(order.id).id, 'accept');
    await fake.idle();
    return order;
  };
  const move = async (orderId: number, to: string) => {
    const res = await manager.call('PATCH', `/api/staff/orders/${orderId}/status/`, { to });
    expect(res.statusCode, res.body).toBe(200);
  };
  /**
   * The kitchen relay's passes until one finds nothing due (an order's rows go one at a time, in order), on the app's
   * clock caught up with the rows just written (the database's clock).
   */
  const kitchen = async () => {
    clock = new Date(Math.max(clock.getTime(), Date.now() + 1));
    const sum = { delivered: 0, failed: 0 };
    for (let pass = 0; pass < 20; pass += 1) {
      const r = await t.app.kitchenRelay.drainOnce();
      if (r.delivered + r.failed === 0) break;
      sum.delivered += r.delivered;
      sum.failed += r.failed;
    }
    return sum;
  };
  const puts = () => fake.requests.filter((r) => r.method === 'PUT');

  beforeAll(async () => {
    fake = await startFakeFoodics({
      token: TOKEN,
      business: { reference: BUSINESS, name: 'Brand A' },
      catalogue: { branches: ['fb-main'], products: ['fp-water'], taxes: ['ft-vat'], charges: ['fc-delivery'] },
      webhookUrl: () => (base ? `${base}/api/foodics/webhooks/${SECRET}` : null),
    });
    t = await createTestApp({
      now: () => clock,
      env: {
        KITCHEN_RELAY_INTERVAL_MS: '0',
        FOODICS_ACCESS_TOKEN: TOKEN,
        FOODICS_API_URL: fake.url,
        FOODICS_RELAY_INTERVAL_MS: '0',
        FOODICS_TIMEOUT_MS: '10000', // never waited out here: room for a loaded machine
      },
    });
    base = await t.listen();
    ids = await menuIds(t, UUID.aMain);
    a = await diner(t, UUID.aMain, '0501234588');
    manager = caller(t);
    expect((await manager.call('POST', '/api/staff/auth/login/', STAFF.aManager)).statusCode).toBe(200);
    await setBranchSwitch(t, UUID.aMain, 'integrated', true);
    const [row] = await t.database.query<{ brandId: number; branchId: number }>(
      `select b.brand_id as "brandId", q.branch_id as "branchId" from qr_codes q join branches b on b.id = q.branch_id
       where q.uuid = $1`,
      [UUID.aMain],
    );
    if (!row) throw new Error('no branch');
    await t.database.query(
      `insert into foodics_connections (brand_id, business_reference, webhook_secret) values ($1, $2, $3)`,
      [row.brandId, BUSINESS, SECRET],
    );
    await t.database.query(
      `insert into foodics_ids (brand_id, kind, local_key, foodics_id) values
        ($1, 'branch', $2, 'fb-main'), ($1, 'product', $3, 'fp-water'), ($1, 'tax', 'vat', 'ft-vat'),
        ($1, 'delivery_charge', 'delivery', 'fc-delivery')`,
      [row.brandId, String(row.branchId), String(ids.item('water'))],
    );
    const address = await a.call('POST', `/api/customers/${UUID.aMain}/me/addresses/`, {
      title: 'Home',
      description: 'Street 1',
      location: { lat: 24.7, lng: 46.7 },
    });
    expect(address.statusCode, address.body).toBe(201);
    addressId = (address.json() as { id: number }).id;
  });
  beforeEach(() => {
    fake.traps = {};
    fake.requests.length = 0;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it("tells Foodics a delivery order's board moves: ready, en route with the collection time, delivered", async () => {
    const order = await accepted(3);
    const made = madeFor(order.id);
    await move(order.id, 'ready');
    expect(await kitchen()).toMatchObject({ delivered: 2, failed: 0 });
    expect(puts().map((r) => [r.path, r.body])).toEqual([[`/v5/orders/${made.id}`, { delivery_status: 2 }]]);
    expect(made.delivery_status).toBe(2);
    // "Assigned" needs a Foodics driver id: nothing goes.
    await move(order.id, 'assigned');
    await move(order.id, 'en_route');
    await move(order.id, 'delivered');
    expect(await kitchen()).toMatchObject({ delivered: 3, failed: 0 });
    expect(puts().map((r) => r.body)).toEqual([
      { delivery_status: 2 },
      { delivery_status: 4, driver_collected_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) },
      { delivery_status: 5 },
    ]);
    expect(puts().every((r) => r.auth === `Bearer ${TOKEN}` && r.status === 200)).toBe(true);
    expect(made).toMatchObject({ delivery_status: 5, status: 2 });
    expect(made.driver_collected_at).toEqual(expect.any(String));
  });

  it("sends nothing for a pickup order's moves, nor back what Foodics itself said", async () => {
    const pickup = await accepted(2);
    await move(pickup.id, 'ready');
    await move(pickup.id, 'delivered');
    const delivery = await accepted(3);
    // The cashier marks it ready at Foodics: ours follows (by: 'pos'), and that move is not sent back.
    await fake.act(madeFor(delivery.id).id, 'ready');
    await fake.idle();
    const [row] = await t.database.query<{ status: string }>('select status from orders where id = $1', [delivery.id]);
    expect(row?.status).toBe('ready');
    await kitchen();
    expect(puts()).toEqual([]);
  });

  it('keeps a move until the order is at Foodics, tries a 429 again, and drops a move Foodics refuses', async () => {
    const order = await place(3);
    await move(order.id, 'sent_to_kitchen');
    await move(order.id, 'ready');
    // Not created at Foodics yet: the move waits (the kitchen relay tries it again after its backoff).
    expect(await kitchen()).toMatchObject({ failed: 1 });
    expect(puts()).toEqual([]);
    expect(await t.app.foodicsRelay.drainOnce()).toMatchObject({ sent: 1 });
    await fake.act(madeFor(order.id).id, 'accept');
    await fake.idle();
    fake.traps.rateLimit = { count: 1, retryAfterSeconds: 1, path: '/v5/orders/' };
    later(60_000);
    expect(await kitchen()).toMatchObject({ failed: 1 });
    expect(puts().map((r) => r.status)).toEqual([429]);
    later(60_000);
    expect(await kitchen()).toMatchObject({ delivered: 1, failed: 0 });
    expect(puts().map((r) => r.status)).toEqual([429, 200]);
    expect(madeFor(order.id).delivery_status).toBe(2);
    // The cashier closes it at Foodics and the webhook is lost: our en-route move is refused there, and dropped.
    fake.traps.dropWebhooks = true;
    await fake.act(madeFor(order.id).id, 'close');
    await fake.idle();
    await move(order.id, 'assigned');
    await move(order.id, 'en_route');
    expect(await kitchen()).toMatchObject({ failed: 0 });
    expect(puts().map((r) => r.status)).toEqual([429, 200, 422]);
    const [pending] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from order_outbox where order_id = $1 and delivered_at is null',
      [order.id],
    );
    expect(pending?.n).toBe(0);
  });
});
