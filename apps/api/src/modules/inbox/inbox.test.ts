import { notificationListResponse, notificationReadResponse } from '@sufra/shared/schemas/notifications';
import { orderSchema } from '@sufra/shared/schemas/order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../../test/accounts.ts';
import { STAFF, UUID } from '../../../test/fixture-brands.ts';
import { diner, type MenuIds, menuIds, placeOrder } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/** Issue 28 item 4 (the in-app inbox only): what a diner is told, written in the transaction of the change. */
describe("the diner's inbox", () => {
  let t: TestApp;
  let ids: MenuIds;
  let cashier: Caller;
  let manager: Caller;
  const staffCaller = async (who: { email: string; password: string }) => {
    const c = caller(t);
    expect((await c.call('POST', '/api/staff/auth/login/', who)).statusCode).toBe(200);
    return c;
  };
  /** Two waters (SAR 3 each), a cash pickup. */
  const waters = async (c: Caller) => {
    const res = await placeOrder(c, UUID.aMain, {
      orderType: 2,
      lines: [{ kind: 'product', itemId: ids.item('water'), quantity: 2 }],
      paymentMethod: 'cash',
    });
    expect(res.statusCode, res.body).toBe(201);
    return orderSchema.parse(res.json());
  };
  const move = async (id: number, to: string, reason?: string) => {
    const res = await cashier.call('PATCH', `/api/staff/orders/${id}/status/`, { to, ...(reason ? { reason } : {}) });
    expect(res.statusCode, res.body).toBe(200);
  };
  const inbox = async (c: Caller, uuid: string = UUID.aMain) => {
    const res = await c.call('GET', `/api/notifications/${uuid}/`);
    expect(res.statusCode, res.body).toBe(200);
    return notificationListResponse.parse(res.json());
  };
  const read = (c: Caller, body: Record<string, unknown> = {}) =>
    c.call('POST', `/api/notifications/${UUID.aMain}/read/`, body);

  beforeAll(async () => {
    t = await createTestApp();
    ids = await menuIds(t, UUID.aMain);
    cashier = await staffCaller(STAFF.aCashier);
    manager = await staffCaller(STAFF.aManager);
  });
  afterAll(() => t.close());

  it('tells the diner of each move of their order and the points it earned, newest first, unread', async () => {
    const a = await diner(t, UUID.aMain, '0590000291');
    expect(await inbox(a)).toEqual({ notifications: [], unread: 0 });
    const order = await waters(a);
    for (const to of ['sent_to_kitchen', 'ready', 'delivered']) await move(order.id, to);
    const { notifications, unread } = await inbox(a);
    expect(unread).toBe(4);
    expect(notifications.map((n) => [n.kind, n.params, n.orderId, n.read])).toEqual([
      // SAR 6 at 10 points per SAR.
      ['points_earned', { number: order.number, points: 60 }, order.id, false],
      ['order_status', { number: order.number, status: 'delivered' }, order.id, false],
      ['order_status', { number: order.number, status: 'ready' }, order.id, false],
      ['order_status', { number: order.number, status: 'sent_to_kitchen' }, order.id, false],
    ]);
  });

  it("says why an order was canceled, and nothing reaches another diner's inbox", async () => {
    const a = await diner(t, UUID.aMain, '0590000292');
    const other = await diner(t, UUID.aMain, '0590000293');
    const order = await waters(a);
    await move(order.id, 'canceled', 'Out of stock');
    const [canceled] = (await inbox(a)).notifications;
    expect(canceled).toMatchObject({
      kind: 'order_status',
      params: { number: order.number, status: 'canceled', reason: 'Out of stock' },
    });
    expect(await inbox(other)).toEqual({ notifications: [], unread: 0 });
  });

  it('tells the diner of a reward granted to them, with its names', async () => {
    const a = await diner(t, UUID.aMain, '0590000294');
    const [row] = await t.database.query<{ customer: number; gift: number }>(
      `select (select id from customers where phone = '+966590000294') as customer,
        (select id from rewards where name_en = 'Gift') as gift`,
    );
    const granted = await manager.call('POST', `/api/staff/customers/${row?.customer}/rewards/`, {
      rewardId: row?.gift,
    });
    expect(granted.statusCode, granted.body).toBe(200);
    const [notice] = (await inbox(a)).notifications;
    expect(notice).toMatchObject({ kind: 'reward_unlocked', params: { rewardId: row?.gift, rewardEn: 'Gift' } });
  });

  it('marks read one at a time or all at once; another diner cannot mark theirs (404, nothing marked)', async () => {
    const a = await diner(t, UUID.aMain, '0590000295');
    const other = await diner(t, UUID.aMain, '0590000296');
    const order = await waters(a);
    for (const to of ['sent_to_kitchen', 'ready']) await move(order.id, to);
    const [newest, older] = (await inbox(a)).notifications;
    if (!newest || !older) throw new Error('two notifications expected');

    const refused = await read(other, { ids: [newest.id] });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('notification_not_found');
    // One of the diner's own and one of another's together: refused as a whole, nothing marked.
    const mixed = await read(a, { ids: [newest.id, 2_000_000_000] });
    expect(mixed.statusCode).toBe(404);
    expect((await inbox(a)).unread).toBe(2);

    const one = await read(a, { ids: [newest.id] });
    expect(one.statusCode, one.body).toBe(200);
    expect(notificationReadResponse.parse(one.json())).toEqual({ unread: 1 });
    const after = await inbox(a);
    expect(after.notifications.map((n) => n.read)).toEqual([true, false]);

    expect(notificationReadResponse.parse((await read(a)).json())).toEqual({ unread: 0 });
    expect((await read(a, { ids: [] })).statusCode).toBe(400);
  });

  it("is per brand: a diner's inbox at another brand's QR code needs a session there", async () => {
    const a = await diner(t, UUID.aMain, '0590000297');
    await waters(a);
    expect((await a.call('GET', `/api/notifications/${UUID.bMain}/`)).statusCode).toBe(401);
    expect((await caller(t).call('GET', `/api/notifications/${UUID.aMain}/`)).statusCode).toBe(401);
    const atB = await diner(t, UUID.bMain, '0590000298');
    expect(await inbox(atB, UUID.bMain)).toEqual({ notifications: [], unread: 0 });
  });
});
