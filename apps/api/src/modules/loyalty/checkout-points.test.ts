import { orderSchema } from '@sufra/shared/schemas/order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../../test/accounts.ts';
import { STAFF, UUID } from '../../../test/fixture-brands.ts';
import { diner, type MenuIds, menuIds, newKey, placeOrder } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

// The fixture's rule (the demo's): a point is worth 5 halalas; at least 100 and at most 2,000 points an order,
// at most 4,000 points and 3 redemptions a day.
describe('spending points at checkout', () => {
  let t: TestApp;
  let ids: MenuIds;
  let manager: Caller;
  let cashier: Caller;

  const phoneN = (n: number) => `+9665000010${String(n).padStart(2, '0')}`;
  const customerId = async (phone: string) => {
    const [row] = await t.database.query<{ id: number }>('select id from customers where phone = $1', [phone]);
    if (!row) throw new Error('no customer');
    return row.id;
  };
  /** A signed-in diner holding `points`. */
  const dinerWith = async (n: number, points: number) => {
    const c = await diner(t, UUID.aMain, phoneN(n));
    if (points > 0) {
      const res = await manager.call('POST', `/api/staff/customers/${await customerId(phoneN(n))}/points/`, {
        points,
        reason: 'Test credit',
      });
      expect(res.statusCode).toBe(200);
    }
    return c;
  };
  /** One small kabsa (SAR 35), cash pickup, spending `points`. */
  const order = (c: Caller, points: number | undefined, key = newKey(), quantity = 1) =>
    placeOrder(
      c,
      UUID.aMain,
      {
        orderType: 2,
        paymentMethod: 'cash',
        lines: [{ kind: 'product', itemId: ids.item('kabsa'), quantity, modifiers: [ids.option('Size', 'Small')] }],
        ...(points === undefined ? {} : { points }),
      },
      key,
    );
  const wallet = async (n: number) => {
    const [row] = await t.database.query<{ wallet: number; ledger: number; orders: number }>(
      `select c.wallet_points as wallet,
         coalesce((select sum(points) from points_ledger where customer_id = c.id), 0)::int as ledger,
         (select count(*) from orders where customer_id = c.id)::int as orders
       from customers c where c.phone = $1`,
      [phoneN(n)],
    );
    if (!row) throw new Error('no customer');
    expect(row.wallet).toBe(row.ledger);
    return row;
  };

  beforeAll(async () => {
    t = await createTestApp();
    ids = await menuIds(t, UUID.aMain);
    manager = caller(t);
    expect((await manager.call('POST', '/api/staff/auth/login/', STAFF.aManager)).statusCode).toBe(200);
    cashier = caller(t);
    expect((await cashier.call('POST', '/api/staff/auth/login/', STAFF.aCashier)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it('takes the points and their value off the order in one step, and a replay spends nothing more', async () => {
    const c = await dinerWith(1, 1_000);
    const key = newKey();
    const res = await order(c, 200, key);
    expect(res.statusCode, res.body).toBe(201);
    const placed = orderSchema.parse(res.json());
    expect(placed.pricing).toMatchObject({ subtotal: 3_500, totalDiscount: 1_000, total: 2_500 });
    expect(await wallet(1)).toMatchObject({ wallet: 800, orders: 1 });
    const [entry] = await t.database.query<{ kind: string; points: number; order_id: number }>(
      "select kind, points, order_id from points_ledger where order_id = $1 and kind = 'redeem'",
      [placed.id],
    );
    expect(entry).toEqual({ kind: 'redeem', points: -200, order_id: placed.id });

    const replay = await order(c, 200, key);
    expect(replay.statusCode).toBe(201);
    expect(orderSchema.parse(replay.json()).id).toBe(placed.id);
    expect(await wallet(1)).toMatchObject({ wallet: 800, orders: 1 });
  });

  it('prices points by the rules as they are now, though the QR context kept them from an earlier order', async () => {
    const c = await dinerWith(20, 1_000);
    // The context (with the brand's rules) kept by the process from this order on.
    expect((await order(c, 200)).statusCode).toBe(201);
    const brand = '(select b.brand_id from qr_codes q join branches b on b.id = q.branch_id where q.uuid = $1)';
    await t.database.query(`update loyalty_rules set point_value_halalas = 10 where brand_id = ${brand}`, [UUID.aMain]);
    try {
      const res = await order(c, 200);
      expect(res.statusCode, res.body).toBe(201);
      // 200 points at 10 halalas, not the kept 5.
      expect(orderSchema.parse(res.json()).pricing).toMatchObject({ totalDiscount: 2_000, total: 1_500 });
      await t.database.query(`update loyalty_rules set min_points_per_redemption = 300 where brand_id = ${brand}`, [
        UUID.aMain,
      ]);
      const below = await order(c, 200);
      expect(below.statusCode, below.body).toBe(422);
      expect(below.json().error.code).toBe('points_below_minimum');
      expect(await wallet(20)).toMatchObject({ wallet: 600, orders: 2 });
    } finally {
      await t.database.query(
        `update loyalty_rules set point_value_halalas = 5, min_points_per_redemption = 100 where brand_id = ${brand}`,
        [UUID.aMain],
      );
    }
  });

  it('refuses each limit with its own message and writes neither order nor points', async () => {
    const c = await dinerWith(2, 3_000);
    const refused = async (points: number, code: string, quantity = 1) => {
      const res = await order(c, points, newKey(), quantity);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().error.code).toBe(code);
    };
    await refused(99, 'points_below_minimum');
    await refused(2_001, 'points_above_transaction_max', 4);
    // One kabsa is worth 3,500 halalas: 701 points (3,505) are worth more.
    await refused(701, 'points_above_order');
    expect(await wallet(2)).toMatchObject({ wallet: 3_000, orders: 0 });

    const poor = await dinerWith(3, 150);
    const res = await order(poor, 200);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'points_insufficient' });
    expect(await wallet(3)).toMatchObject({ wallet: 150, orders: 0 });
  });

  it('holds the daily limits: points a day, then redemptions a day', async () => {
    const c = await dinerWith(4, 6_000);
    // 2,000 + 2,000 = the day's 4,000; then even 100 more is over.
    for (let i = 0; i < 2; i += 1) expect((await order(c, 2_000, newKey(), 4)).statusCode).toBe(201);
    const over = await order(c, 100);
    expect(over.json().error.code).toBe('points_above_daily_max');

    const d = await dinerWith(5, 6_000);
    for (let i = 0; i < 3; i += 1) expect((await order(d, 100)).statusCode).toBe(201);
    const fourth = await order(d, 100);
    expect(fourth.statusCode).toBe(422);
    expect(fourth.json().error.code).toBe('redemptions_daily_max');
    expect(await wallet(5)).toMatchObject({ wallet: 5_700, orders: 3 });
  });

  it('gives the points back when the order is canceled, and earns on what was paid when it is completed', async () => {
    const c = await dinerWith(6, 1_000);
    const canceled = orderSchema.parse((await order(c, 500)).json());
    expect(await wallet(6)).toMatchObject({ wallet: 500 });
    const move = (id: number, to: string, reason?: string) =>
      cashier.call('PATCH', `/api/staff/orders/${id}/status/`, { to, ...(reason ? { reason } : {}) });
    expect((await move(canceled.id, 'canceled', 'Kitchen closed early')).statusCode).toBe(200);
    expect(await wallet(6)).toMatchObject({ wallet: 1_000 });

    const kept = orderSchema.parse((await order(c, 200)).json());
    for (const to of ['sent_to_kitchen', 'ready', 'delivered']) expect((await move(kept.id, to)).statusCode).toBe(200);
    // Paid SAR 25 after SAR 10 of points: 250 points earned.
    expect(await wallet(6)).toMatchObject({ wallet: 1_000 - 200 + 250 });
  });

  it('never lets one diner exceed the wallet or the day under concurrent checkouts', async () => {
    const c = await dinerWith(7, 1_000);
    // Ten at once, 200 points each: the day allows three redemptions.
    const results = await Promise.all(Array.from({ length: 10 }, () => order(c, 200)));
    const placed = results.filter((r) => r.statusCode === 201);
    expect(placed).toHaveLength(3);
    expect(
      results.filter((r) => r.statusCode === 422).every((r) => r.json().error.code === 'redemptions_daily_max'),
    ).toBe(true);
    expect(await wallet(7)).toMatchObject({ wallet: 400, orders: 3 });

    const d = await dinerWith(8, 500);
    const more = await Promise.all(Array.from({ length: 6 }, () => order(d, 200)));
    expect(more.filter((r) => r.statusCode === 201)).toHaveLength(2);
    expect(await wallet(8)).toMatchObject({ wallet: 100, orders: 2 });
  });

  it('writes the spends of concurrent checkouts batched together exactly, refusing only what passes a limit', async () => {
    // Three diners spending and one not, all at once at one branch: their placements share the branch's batches,
    // whose points are written by one statement per batch (core/checkout-extras.rules), and a refusal rewrites the batch.
    const poor = await dinerWith(9, 500);
    const rich = await dinerWith(10, 1_000);
    const richer = await dinerWith(11, 6_000);
    const plain = await dinerWith(12, 0);
    const keys = new Map<string, number>();
    const spend = (c: Caller, n: number) => {
      const key = newKey();
      keys.set(key, n);
      return order(c, 200, key).then((res) => ({ n, key, res }));
    };
    const all = await Promise.all([
      ...Array.from({ length: 8 }, () => spend(poor, 9)),
      ...Array.from({ length: 8 }, () => spend(rich, 10)),
      ...Array.from({ length: 8 }, () => spend(richer, 11)),
      ...Array.from({ length: 10 }, () => order(plain, undefined).then((res) => ({ n: 12, key: '', res }))),
    ]);
    expect(all.filter((a) => a.res.statusCode >= 500)).toEqual([]);
    const placedOf = (n: number) => all.filter((a) => a.n === n && a.res.statusCode === 201);
    // 500 points pay two; the day's three redemptions bound the others.
    expect(placedOf(9)).toHaveLength(2);
    expect(placedOf(10)).toHaveLength(3);
    expect(placedOf(11)).toHaveLength(3);
    expect(placedOf(12)).toHaveLength(10);
    for (const refused of all.filter((a) => a.res.statusCode !== 201)) {
      expect(refused.res.statusCode).toBe(422);
      expect(['points_insufficient', 'redemptions_daily_max']).toContain(refused.res.json().error.code);
      // A refused placement claimed no key and wrote no order.
      const [key] = await t.database.query('select 1 from idempotency_keys where key = $1', [refused.key]);
      expect(key).toBeUndefined();
    }
    expect(await wallet(9)).toMatchObject({ wallet: 100, orders: 2 });
    expect(await wallet(10)).toMatchObject({ wallet: 400, orders: 3 });
    expect(await wallet(11)).toMatchObject({ wallet: 5_400, orders: 3 });
    expect(await wallet(12)).toMatchObject({ wallet: 0, orders: 10 });
    // Each order that spent has its one redeem row, and its total is 200 points (SAR 10) less.
    for (const a of all.filter((x) => x.n !== 12 && x.res.statusCode === 201)) {
      const placed = orderSchema.parse(a.res.json());
      expect(placed.pricing.total).toBe(2_500);
      const rows = await t.database.query<{ points: number }>(
        "select points from points_ledger where order_id = $1 and kind = 'redeem'",
        [placed.id],
      );
      expect(rows).toEqual([{ points: -200 }]);
    }
    // On PostgreSQL the spending orders that queued for the branch were written together, in the batch's one
    // transaction (rows written by one transaction share its xmin); an order with points no longer goes alone.
    const spent = all
      .filter((x) => x.n !== 12 && x.res.statusCode === 201)
      .map((x) => orderSchema.parse(x.res.json()).id);
    const [{ transactions } = { transactions: 0 }] = await t.database.query<{ transactions: number }>(
      `select count(distinct xmin::text)::int as transactions from orders where id in (${spent.join(',')})`,
    );
    expect(transactions).toBeGreaterThanOrEqual(1);
    if (t.database.kind === 'postgres') expect(transactions).toBeLessThan(spent.length);
  });
});
