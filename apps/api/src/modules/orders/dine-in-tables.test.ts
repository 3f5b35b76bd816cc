import { orderSchema } from '@sufra/shared/schemas/order';
import { tableListResponse, tableSchema } from '@sufra/shared/schemas/order-events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller, countRows } from '../../../test/accounts.ts';
import { openStream, type StreamClient } from '../../../test/event-stream-client.ts';
import { STAFF, UUID } from '../../../test/fixture-brands.ts';
import { diner, menuIds, placeOrder } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const HERE = { lat: 24.7136, lng: 46.6753 };
/** About 700 m north of the branch (its dine-in radius is 150 m). */
const FAR = { lat: 24.72, lng: 46.6753 };

/**
 * Issue 13, item 15: a table's QR is a table experience. Its QR is the proof the diner sits there (no location, no
 * distance); a counter QR keeps the distance check and asks which table where the branch has tables; and a table
 * shows Occupied while it has open orders, Free again when the last one ends.
 */
describe('dine-in at tables', () => {
  let t: TestApp;
  let base: string;
  let a: Caller;
  let cashier: Caller;
  let cashierAr: Caller;
  let water: number;
  let mainBranch: number;
  let table1: number;
  const streams: StreamClient[] = [];

  const staffCaller = async (who: { email: string; password: string }, language = 'en') => {
    const c = caller(t, { language });
    expect((await c.call('POST', '/api/staff/auth/login/', who)).statusCode).toBe(200);
    return c;
  };
  const waterLine = () => [{ kind: 'product' as const, itemId: water, quantity: 1 }];
  const dineIn = (c: Caller, uuid: string, extra: Record<string, unknown> = {}) =>
    placeOrder(c, uuid, { orderType: 1, lines: waterLine(), paymentMethod: 'cash', ...extra });
  const sideRows = async () => ({
    orders: await countRows(t, 'orders'),
    lines: await countRows(t, 'order_lines'),
    outbox: await countRows(t, 'order_outbox'),
    keys: await countRows(t, 'idempotency_keys where response_status is not null'),
  });
  const tableStatus = async (id = table1) => {
    const res = await cashier.call('GET', `/api/staff/tables/?branchId=${mainBranch}`);
    expect(res.statusCode).toBe(200);
    return tableListResponse.parse(res.json()).tables.find((x) => x.id === id)?.status;
  };
  const move = (id: number, to: string, reason?: string) =>
    cashier.call('PATCH', `/api/staff/orders/${id}/status/`, { to, ...(reason ? { reason } : {}) });
  const deliver = async (id: number) => {
    for (const to of ['sent_to_kitchen', 'ready', 'delivered']) {
      const res = await move(id, to);
      expect(res.statusCode, res.body).toBe(200);
    }
  };
  const setTable = (c: Caller, to: string) => c.call('PATCH', `/api/staff/tables/${table1}/status/`, { to });
  /** Every order still open at table 1 ends (canceled), so each test starts from a free table. */
  const clearTable = async () => {
    const open = await t.database.query<{ id: number }>(
      "select id from orders where table_id = $1 and status not in ('delivered', 'canceled', 'returned')",
      [table1],
    );
    for (const { id } of open) expect((await move(id, 'canceled', 'test over')).statusCode).toBe(200);
    await t.database.query("update tables set status = 'free' where id = $1", [table1]);
  };

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.listen();
    water = (await menuIds(t, UUID.aMain)).item('water');
    a = await diner(t, UUID.aMain, '0597000001');
    cashier = await staffCaller(STAFF.aCashier);
    cashierAr = await staffCaller(STAFF.aCashier, 'ar');
    const [row] = await t.database.query<{ id: number; branchId: number }>(
      `select t.id, t.branch_id as "branchId" from tables t join qr_codes q on q.table_id = t.id where q.uuid = $1`,
      [UUID.aTable],
    );
    if (!row) throw new Error('fixture has no table QR');
    table1 = row.id;
    mainBranch = row.branchId;
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await t.close();
  });

  describe("a table's QR", () => {
    it('places a dine-in order at its table without asking where the diner is', async () => {
      const res = await dineIn(a, UUID.aTable);
      expect(res.statusCode, res.body).toBe(201);
      expect(orderSchema.parse(res.json()).table?.number).toBe('1');
      await clearTable();
    });

    it('checks no distance, and keeps no location it did not check', async () => {
      const res = await dineIn(a, UUID.aTable, { location: FAR });
      expect(res.statusCode, res.body).toBe(201);
      const order = orderSchema.parse(res.json());
      expect(order.table?.number).toBe('1');
      const [row] = await t.database.query<{ lat: number | null }>('select lat from orders where id = $1', [order.id]);
      expect(row?.lat).toBeNull();
      await clearTable();
    });

    it('goes to its own table whatever number the body names', async () => {
      await t.database.query("insert into tables (branch_id, number) values ($1, '7')", [mainBranch]);
      const res = await dineIn(a, UUID.aTable, { tableNumber: '7' });
      expect(res.statusCode, res.body).toBe(201);
      expect(orderSchema.parse(res.json()).table?.number).toBe('1');
      await clearTable();
      await t.database.query("delete from tables where branch_id = $1 and number = '7'", [mainBranch]);
    });
  });

  describe('a counter QR at a branch with tables', () => {
    it('still refuses a diner far from the branch, table number or not', async () => {
      const before = await sideRows();
      const res = await dineIn(a, UUID.aMain, { location: FAR, tableNumber: '1' });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('far_from_branch');
      expect(await sideRows()).toEqual(before);
    });

    it('asks for the table number, in both languages, writing nothing', async () => {
      const before = await sideRows();
      const en = await dineIn(a, UUID.aMain, { location: HERE });
      expect(en.statusCode).toBe(400);
      expect(en.json().error).toEqual({ code: 'table_number_required', message: 'Enter your table number' });
      const ar = await a.call(
        'POST',
        `/api/orders/${UUID.aMain}/`,
        { orderType: 1, location: HERE, lines: waterLine(), paymentMethod: 'cash' },
        { 'idempotency-key': `table-ar-${Date.now()}`, 'accept-language': 'ar' },
      );
      expect(ar.statusCode).toBe(400);
      expect(ar.json().error).toEqual({ code: 'table_number_required', message: 'أدخل رقم طاولتك' });
      const blank = await dineIn(a, UUID.aMain, { location: HERE, tableNumber: '   ' });
      expect(blank.statusCode).toBe(400);
      expect(await sideRows()).toEqual(before);
    });

    it('refuses a number the branch has no table for, and a reserved table, writing nothing', async () => {
      const before = await sideRows();
      const unknown = await dineIn(a, UUID.aMain, { location: HERE, tableNumber: '99' });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().error).toEqual({
        code: 'table_number_unknown',
        message: 'This branch has no table with that number, check the number on your table',
      });
      await t.database.query("update tables set status = 'reserved' where id = $1", [table1]);
      const reserved = await dineIn(a, UUID.aMain, { location: HERE, tableNumber: '1' });
      expect(reserved.statusCode).toBe(409);
      expect(reserved.json().error.code).toBe('table_not_available');
      await t.database.query("update tables set status = 'free' where id = $1", [table1]);
      expect(await sideRows()).toEqual(before);
    });

    it('places the order at the table the diner names, Arabic-Indic digits too, and the board shows it', async () => {
      const res = await dineIn(a, UUID.aMain, { location: HERE, tableNumber: '١' });
      expect(res.statusCode, res.body).toBe(201);
      const order = orderSchema.parse(res.json());
      expect(order.table).toEqual({ id: table1, number: '1' });
      const board = await cashier.call('GET', `/api/staff/orders/?branchId=${mainBranch}`);
      expect(board.json().orders.find((o: { id: number }) => o.id === order.id)?.table).toEqual({
        id: table1,
        number: '1',
      });
      await clearTable();
    });
  });

  it('takes dine-in from a counter QR without a number where the branch has no tables', async () => {
    // Brand B's branch has no tables; its cash choice is opened to dine-in for this test.
    await t.database.query(
      "update payment_choices set order_types = '{1,2}' where branch_id = (select branch_id from qr_codes where uuid = $1)",
      [UUID.bMain],
    );
    const b = await diner(t, UUID.bMain, '0597000002');
    const shawarma = (await menuIds(t, UUID.bMain)).item('shawarma');
    const res = await placeOrder(b, UUID.bMain, {
      orderType: 1,
      location: HERE,
      lines: [{ kind: 'product', itemId: shawarma, quantity: 1 }],
      paymentMethod: 'cash',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(orderSchema.parse(res.json()).table).toBeNull();
  });

  describe('occupancy', () => {
    it('shows a table Occupied while it has open orders and Free again when the last one ends', async () => {
      expect(await tableStatus()).toBe('free');
      const first = orderSchema.parse((await dineIn(a, UUID.aTable)).json());
      expect(await tableStatus()).toBe('occupied');
      const second = orderSchema.parse((await dineIn(a, UUID.aTable)).json());
      await deliver(first.id);
      expect(await tableStatus()).toBe('occupied');
      expect((await move(second.id, 'canceled', 'changed their mind')).statusCode).toBe(200);
      expect(await tableStatus()).toBe('free');
    });

    it('does not count a card order whose payment has not arrived', async () => {
      const order = orderSchema.parse((await dineIn(a, UUID.aTable)).json());
      expect(await tableStatus()).toBe('occupied');
      // What a card order waiting for its money looks like (the board does not list it either).
      await t.database.query("update orders set payment_method = 'card', payment_status = 'unpaid' where id = $1", [
        order.id,
      ]);
      expect(await tableStatus()).toBe('free');
      await t.database.query("update orders set payment_method = 'cash' where id = $1", [order.id]);
      await clearTable();
    });

    it('refuses Free from staff while orders are open, in both languages, and a status staff chose stands until the last order ends', async () => {
      const order = orderSchema.parse((await dineIn(a, UUID.aTable)).json());
      const en = await setTable(cashier, 'free');
      expect(en.statusCode).toBe(409);
      expect(en.json().error).toEqual({
        code: 'table_has_open_orders',
        message: 'This table still has open orders: it becomes free when the last one is delivered or canceled',
      });
      const ar = await setTable(cashierAr, 'free');
      expect(ar.statusCode).toBe(409);
      expect(ar.json().error.message).toBe('على هذه الطاولة طلبات مفتوحة: تصبح متاحة عند تسليم آخرها أو إلغائه');
      // Check Printed while the last order is still open stands until it ends.
      expect((await setTable(cashier, 'check_printed')).statusCode).toBe(200);
      expect(await tableStatus()).toBe('check_printed');
      await deliver(order.id);
      // The party's status ended with its last order: Free for the next diners, stored so (placement reads it).
      expect(await tableStatus()).toBe('free');
      await clearTable();
    });

    it('frees a table staff marked Occupied or Check Printed when its last order completes or is canceled, not a Reserved one', async () => {
      const stored = async () =>
        (await t.database.query<{ status: string }>('select status from tables where id = $1', [table1]))[0]?.status;
      // Occupied set by staff, two orders: the first ending keeps it, the last (canceled) frees it.
      const first = orderSchema.parse((await dineIn(a, UUID.aTable)).json());
      const second = orderSchema.parse((await dineIn(a, UUID.aTable)).json());
      expect((await setTable(cashier, 'occupied')).statusCode).toBe(200);
      await deliver(first.id);
      expect(await stored()).toBe('occupied');
      expect((await move(second.id, 'canceled', 'left')).statusCode).toBe(200);
      expect(await stored()).toBe('free');
      expect(await tableStatus()).toBe('free');
      // A new party can order at once (a Check Printed table would refuse them).
      const next = orderSchema.parse((await dineIn(a, UUID.aTable)).json());
      expect((await setTable(cashier, 'check_printed')).statusCode).toBe(200);
      await deliver(next.id);
      expect(await stored()).toBe('free');
      // Reserved (for the next party) is not the ending party's: it stays.
      const last = orderSchema.parse((await dineIn(a, UUID.aTable)).json());
      await t.database.query("update tables set status = 'reserved' where id = $1", [table1]);
      await deliver(last.id);
      expect(await stored()).toBe('reserved');
      await clearTable();
    });

    it('frees the table once when its last two orders end at the same moment (PostgreSQL: side by side)', async () => {
      const orders = [
        orderSchema.parse((await dineIn(a, UUID.aTable)).json()),
        orderSchema.parse((await dineIn(a, UUID.aTable)).json()),
      ];
      expect((await setTable(cashier, 'check_printed')).statusCode).toBe(200);
      for (const o of orders) {
        for (const to of ['sent_to_kitchen', 'ready']) expect((await move(o.id, to)).statusCode).toBe(200);
      }
      const done = await Promise.all(orders.map((o) => move(o.id, 'delivered')));
      expect(done.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(await tableStatus()).toBe('free');
    });

    it('tells a watching board the table is Occupied when an order is placed at it, and Free when it ends', async () => {
      const stream = await openStream(`${base}/api/staff/orders/events/?branchId=${mainBranch}`, {
        cookie: cashier.jar.header(),
      });
      streams.push(stream);
      expect((await stream.next()).event).toBe('ready');
      const order = orderSchema.parse((await dineIn(a, UUID.aTable)).json());
      const occupied = tableSchema.parse((await stream.next('table_updated')).data);
      expect(occupied).toMatchObject({ id: table1, status: 'occupied' });
      expect((await move(order.id, 'canceled', 'left')).statusCode).toBe(200);
      const free = tableSchema.parse((await stream.next('table_updated')).data);
      expect(free).toMatchObject({ id: table1, status: 'free' });
      stream.close();
    });
  });

  describe('receive time', () => {
    it('refuses a dine-in receive time beyond today with a localized error, writing nothing; today is fine', async () => {
      const before = await sideRows();
      const tomorrow = new Date(Date.now() + 30 * 3_600_000).toISOString();
      const en = await dineIn(a, UUID.aTable, { receiveAt: tomorrow });
      expect(en.statusCode).toBe(422);
      expect(en.json().error).toMatchObject({
        code: 'dine_in_today_only',
        message: 'Dine-in orders are for today: choose a time today or order for pickup',
      });
      const arDiner = await diner(t, UUID.aMain, '0597000009', 'ar');
      const ar = await dineIn(arDiner, UUID.aTable, { receiveAt: tomorrow });
      expect(ar.statusCode).toBe(422);
      expect(ar.json().error.message).toBe('طلبات الأكل في المطعم لليوم فقط: اختر وقتًا اليوم أو اطلب للاستلام');
      expect(await sideRows()).toEqual(before);
      // Pickup may still be scheduled for tomorrow; dine-in now is taken.
      const pickup = await placeOrder(a, UUID.aMain, {
        orderType: 2,
        lines: waterLine(),
        paymentMethod: 'cash',
        receiveAt: tomorrow,
      });
      expect(pickup.statusCode, pickup.body).toBe(201);
      const now = await dineIn(a, UUID.aTable, { receiveAt: new Date().toISOString() });
      expect(now.statusCode, now.body).toBe(201);
      await clearTable();
    });
  });
});
