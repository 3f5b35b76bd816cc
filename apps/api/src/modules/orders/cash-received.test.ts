import { orderListResponse, orderSchema, staffOrderListResponse, staffOrderSchema } from '@sufra/shared/schemas/order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../../test/accounts.ts';
import { brandA, brandB, STAFF, UUID } from '../../../test/fixture-brands.ts';
import { diner, type MenuIds, menuIds, placeOrder } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const SECOND_CASHIER = { email: 'cashier-two@brand-a.test', password: 'cashier-pass-two' };

/**
 * Brand A with its second branch open and taking cash pickups, and a cashier who works there only: staff of the
 * same brand, outside the order's branch.
 */
const twoBranches = {
  ...brandA,
  branches: brandA.branches.map((b) =>
    b.key === 'a-closed'
      ? {
          ...b,
          openingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, opens: '00:00', closes: '00:00' })),
          paymentChoices: [{ method: 'cash' as const, name: { ar: 'نقدًا', en: 'Cash' }, orderTypes: [2 as const] }],
        }
      : b,
  ),
  staff: [
    ...(brandA.staff ?? []),
    { ...SECOND_CASHIER, name: 'Cashier Two', role: 'cashier' as const, branches: ['a-closed'] },
  ],
};

/** Issue 13, item 17: staff record the cash taken for a cash order, one tap on the board. */
describe('recording the cash taken for an order', () => {
  let t: TestApp;
  let ids: MenuIds;
  let a: Caller;
  const staffCaller = async (who: { email: string; password: string }, language = 'en') => {
    const c = caller(t, { language });
    const res = await c.call('POST', '/api/staff/auth/login/', who);
    expect(res.statusCode, res.body).toBe(200);
    return c;
  };
  const cashPickup = async (uuid: string = UUID.aMain) => {
    const res = await placeOrder(a, uuid, {
      orderType: 2,
      lines: [{ kind: 'product', itemId: ids.item('water'), quantity: 2 }],
      paymentMethod: 'cash',
    });
    expect(res.statusCode, res.body).toBe(201);
    return orderSchema.parse(res.json());
  };
  const receive = (c: Caller, id: number) => c.call('POST', `/api/staff/orders/${id}/cash-received/`);
  const stored = async (id: number) =>
    (
      await t.database.query<{
        payment_status: string;
        cash_received_at: Date | null;
        cash_received_by: number | null;
      }>('select payment_status, cash_received_at, cash_received_by from orders where id = $1', [id])
    )[0];

  beforeAll(async () => {
    t = await createTestApp({ brands: [twoBranches, brandB] });
    ids = await menuIds(t, UUID.aMain);
    a = await diner(t, UUID.aMain, '0590000201');
  });
  afterAll(() => t.close());

  it('marks a delivered cash order paid, with who and when, shown to the diner in the order and the history', async () => {
    const cashier = await staffCaller(STAFF.aCashier);
    const order = await cashPickup();
    for (const to of ['sent_to_kitchen', 'ready', 'delivered']) {
      expect((await cashier.call('PATCH', `/api/staff/orders/${order.id}/status/`, { to })).statusCode).toBe(200);
    }
    const before = orderSchema.parse((await a.call('GET', `/api/orders/${UUID.aMain}/${order.id}/`)).json());
    expect(before).toMatchObject({ status: 'delivered', paymentStatus: 'unpaid', cashReceivedAt: null });

    const res = await receive(cashier, order.id);
    expect(res.statusCode, res.body).toBe(200);
    const recorded = staffOrderSchema.parse(res.json());
    expect(recorded).toMatchObject({
      status: 'delivered',
      paymentStatus: 'paid',
      cashReceivedBy: { name: 'Cashier A' },
    });
    expect(recorded.cashReceivedAt).not.toBeNull();

    const [cashierRow] = await t.database.query<{ id: number }>('select id from staff_users where email = $1', [
      STAFF.aCashier.email,
    ]);
    expect(await stored(order.id)).toMatchObject({ payment_status: 'paid', cash_received_by: cashierRow?.id });

    const seen = orderSchema.parse((await a.call('GET', `/api/orders/${UUID.aMain}/${order.id}/`)).json());
    expect(seen).toMatchObject({ paymentStatus: 'paid', cashReceivedAt: recorded.cashReceivedAt });
    // The diner never sees which staff user it was.
    expect(seen).not.toHaveProperty('cashReceivedBy');
    const history = orderListResponse.parse((await a.call('GET', `/api/orders/${UUID.aMain}/`)).json());
    expect(history.orders.find((o) => o.id === order.id)).toMatchObject({
      paymentStatus: 'paid',
      cashReceivedAt: recorded.cashReceivedAt,
    });
    const board = staffOrderListResponse.parse((await cashier.call('GET', '/api/staff/orders/')).json());
    expect(board.orders.find((o) => o.id === order.id)?.cashReceivedBy?.name).toBe('Cashier A');
  });

  it('records it once: a second tap answers 409 in both languages and keeps the first record', async () => {
    const cashier = await staffCaller(STAFF.aCashier);
    const manager = await staffCaller(STAFF.aManager, 'ar');
    const order = await cashPickup();
    expect((await receive(cashier, order.id)).statusCode).toBe(200);
    const first = await stored(order.id);
    const again = await receive(manager, order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'cash_already_received',
      message: 'استلام النقد لهذا الطلب مسجّل بالفعل',
    });
    const inEnglish = await receive(cashier, order.id);
    expect(inEnglish.json().error.message).toBe('The cash for this order is already recorded');
    expect(await stored(order.id)).toEqual(first);
  });

  it('records it once when ten taps race (on PostgreSQL, side by side on a pool of 12)', async () => {
    const cashier = await staffCaller(STAFF.aCashier);
    const manager = await staffCaller(STAFF.aManager);
    const order = await cashPickup();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => receive(i % 2 === 0 ? cashier : manager, order.id)),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(
      statuses.filter((s) => s === 200),
      statuses.join(','),
    ).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json().error.code).toBe('cash_already_received');
    }
    const winner = staffOrderSchema.parse(results.find((r) => r.statusCode === 200)?.json());
    const row = await stored(order.id);
    expect(row?.cash_received_by).toBe(winner.cashReceivedBy?.id);
    expect(row?.cash_received_at?.toISOString()).toBe(winner.cashReceivedAt);
  });

  it('refuses a canceled order with 409, writing nothing', async () => {
    const cashier = await staffCaller(STAFF.aCashier);
    const order = await cashPickup();
    await cashier.call('PATCH', `/api/staff/orders/${order.id}/status/`, { to: 'canceled', reason: 'No rice' });
    const res = await receive(cashier, order.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'cash_not_receivable',
      message: "Cash can't be recorded for this order (it is canceled or not paid in cash)",
    });
    expect(await stored(order.id)).toMatchObject({ payment_status: 'unpaid', cash_received_at: null });
  });

  it('refuses a card order: 404 while unpaid (staff do not see it), 409 once paid by card', async () => {
    const cashier = await staffCaller(STAFF.aCashier);
    // No gateway runs behind this app: placement answers 502 with the order it wrote, unpaid.
    const placed = await placeOrder(a, UUID.aMain, {
      orderType: 2,
      lines: [{ kind: 'product', itemId: ids.item('water'), quantity: 1 }],
      paymentMethod: 'card',
    });
    const card = { id: Number(placed.json().id ?? placed.json().error?.details?.orderId) };
    expect(card.id).toBeGreaterThan(0);
    const unpaid = await receive(cashier, card.id);
    expect(unpaid.statusCode).toBe(404);
    await t.database.query("update orders set payment_status = 'paid' where id = $1", [card.id]);
    const paid = await receive(cashier, card.id);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error.code).toBe('cash_not_receivable');
    expect(await stored(card.id)).toMatchObject({ cash_received_at: null, cash_received_by: null });
  });

  it("is refused to a cashier of another branch and to another brand's staff (404), writing nothing", async () => {
    const order = await cashPickup();
    const otherBranch = await staffCaller(SECOND_CASHIER);
    const res = await receive(otherBranch, order.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('order_not_found');
    const otherBrand = await staffCaller(STAFF.bManager);
    expect((await receive(otherBrand, order.id)).statusCode).toBe(404);
    expect(await stored(order.id)).toMatchObject({ payment_status: 'unpaid', cash_received_at: null });
    // …while the second branch's cashier records an order of their own branch.
    const theirs = await cashPickup(UUID.aClosed);
    expect((await receive(otherBranch, theirs.id)).statusCode).toBe(200);
  });

  it('needs a staff session (a diner gets 401)', async () => {
    const order = await cashPickup();
    expect((await receive(a, order.id)).statusCode).toBe(401);
    expect((await receive(caller(t), order.id)).statusCode).toBe(401);
    expect(await stored(order.id)).toMatchObject({ payment_status: 'unpaid' });
  });
});
