import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller, signIn } from './accounts.ts';
import { createFixedCoupon } from './coupons.ts';
import { UUID } from './fixture-brands.ts';
import { type MenuIds, menuIds, placeOrder } from './orders.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * A coupon's limits under 1,000 placements at once (issue 16): global limit 10, one use per customer, 40 diners
 * placing 25 orders each. On PostgreSQL they run on a pool of 12 connections, really side by side (on PGlite one
 * query at a time, and the same must hold). Exactly 10 orders carry the coupon, no customer twice, and the refused
 * placements left nothing behind: no order, no use, no counter moved.
 */
describe('a coupon under 1,000 concurrent placements', () => {
  let t: TestApp;
  let ids: MenuIds;
  const diners: Caller[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    ids = await menuIds(t, UUID.aMain);
    await createFixedCoupon(t, {
      code: 'RUSH10',
      name: 'Rush',
      amountHalalas: 500,
      globalLimit: 10,
      perCustomerLimit: 1,
    });
    for (let i = 0; i < 40; i += 1) {
      // One address per diner: sign-ins are limited per address.
      const phone = `+9665000030${String(i).padStart(2, '0')}`;
      const c = caller(t, { ip: `10.0.3.${i + 1}` });
      const res = await signIn(t, c, UUID.aMain, phone, { fullName: `Diner ${i}` });
      expect(res.statusCode, res.body).toBe(200);
      diners.push(c);
    }
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('places exactly 10 orders with the coupon, each customer at most once, and refused ones consume nothing', async () => {
    const before = await t.database.query<{ n: number }>('select count(*)::int as n from orders');
    // 1,000 on PostgreSQL, where they really run side by side; PGlite runs one query at a time (the race cannot happen
    // there, the count only costs time), so it places 300.
    const placements = t.database.kind === 'postgres' ? 1_000 : 300;
    const answers = await Promise.all(
      Array.from({ length: placements }, (_, i) =>
        placeOrder(diners[i % diners.length] as Caller, UUID.aMain, {
          orderType: 2,
          paymentMethod: 'cash',
          couponCode: 'rush10',
          lines: [{ kind: 'product', itemId: ids.item('water'), quantity: 2 }],
        }),
      ),
    );
    const statuses = new Map<string, number>();
    for (const res of answers) {
      const key = res.statusCode === 201 ? '201' : `${res.statusCode} ${res.json().error.code}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    }
    expect(statuses.get('201'), JSON.stringify([...statuses])).toBe(10);
    // Every refusal is one of the coupon's limits, said as such.
    for (const key of statuses.keys()) {
      expect(['201', '409 coupon_used_up', '409 coupon_customer_limit']).toContain(key);
    }

    const [after] = await t.database.query<{ n: number }>('select count(*)::int as n from orders');
    expect((after?.n ?? 0) - (before[0]?.n ?? 0)).toBe(10);
    const [coupon] = await t.database.query<{ used: number; uses: number; customers: number; orders: number }>(
      `select c.used_count as used, count(u.id)::int as uses, count(distinct u.customer_id)::int as customers,
         count(distinct u.order_id)::int as orders
       from coupons c left join coupon_uses u on u.coupon_id = c.id where c.code = 'RUSH10' group by c.id`,
    );
    expect(coupon).toEqual({ used: 10, uses: 10, customers: 10, orders: 10 });
    const counters = await t.database.query<{ used: number }>(
      "select used from coupon_customer_uses where coupon_id = (select id from coupons where code = 'RUSH10')",
    );
    expect(counters.every((c) => c.used <= 1)).toBe(true);
    expect(counters.reduce((sum, c) => sum + c.used, 0)).toBe(10);
    // Each used order's discount is the coupon's.
    const discounts = await t.database.query<{ d: number }>(
      "select o.total_discount::int as d from orders o join coupon_uses u on u.order_id = o.id where u.coupon_id = (select id from coupons where code = 'RUSH10')",
    );
    expect(discounts.map((r) => r.d)).toEqual(Array(10).fill(500));
  }, 300_000);
});
