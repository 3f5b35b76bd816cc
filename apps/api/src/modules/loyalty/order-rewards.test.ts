import { buyRewardResponse, myRewardsResponse } from '@sufra/shared/schemas/loyalty';
import { orderSchema } from '@sufra/shared/schemas/order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../../test/accounts.ts';
import { STAFF, UUID } from '../../../test/fixture-brands.ts';
import { diner, type MenuIds, menuIds, newKey, placeOrder } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

describe("a reward's free item in an order", () => {
  let t: TestApp;
  let ids: MenuIds;
  const clock = new Date('2026-04-01T09:00:00Z');
  let manager: Caller;
  let cashier: Caller;
  let juiceId: number;

  const one = async <T>(sql: string, params: unknown[] = []) => {
    const [row] = await t.database.query<T>(sql, params);
    if (!row) throw new Error(`nothing for ${sql}`);
    return row;
  };
  /** A diner who bought the free juice with 100 points: their caller and the owned reward's id. */
  const dinerWithJuice = async (phone: string) => {
    const c = await diner(t, UUID.aMain, phone);
    const customerId = (await one<{ id: number }>('select id from customers where phone = $1', [phone])).id;
    const credit = await manager.call('POST', `/api/staff/customers/${customerId}/points/`, {
      points: 100,
      reason: 'Test credit',
    });
    expect(credit.statusCode).toBe(200);
    const res = await c.call('POST', `/api/loyalty/${UUID.aMain}/shop/${juiceId}/buy/?shop=points`);
    expect(res.statusCode).toBe(200);
    return { c, ownedId: buyRewardResponse.parse(res.json()).owned.id };
  };
  /** One small kabsa (SAR 35), cash pickup, with the reward. */
  const order = (c: Caller, rewardId: number | undefined, key = newKey()) =>
    placeOrder(
      c,
      UUID.aMain,
      {
        orderType: 2,
        paymentMethod: 'cash',
        lines: [{ kind: 'product', itemId: ids.item('kabsa'), quantity: 1, modifiers: [ids.option('Size', 'Small')] }],
        ...(rewardId === undefined ? {} : { rewardId }),
      },
      key,
    );
  const statusOf = async (c: Caller, ownedId: number) => {
    const res = await c.call('GET', `/api/loyalty/${UUID.aMain}/me/rewards/`);
    return myRewardsResponse.parse(res.json()).rewards.find((r) => r.id === ownedId);
  };

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    ids = await menuIds(t, UUID.aMain);
    manager = caller(t);
    expect((await manager.call('POST', '/api/staff/auth/login/', STAFF.aManager)).statusCode).toBe(200);
    cashier = caller(t);
    expect((await cashier.call('POST', '/api/staff/auth/login/', STAFF.aCashier)).statusCode).toBe(200);
    juiceId = (await one<{ id: number }>("select id from rewards where name_en = 'Free juice'")).id;
    // The juice is sold out at the main branch: the free reward gives water there (a sold-out one is refused below).
    await t.database.query('update rewards set item_id = $1 where id = $2', [ids.item('water'), juiceId]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives an item that asks for a choice with its cheapest options, the whole line free', async () => {
    // The free kabsa: its size is required (Small SAR 0, Large more): the reward names the item, not its size.
    await t.database.query('update rewards set item_id = $1 where id = $2', [ids.item('kabsa'), juiceId]);
    try {
      const { c, ownedId } = await dinerWithJuice('+966500003099');
      const res = await order(c, ownedId);
      expect(res.statusCode, res.body).toBe(201);
      const free = orderSchema.parse(res.json()).lines[1];
      expect(free).toMatchObject({ itemId: ids.item('kabsa'), unitPriceHalalas: 0, total: 0 });
      expect(free?.modifiers.map((m) => m.optionId)).toEqual([ids.option('Size', 'Small')]);
      expect(free?.modifiers.every((m) => m.priceHalalas === 0)).toBe(true);
    } finally {
      await t.database.query('update rewards set item_id = $1 where id = $2', [ids.item('water'), juiceId]);
    }
  });

  it('adds the free item at no price and claims the reward with the order; a cancel gives it back', async () => {
    const { c, ownedId } = await dinerWithJuice('+966500003001');
    const res = await order(c, ownedId);
    expect(res.statusCode, res.body).toBe(201);
    const placed = orderSchema.parse(res.json());
    expect(placed.lines).toHaveLength(2);
    expect(placed.lines[1]).toMatchObject({ itemId: ids.item('water'), quantity: 1, unitPriceHalalas: 0, total: 0 });
    expect(placed.pricing).toMatchObject({ subtotal: 3_500, total: 3_500 });
    expect(await statusOf(c, ownedId)).toMatchObject({ status: 'claimed' });
    const claim = await one<{ claimed_order_id: number; claimed_branch_id: number; claimed_by_staff_id: null }>(
      'select claimed_order_id, claimed_branch_id, claimed_by_staff_id from customer_rewards where id = $1',
      [ownedId],
    );
    expect(claim).toMatchObject({ claimed_order_id: placed.id, claimed_by_staff_id: null });

    // Used: a second order with it is refused, and writes nothing.
    const again = await order(c, ownedId);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('reward_already_claimed');

    const cancel = await cashier.call('PATCH', `/api/staff/orders/${placed.id}/status/`, {
      to: 'canceled',
      reason: 'Kitchen closed early',
    });
    expect(cancel.statusCode).toBe(200);
    expect(await statusOf(c, ownedId)).toMatchObject({ status: 'available', claimedAt: null });
    expect((await order(c, ownedId)).statusCode).toBe(201);
  });

  it("answers another diner's reward as not found, an expired one 410, a gift or sold-out item 422, writing nothing", async () => {
    const owner = await dinerWithJuice('+966500003002');
    const other = await diner(t, UUID.aMain, '+966500003003');
    const foreign = await order(other, owner.ownedId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('order_reward_not_found');
    const unknown = await order(other, 2_000_000);
    expect(unknown.statusCode).toBe(404);

    // A gift is handed over at the branch, not ordered (a discount reward is: order-reward-discounts.test.ts).
    const customerId = (await one<{ id: number }>("select id from customers where phone = '+966500003002'")).id;
    const gift = (await one<{ id: number }>("select id from rewards where name_en = 'Gift'")).id;
    const granted = await manager.call('POST', `/api/staff/customers/${customerId}/rewards/`, { rewardId: gift });
    expect(granted.statusCode).toBe(200);
    const notItem = await order(owner.c, (granted.json() as { id: number }).id);
    expect(notItem.statusCode).toBe(422);
    expect(notItem.json().error.code).toBe('order_reward_not_for_orders');

    const before = await one<{ n: number }>('select count(*)::int as n from orders');
    await t.database.query('update rewards set item_id = $1 where id = $2', [ids.item('juice'), juiceId]);
    try {
      const soldOut = await order(owner.c, owner.ownedId);
      expect(soldOut.statusCode).toBe(422);
      expect(soldOut.json().error.code).toBe('order_reward_item_not_here');
    } finally {
      await t.database.query('update rewards set item_id = $1 where id = $2', [ids.item('water'), juiceId]);
    }
    await t.database.query(
      "update customer_rewards set expires_at = $1::timestamptz - interval '1 minute' where id = $2",
      [clock.toISOString(), owner.ownedId],
    );
    const expired = await order(owner.c, owner.ownedId);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.code).toBe('reward_expired');
    expect(await one<{ n: number }>('select count(*)::int as n from orders')).toEqual(before);
    expect(await statusOf(owner.c, owner.ownedId)).toMatchObject({ claimedAt: null });
  });

  it('lets one of several concurrent orders use a reward; the others are refused and write no order', async () => {
    const { c, ownedId } = await dinerWithJuice('+966500003004');
    const results = await Promise.all(Array.from({ length: 6 }, () => order(c, ownedId)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 201)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().error.code).toBe('reward_already_claimed');
    }
    const customerId = (await one<{ id: number }>("select id from customers where phone = '+966500003004'")).id;
    expect(
      await one<{ n: number }>('select count(*)::int as n from orders where customer_id = $1', [customerId]),
    ).toEqual({ n: 1 });
  });
});
