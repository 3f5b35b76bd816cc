import { randomUUID } from 'node:crypto';
import { orderSchema } from '@sufra/shared/schemas/order';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orders } from '../src/db/schema/orders.ts';
import { insertPlacedOrders } from '../src/modules/orders/placement.repo.ts';
import { type Caller, caller, countRows } from './accounts.ts';
import { EVENTUALLY } from './eventually.ts';
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

  it('answers 409 to a duplicate whose write meets its key written by another, still uncommitted, placement', async () => {
    // The key's first request, as its write would leave it: the row another placement (another process) is about to
    // commit, with the response of a real order.
    const first = await placeOrder(a, UUID.aMain, body());
    expect(first.statusCode).toBe(201);
    const [kept] = await t.database.query<{ customer_id: number; request_hash: string; response_body: unknown }>(
      'select customer_id, request_hash, response_body from idempotency_keys order by created_at desc limit 1',
    );
    if (!kept) throw new Error('no key');
    const key = newKey();
    const insertKey = `insert into idempotency_keys (customer_id, key, request_hash, response_status, response_body)
      values ($1, $2, $3, 201, $4)`;
    const params = [kept.customer_id, key, kept.request_hash, JSON.stringify(kept.response_body)];
    const before = await countRows(t, 'orders');
    if (t.database.kind === 'postgres' && t.config.databaseUrl) {
      // Held open on a connection of its own: the duplicate's write waits on the key's unique index, then fails.
      const other = new pg.Client({ connectionString: t.config.databaseUrl });
      await other.connect();
      try {
        await other.query('begin');
        await other.query(insertKey, params);
        const duplicate = placeOrder(a, UUID.aMain, body(), key);
        await vi.waitFor(async () => {
          const waiting = await t.database.query(
            "select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
          );
          expect(waiting.length).toBeGreaterThan(0);
        }, EVENTUALLY);
        await other.query('commit');
        const res = await duplicate;
        expect(res.statusCode).toBe(409);
        expect(res.json().error).toEqual({
          code: 'idempotency_key_in_flight',
          message: 'This order is already being placed, wait a moment',
        });
      } finally {
        await other.end();
      }
    } else {
      // PGlite runs one statement at a time: the other placement has committed before this one's write begins, which
      // then finds the key taken and answers its first response.
      await t.database.query(insertKey, params);
      const res = await placeOrder(a, UUID.aMain, body(), key);
      expect(res.statusCode).toBe(201);
      expect(res.headers['idempotent-replayed']).toBe('true');
    }
    // Nothing was written for the duplicate, and the key now replays the first order.
    expect(await countRows(t, 'orders')).toBe(before);
    const replay = await placeOrder(a, UUID.aMain, body(), key);
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
  });

  it('writes one order for a key sent twice in one batch, and numbers only the writes that go ahead', async () => {
    // A real placement's stored row is the template of the batch's writes.
    const placed = orderSchema.parse((await placeOrder(a, UUID.aMain, body())).json());
    const [row] = await t.db.select().from(orders).where(eq(orders.id, placed.id));
    if (!row) throw new Error('no order');
    const [session] = await t.database.query<{ family_id: string }>(
      `select family_id from auth_sessions where subject_kind = 'customer' and subject_id = $1 and revoked_at is null
       and expires_at > now() limit 1`,
      [row.customerId],
    );
    if (!session) throw new Error('no live session');
    const { id: _id, number: _number, customerId, ...columns } = row;
    if (customerId === null) throw new Error('an order without its customer');
    const order = { ...columns, customerId };
    const [brandVersion] = await t.database.query<{ version: number }>(
      'select coalesce((select version from brand_context_versions where brand_id = $1), 0) as version',
      [row.brandId],
    );
    const current = brandVersion?.version ?? 0;
    const write = (key: string, familyId = session.family_id, contextVersion = current) => ({
      order,
      lines: [],
      familyId,
      contextVersion,
      key,
      requestHash: 'batch test',
      responseStatus: 201,
      responseBody: {},
      handToKitchen: true,
    });
    const [twice, once, late] = [newKey(), newKey(), newKey()];
    const outcomes = await insertPlacedOrders(t.db, row.branchId, [
      write(twice),
      write(twice),
      // The same key from a signed-out session first: that write is refused, and the live one still goes ahead.
      write(once, randomUUID()),
      write(once),
      // Its rules ran on the QR context as it was before the brand's last change: not written, and its key is free.
      write(late, session.family_id, current - 1),
    ]);
    expect(outcomes.map((o) => o.kind)).toEqual(['placed', 'key_taken', 'signed_out', 'placed', 'stale_context']);
    // The two that went ahead took the branch's next two numbers; the others took none.
    expect(outcomes.map((o) => (o.kind === 'placed' ? o.number : null))).toEqual([
      placed.number + 1,
      null,
      null,
      placed.number + 2,
      null,
    ]);
    const [lateKey] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from idempotency_keys where key = $1',
      [late],
    );
    expect(lateKey?.n).toBe(0);
    const [counter] = await t.database.query<{ last_number: number }>(
      'select last_number from branch_order_counters where branch_id = $1',
      [row.branchId],
    );
    expect(counter?.last_number).toBe(placed.number + 2);
    // Sent again, both keys are taken: nothing is written.
    const before = await countRows(t, 'orders');
    const again = await insertPlacedOrders(t.db, row.branchId, [write(twice), write(once)]);
    expect(again.map((o) => o.kind)).toEqual(['key_taken', 'key_taken']);
    expect(await countRows(t, 'orders')).toBe(before);
  });

  it('gives 30 concurrent orders of one branch consecutive numbers, each answer its own order, written in groups', async () => {
    const outboxBefore = await countRows(t, 'order_outbox');
    // Each request its own quantity, so every answer can be matched with its request.
    const sent = Array.from({ length: 30 }, (_, i) => ({ key: newKey(), quantity: i + 1 }));
    const results = await Promise.all(
      sent.map(({ key, quantity }) => {
        const tab = caller(t);
        for (const [k, v] of a.jar.cookies) tab.jar.cookies.set(k, v);
        return placeOrder(tab, UUID.aMain, { ...body(), lines: [{ ...body().lines[0], quantity }] }, key);
      }),
    );
    expect(results.map((r) => r.statusCode).every((s) => s === 201)).toBe(true);
    const orders = results.map((r) => orderSchema.parse(r.json()));
    const numbers = orders.map((o) => o.number).sort((x, y) => x - y);
    expect(new Set(numbers).size).toBe(30);
    expect((numbers.at(-1) ?? 0) - (numbers[0] ?? 0)).toBe(29);
    const unit = orders[0]?.lines[0]?.unitPriceHalalas ?? 0;
    for (const [i, order] of orders.entries()) {
      const { key, quantity } = sent[i] ?? { key: '', quantity: 0 };
      expect(order.lines.map((l) => l.quantity)).toEqual([quantity]);
      expect(order.pricing.subtotal).toBe(unit * quantity);
      // What the diner was told is what was stored, with its own lines, and what its key replays.
      const stored = await a.call('GET', `/api/orders/${UUID.aMain}/${order.id}/`);
      expect(stored.json()).toEqual(order);
      const replay = await placeOrder(a, UUID.aMain, { ...body(), lines: [{ ...body().lines[0], quantity }] }, key);
      expect(replay.json()).toEqual(order);
    }
    expect(await countRows(t, 'order_outbox')).toBe(outboxBefore + 30);
    // On PostgreSQL, orders that queued for the branch's counter were written together: fewer transactions than
    // orders (rows written by one statement share its transaction id). PGlite answers one query at a time and
    // these requests reach the write one after another, so nothing queues there.
    const ids = orders.map((o) => o.id).join(',');
    const [{ transactions } = { transactions: 0 }] = await t.database.query<{ transactions: number }>(
      `select count(distinct xmin::text)::int as transactions from orders where id in (${ids})`,
    );
    expect(transactions).toBeGreaterThanOrEqual(1);
    if (t.database.kind === 'postgres') expect(transactions).toBeLessThan(30);
  });
});
