import { readFileSync } from 'node:fs';
import { startOfLocalDay } from '@sufra/shared/branch-hours';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UUID } from './fixture-brands.ts';
import { diner, menuIds, placeOrder } from './orders.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Migration 0027's backfill: a database that already had checkout spends when 0026 added the customer row's day
 * counters gets them from today's `redeem` ledger rows (in the brand's loyalty time zone), not from older ones.
 */
describe("the day's checkout spends backfilled onto the customer row", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("counts today's redeem rows only, from the start of the brand's local day", async () => {
    const ids = await menuIds(t, UUID.aMain);
    const phone = '+966500009901';
    const c = await diner(t, UUID.aMain, phone);
    const [customer] = await t.database.query<{ id: number; brand_id: number }>(
      'select id, brand_id from customers where phone = $1',
      [phone],
    );
    if (!customer) throw new Error('no customer');
    await t.database.query(
      `with c as (update customers set wallet_points = wallet_points + 5000 where id = $1 returning id)
       insert into points_ledger (brand_id, customer_id, kind, points, reason) select $2, id, 'adjust', 5000, 'Test' from c`,
      [customer.id, customer.brand_id],
    );
    const order = () =>
      placeOrder(c, UUID.aMain, {
        orderType: 2,
        paymentMethod: 'cash',
        points: 100,
        lines: [{ kind: 'product', itemId: ids.item('kabsa'), quantity: 2, modifiers: [ids.option('Size', 'Small')] }],
      });
    expect((await order()).statusCode).toBe(201);
    expect((await order()).statusCode).toBe(201);
    // A spend of two days ago, and the counters as a database before 0026 would have them.
    await t.database.query(
      `insert into points_ledger (brand_id, customer_id, kind, points, reason, created_at)
       values ($1, $2, 'redeem', -300, 'order_checkout', now() - interval '2 days')`,
      [customer.brand_id, customer.id],
    );
    await t.database.query(
      'update customers set redeem_day_start = null, redeem_day_points = 0, redeem_day_count = 0 where id = $1',
      [customer.id],
    );
    const migration = readFileSync(new URL('../drizzle/0027_placement_extras.sql', import.meta.url), 'utf8');
    const backfill = migration.split('--> statement-breakpoint')[0] as string;
    await t.database.query(backfill);
    const [row] = await t.database.query<{ start: Date | string; points: number; count: number }>(
      'select redeem_day_start as start, redeem_day_points as points, redeem_day_count as count from customers where id = $1',
      [customer.id],
    );
    const [rules] = await t.database.query<{ tz: string }>(
      'select time_zone as tz from loyalty_rules where brand_id = $1',
      [customer.brand_id],
    );
    expect({ ...row, start: new Date(row?.start as string).toISOString() }).toEqual({
      start: startOfLocalDay(new Date(), rules?.tz as string).toISOString(),
      points: 200,
      count: 2,
    });
  });
});
