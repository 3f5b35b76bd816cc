import { orderSchema, staffOrderSchema } from '@sufra/shared/schemas/order';
import { tableSchema } from '@sufra/shared/schemas/order-events';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Caller, caller } from '../../../test/accounts.ts';
import { openStream, type StreamClient } from '../../../test/event-stream-client.ts';
import { EVENTUALLY } from '../../../test/eventually.ts';
import { STAFF, UUID } from '../../../test/fixture-brands.ts';
import { diner, menuIds, placeOrder } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { MAX_LIVE_STREAMS_PER_DINER } from './order-events.routes.ts';

describe('live order events over server-sent events', () => {
  let t: TestApp;
  let base: string;
  let a: Caller;
  let other: Caller;
  let cashier: Caller;
  let water: number;
  const streams: StreamClient[] = [];

  const staffCaller = async (who: { email: string; password: string }) => {
    const c = caller(t);
    const res = await c.call('POST', '/api/staff/auth/login/', who);
    expect(res.statusCode).toBe(200);
    return c;
  };
  const pickup = async (c: Caller) => {
    const res = await placeOrder(c, UUID.aMain, {
      orderType: 2,
      lines: [{ kind: 'product', itemId: water, quantity: 1 }],
      paymentMethod: 'cash',
    });
    expect(res.statusCode, res.body).toBe(201);
    return orderSchema.parse(res.json());
  };
  const open = async (c: Caller, path: string, headers: Record<string, string> = {}) => {
    const stream = await openStream(`${base}${path}`, { cookie: c.jar.header(), ...headers });
    streams.push(stream);
    return stream;
  };
  const branchOf = async (uuid: string) => {
    const [row] = await t.database.query<{ id: number }>('select branch_id as id from qr_codes where uuid = $1', [
      uuid,
    ]);
    if (!row) throw new Error(`no QR ${uuid}`);
    return row.id;
  };
  const move = (c: Caller, id: number, to: string, reason?: string) =>
    c.call('PATCH', `/api/staff/orders/${id}/status/`, { to, ...(reason ? { reason } : {}) });

  beforeAll(async () => {
    // The relay's safety poll is an hour apart here: a new order reaches the board only if its commit wakes the relay.
    t = await createTestApp({ env: { KITCHEN_RELAY_INTERVAL_MS: '3600000' } });
    base = await t.listen();
    water = (await menuIds(t, UUID.aMain)).item('water');
    a = await diner(t, UUID.aMain, '0593000001');
    other = await diner(t, UUID.aMain, '0593000002');
    cashier = await staffCaller(STAFF.aCashier);
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await t.close();
  });

  describe("a diner's order", () => {
    it('starts with the order as it is, then sends every status change with its cancel reason', async () => {
      const order = await pickup(a);
      const stream = await open(a, `/api/orders/${UUID.aMain}/${order.id}/events/`);
      expect(stream.status).toBe(200);
      const first = await stream.next();
      expect(first.event).toBe('order');
      expect(orderSchema.parse(first.data)).toEqual(order);
      expect(first.id).toBe(`${order.id}:${Date.parse(order.updatedAt)}`);
      // The diner's view never carries the board's customer details.
      expect(first.data).not.toHaveProperty('customer');

      expect((await move(cashier, order.id, 'sent_to_kitchen')).statusCode).toBe(200);
      const kitchen = await stream.next();
      expect(kitchen.event).toBe('order');
      expect(orderSchema.parse(kitchen.data).status).toBe('sent_to_kitchen');
      expect(kitchen.data).not.toHaveProperty('customer');

      expect((await move(cashier, order.id, 'canceled', 'Out of water')).statusCode).toBe(200);
      const canceled = orderSchema.parse((await stream.next()).data);
      expect(canceled).toMatchObject({ status: 'canceled', cancelReason: 'Out of water' });
    });

    it('sends the stream headers, uncompressed, with the security headers of every answer', async () => {
      const order = await pickup(a);
      const stream = await open(a, `/api/orders/${UUID.aMain}/${order.id}/events/`, { 'accept-encoding': 'gzip, br' });
      expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(stream.headers.get('cache-control')).toBe('no-store');
      expect(stream.headers.get('x-accel-buffering')).toBe('no');
      expect(stream.headers.get('content-encoding')).toBeNull();
      expect(stream.headers.get('x-content-type-options')).toBe('nosniff');
      expect(stream.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(stream.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect((await stream.next()).event).toBe('order');
    });

    it("answers another customer's order with 404, and no session with 401", async () => {
      const order = await pickup(a);
      const url = `/api/orders/${UUID.aMain}/${order.id}/events/`;
      const res = await other.call('GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('order_not_found');
      const anonymous = await caller(t).call('GET', url);
      expect(anonymous.statusCode).toBe(401);
      // Over HTTP too: a refused stream is a JSON error, not an event stream.
      const refused = await open(other, url);
      expect(refused.status).toBe(404);
      expect(refused.headers.get('content-type')).toContain('application/json');
    });

    it('caps the streams one diner holds open (429 in our shape), frees a slot on close, other diners unaffected', async () => {
      // A diner of its own: the other tests keep their streams open until the end.
      const d = await diner(t, UUID.aMain, '0593000009');
      const order = await pickup(d);
      const url = `/api/orders/${UUID.aMain}/${order.id}/events/`;
      // Refusals (another diner's order) never take a slot.
      expect((await open(other, url)).status).toBe(404);
      const held: StreamClient[] = [];
      for (let i = 0; i < MAX_LIVE_STREAMS_PER_DINER; i += 1) {
        const stream = await open(d, url);
        expect(stream.status, `stream ${i + 1}`).toBe(200);
        await stream.next();
        held.push(stream);
      }
      // Refused before any stream opens: an ordinary JSON answer.
      const refused = await fetch(`${base}${url}`, { headers: { cookie: d.jar.header(), 'accept-language': 'en' } });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('cache-control')).toBe('no-store');
      expect(await refused.json()).toEqual({
        error: {
          code: 'live_streams_limit',
          message: 'Too many live screens are open for this account, close one and try again',
        },
      });
      const otherOrder = await pickup(other);
      expect((await open(other, `/api/orders/${UUID.aMain}/${otherOrder.id}/events/`)).status).toBe(200);
      // The diner closes one page: its slot is free again once the server sees the stream end.
      held[0]?.close();
      await vi.waitFor(async () => {
        const again = await open(d, url);
        if (again.status !== 200) again.close();
        expect(again.status).toBe(200);
      }, EVENTUALLY);
    });

    it('lets go of a stream the client closed', async () => {
      const order = await pickup(a);
      const before = t.app.liveHub.size;
      const stream = await open(a, `/api/orders/${UUID.aMain}/${order.id}/events/`);
      await stream.next();
      expect(t.app.liveHub.size).toBe(before + 1);
      stream.close();
      await vi.waitFor(() => expect(t.app.liveHub.size).toBe(before), EVENTUALLY);
    });
  });

  describe('the staff board', () => {
    it('says ready, then sends status changes and table changes of its branches', async () => {
      const order = await pickup(a);
      const stream = await open(cashier, '/api/staff/orders/events/');
      expect(stream.status).toBe(200);
      const ready = await stream.next();
      expect(ready).toMatchObject({ event: 'ready', data: {} });

      expect((await move(cashier, order.id, 'sent_to_kitchen')).statusCode).toBe(200);
      const updated = await stream.next('order_updated');
      const board = staffOrderSchema.parse(updated.data);
      expect(board).toMatchObject({ id: order.id, status: 'sent_to_kitchen' });
      expect(board.customer?.phone).toBe('+966593000001');

      const tables = await cashier.call('GET', `/api/staff/tables/?branchId=${order.branchId}`);
      const table = tableSchema.parse(tables.json().tables[0]);
      expect(
        (await cashier.call('PATCH', `/api/staff/tables/${table.id}/status/`, { to: 'reserved' })).statusCode,
      ).toBe(200);
      const changed = await stream.next('table_updated');
      expect(tableSchema.parse(changed.data)).toMatchObject({ id: table.id, status: 'reserved' });
      await cashier.call('PATCH', `/api/staff/tables/${table.id}/status/`, { to: 'free' });
      expect(tableSchema.parse((await stream.next('table_updated')).data).status).toBe('free');
    });

    it('hears of a new order once the kitchen relay hands it over, right after it commits', async () => {
      const stream = await open(cashier, '/api/staff/orders/events/');
      expect((await stream.next()).event).toBe('ready');
      const order = await pickup(a);
      const placed = await stream.next('order_placed');
      expect(staffOrderSchema.parse(placed.data)).toMatchObject({
        id: order.id,
        number: order.number,
        status: 'pending',
      });
      expect(placed.id).toBe(`${order.id}:${Date.parse(order.updatedAt)}`);
      // The board is told first; the row is marked delivered right after.
      await vi.waitFor(async () => {
        const [row] = await t.database.query<{ delivered: boolean }>(
          'select delivered_at is not null as delivered from order_outbox where order_id = $1',
          [order.id],
        );
        expect(row?.delivered).toBe(true);
      }, EVENTUALLY);
    });

    it("sends only the watched branch's events", async () => {
      const manager = await staffCaller(STAFF.aManager);
      const closed = await branchOf(UUID.aClosed);
      const [extra] = await t.database.query<{ id: number }>(
        "insert into tables (branch_id, number) values ($1, 'X1') returning id",
        [closed],
      );
      const stream = await open(manager, `/api/staff/orders/events/?branchId=${closed}`);
      expect((await stream.next()).event).toBe('ready');
      // A change at the other branch first, then one at the watched branch: the first event is the second change.
      const order = await pickup(a);
      expect((await move(manager, order.id, 'sent_to_kitchen')).statusCode).toBe(200);
      expect(
        (await manager.call('PATCH', `/api/staff/tables/${extra?.id}/status/`, { to: 'occupied' })).statusCode,
      ).toBe(200);
      const first = await stream.next();
      expect(first.event).toBe('table_updated');
      expect(tableSchema.parse(first.data)).toMatchObject({ id: extra?.id, branchId: closed, status: 'occupied' });
    });

    it('refuses a branch outside the staff user’s scope with 403, and no session with 401', async () => {
      const manager = await staffCaller(STAFF.aManager);
      const bMain = await branchOf(UUID.bMain);
      const res = await cashier.call('GET', `/api/staff/orders/events/?branchId=${bMain}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('branch_out_of_scope');
      const closed = await branchOf(UUID.aClosed);
      // The cashier works at the main branch only; the manager at both.
      expect((await cashier.call('GET', `/api/staff/orders/events/?branchId=${closed}`)).statusCode).toBe(403);
      const allowed = await open(manager, `/api/staff/orders/events/?branchId=${closed}`);
      expect(allowed.status).toBe(200);
      expect((await caller(t).call('GET', '/api/staff/orders/events/')).statusCode).toBe(401);
      expect((await cashier.call('GET', '/api/staff/orders/events/?branchId=abc')).statusCode).toBe(400);
    });
  });
  it('answers HEAD on both streams at once with 405 and Allow: GET, never an endless stream (issue 24)', async () => {
    const order = await pickup(a);
    const head = (c: Caller, path: string) =>
      fetch(`${base}${path}`, {
        method: 'HEAD',
        headers: { cookie: c.jar.header() },
        signal: AbortSignal.timeout(5000),
      });
    for (const [c, path] of [
      [a, `/api/orders/${UUID.aMain}/${order.id}/events/`],
      [cashier, '/api/staff/orders/events/'],
    ] as const) {
      const res = await head(c, path);
      expect(res.status, path).toBe(405);
      expect(res.headers.get('allow')).toBe('GET');
      expect(res.headers.get('content-type')).not.toContain('text/event-stream');
    }
  });
});
