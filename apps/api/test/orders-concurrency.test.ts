import { orderSchema } from '@sufra/shared/schemas/order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller, countRows } from './accounts.ts';
import { UUID } from './fixture-brands.ts';
import { diner, type MenuIds, menuIds, newKey, placeOrder } from './orders.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Races on order placement. Meaningful on PostgreSQL (a pool of 12 connections: the requests really run side by
 * side); on PGlite queries run one at a time, and the same assertions must hold.
 */
describe('concurrent order placement', () => {
  let t: TestApp;
  let ids: MenuIds;
  let a: Caller;
  beforeAll(async () => {
    t = await createTestApp();
    ids = await menuIds(t, UUID.aMain);
    a = await diner(t, UUID.aMain, '0591000001');
  });
  afterAll(() => t.close());

  const body = () => ({
    orderType: 2,
    lines: [{ kind: 'product', itemId: ids.item('water'), quantity: 3 }],
    paymentMethod: 'cash',
  });

  it('makes exactly one order from 25 concurrent requests with one Idempotency-Key', async () => {
    const key = newKey();
    const before = await countRows(t, 'orders');
    const results = await Promise.all(
      Array.from({ length: 25 }, () => {
        // Each request from its own connection of the same browser session.
        const tab = caller(t);
        for (const [k, v] of a.jar.cookies) tab.jar.cookies.set(k, v);
        return placeOrder(tab, UUID.aMain, body(), key);
      }),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(
      statuses.every((s) => s === 201 || s === 409),
      statuses.join(','),
    ).toBe(true);
    const created = results.filter((r) => r.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    // Every 201 is the same order: the first one, or its replay.
    expect(new Set(created.map((r) => orderSchema.parse(r.json()).id)).size).toBe(1);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json().error.code).toBe('idempotency_key_in_flight');
    }
    expect(await countRows(t, 'orders')).toBe(before + 1);
    expect(await countRows(t, 'order_outbox')).toBe(before + 1);
    // After the race, the key replays the order.
    const replay = await placeOrder(a, UUID.aMain, body(), key);
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(created[0]?.json());
  });

  it('gives 30 concurrent orders of one branch 30 distinct, consecutive numbers', async () => {
    const results = await Promise.all(
      Array.from({ length: 30 }, () => {
        const tab = caller(t);
        for (const [k, v] of a.jar.cookies) tab.jar.cookies.set(k, v);
        return placeOrder(tab, UUID.aMain, body());
      }),
    );
    expect(results.map((r) => r.statusCode).every((s) => s === 201)).toBe(true);
    const numbers = results.map((r) => orderSchema.parse(r.json()).number).sort((x, y) => x - y);
    expect(new Set(numbers).size).toBe(30);
    expect((numbers.at(-1) ?? 0) - (numbers[0] ?? 0)).toBe(29);
  });
});
