import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller, signIn } from './accounts.ts';
import { createFixedCoupon } from './coupons.ts';
import { UUID } from './fixture-brands.ts';
import { type MenuIds, menuIds, placeOrder } from './orders.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * A new-customers-only coupon when a new diner's first orders race (issue 16): the coupon is for the diner's first
 * order at the branch, and "first" must hold when several of their orders are placed at once, with the coupon or
 * without. The coupon has no per-customer or global limit here, so nothing but the newness rule stands between a
 * diner and a second use. On PostgreSQL the placements run side by side on a pool of 12 connections.
 */
describe('a new-customers-only coupon under concurrent first orders', () => {
  let t: TestApp;
  let ids: MenuIds;
  const diners: Caller[] = [];
  const DINERS = 8;

  beforeAll(async () => {
    t = await createTestApp();
    ids = await menuIds(t, UUID.aMain);
    await createFixedCoupon(t, {
      code: 'FIRSTONLY',
      name: 'First order',
      amountHalalas: 300,
      globalLimit: null,
      perCustomerLimit: null,
      newCustomersOnly: true,
    });
    for (let i = 0; i < DINERS; i += 1) {
      const c = caller(t, { ip: `10.0.7.${i + 1}` });
      const res = await signIn(t, c, UUID.aMain, `+9665000070${String(i).padStart(2, '0')}`, {
        fullName: `New diner ${i}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      diners.push(c);
    }
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it("lets only a diner's first order at the branch carry it, and the refused orders leave nothing", async () => {
    const [before] = await t.database.query<{ n: number }>('select count(*)::int as n from orders');
    const line = [{ kind: 'product', itemId: ids.item('water'), quantity: 1 }];
    // The first half of the diners: 16 orders each, all with the coupon; the others: 12 with it and 4 without (a plain
    // order may well land first, its coupon-free preparation being shorter). All at once.
    const onlyCoupons = (d: number) => d < DINERS / 2;
    const answers = await Promise.all(
      diners.flatMap((c, d) =>
        Array.from({ length: 16 }, (_, i) =>
          placeOrder(c, UUID.aMain, {
            orderType: 2,
            paymentMethod: 'cash',
            lines: line,
            ...(i % 4 === 3 && !onlyCoupons(d) ? {} : { couponCode: 'firstonly' }),
          }),
        ),
      ),
    );
    const statuses = new Map<string, number>();
    for (const res of answers) {
      const key = res.statusCode === 201 ? '201' : `${res.statusCode} ${res.json().error.code}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    }
    for (const key of statuses.keys()) expect(['201', '403 coupon_new_customers_only']).toContain(key);

    // Every diner's orders at the branch, in the branch's numbering (the order the counter row let them in).
    const rows = await t.database.query<{ customer: number; number: number; coupon: boolean; discount: number }>(
      `select o.customer_id as customer, o.number, u.id is not null as coupon, o.total_discount::int as discount
       from orders o join customers c on c.id = o.customer_id
       left join coupon_uses u on u.order_id = o.id
       where c.full_name like 'New diner %' order by o.customer_id, o.number`,
    );
    const [after] = await t.database.query<{ n: number }>('select count(*)::int as n from orders');
    // Refused placements wrote no order.
    expect((after?.n ?? 0) - (before?.n ?? 0)).toBe(statuses.get('201'));
    expect(rows.length).toBe(statuses.get('201'));
    const customerIds = await t.database.query<{ id: number; name: string }>(
      "select id, full_name as name from customers where full_name like 'New diner %'",
    );
    const diner = new Map(customerIds.map((c) => [c.id, Number(c.name.replace('New diner ', ''))]));
    const byCustomer = new Map<number, typeof rows>();
    for (const r of rows) byCustomer.set(r.customer, [...(byCustomer.get(r.customer) ?? []), r]);
    expect(byCustomer.size).toBe(DINERS);
    for (const [customer, orders] of byCustomer) {
      const withCoupon = orders.filter((o) => o.coupon);
      // At most one order with the coupon, and only the diner's first at the branch; exactly one where every order
      // asked for it (the first to land is then one of them).
      if (onlyCoupons(diner.get(customer) ?? -1)) expect(withCoupon.length).toBe(1);
      else expect(withCoupon.length).toBeLessThanOrEqual(1);
      if (withCoupon[0]) expect(withCoupon[0]).toEqual({ ...orders[0], discount: 300 });
      for (const o of orders.filter((x) => !x.coupon)) expect(o.discount).toBe(0);
    }
    // The coupon's counter moved once per use and no more.
    const [coupon] = await t.database.query<{ used: number; uses: number }>(
      `select c.used_count as used, count(u.id)::int as uses from coupons c
       left join coupon_uses u on u.coupon_id = c.id where c.code = 'FIRSTONLY' group by c.id`,
    );
    expect(coupon?.used).toBe(coupon?.uses);
    expect(coupon?.uses).toBe(rows.filter((r) => r.coupon).length);
  }, 300_000);
});
