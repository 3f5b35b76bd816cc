import { myRewardsResponse } from '@sufra/shared/schemas/loyalty';
import { orderSchema } from '@sufra/shared/schemas/order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../../test/accounts.ts';
import { STAFF, UUID } from '../../../test/fixture-brands.ts';
import { diner, type MenuIds, menuIds, newKey, placeOrder } from '../../../test/orders.ts';
import { cardsOf, completeOrder, createProgramme } from '../../../test/punch-cards.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * Issue 24 item 3: a discount reward (fixed or percent) in an order, like the free item: priced by the shared
 * pricing, claimed in the placement's transaction, given back on a cancel; and item 10: a free item's required
 * choices are the diner's, and the free line earns no punch.
 */
describe("a reward's discount in an order, and a free item's choices", () => {
  let t: TestApp;
  let ids: MenuIds;
  const clock = new Date('2026-04-01T09:00:00Z');
  let manager: Caller;
  let cashier: Caller;
  let tenOffId: number;
  let percentId: number;
  let juiceId: number;
  let phones = 0;
  const nextPhone = () => {
    phones += 1;
    return `+9665000041${String(phones).padStart(2, '0')}`;
  };

  const one = async <T>(sql: string, params: unknown[] = []) => {
    const [row] = await t.database.query<T>(sql, params);
    if (!row) throw new Error(`nothing for ${sql}`);
    return row;
  };
  const customerIdOf = async (phone: string, brand: string = UUID.aMain) =>
    (
      await one<{ id: number }>(
        `select c.id from customers c join branches b on b.brand_id = c.brand_id
         join qr_codes q on q.branch_id = b.id where c.phone = $1 and q.uuid = $2`,
        [phone, brand],
      )
    ).id;
  /** A diner granted `rewardId` by the manager: their caller, phone and the owned reward's id. */
  const dinerWith = async (rewardId: number) => {
    const phone = nextPhone();
    const c = await diner(t, UUID.aMain, phone);
    const granted = await manager.call('POST', `/api/staff/customers/${await customerIdOf(phone)}/rewards/`, {
      rewardId,
    });
    expect(granted.statusCode, granted.body).toBe(200);
    return { c, phone, ownedId: (granted.json() as { id: number }).id };
  };
  /** Small kabsas (SAR 35 each), cash pickup, with what else the body says. */
  const order = (c: Caller, extra: Record<string, unknown>, quantity = 1, key = newKey()) =>
    placeOrder(
      c,
      UUID.aMain,
      {
        orderType: 2,
        paymentMethod: 'cash',
        lines: [{ kind: 'product', itemId: ids.item('kabsa'), quantity, modifiers: [ids.option('Size', 'Small')] }],
        ...extra,
      },
      key,
    );
  const statusOf = async (c: Caller, ownedId: number) => {
    const res = await c.call('GET', `/api/loyalty/${UUID.aMain}/me/rewards/`);
    return myRewardsResponse.parse(res.json()).rewards.find((r) => r.id === ownedId);
  };
  const orderCount = async () => (await one<{ n: number }>('select count(*)::int as n from orders')).n;

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    ids = await menuIds(t, UUID.aMain);
    manager = caller(t);
    expect((await manager.call('POST', '/api/staff/auth/login/', STAFF.aManager)).statusCode).toBe(200);
    cashier = caller(t);
    expect((await cashier.call('POST', '/api/staff/auth/login/', STAFF.aCashier)).statusCode).toBe(200);
    tenOffId = (await one<{ id: number }>("select id from rewards where name_en = 'SAR 10 off'")).id;
    juiceId = (await one<{ id: number }>("select id from rewards where name_en = 'Free juice'")).id;
    // 20 % off, at most SAR 12 (the fixture has no percent reward).
    percentId = (
      await one<{ id: number }>(
        `insert into rewards (brand_id, shop, kind, name_ar, name_en, points_cost, percent_bp, max_discount_halalas)
         select brand_id, 'points', 'percent', 'خصم ٢٠٪', '20% off', 300, 2000, 1200 from rewards where id = $1
         returning id`,
        [tenOffId],
      )
    ).id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('takes a fixed reward off the lines, claims it with the order, and a cancel gives it back', async () => {
    const { c, ownedId } = await dinerWith(tenOffId);
    const res = await order(c, { rewardId: ownedId });
    expect(res.statusCode, res.body).toBe(201);
    const placed = orderSchema.parse(res.json());
    // Fixture brand A is VAT-inclusive: SAR 35 − SAR 10.
    expect(placed.lines).toHaveLength(1);
    expect(placed.pricing).toMatchObject({ subtotal: 3_500, totalDiscount: 1_000, total: 2_500 });
    expect(await statusOf(c, ownedId)).toMatchObject({ status: 'claimed' });
    expect(
      await one('select claimed_order_id, claimed_by_staff_id from customer_rewards where id = $1', [ownedId]),
    ).toEqual({ claimed_order_id: placed.id, claimed_by_staff_id: null });

    const again = await order(c, { rewardId: ownedId });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('reward_already_claimed');

    const cancel = await cashier.call('PATCH', `/api/staff/orders/${placed.id}/status/`, {
      to: 'canceled',
      reason: 'Kitchen closed early',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await statusOf(c, ownedId)).toMatchObject({ status: 'alive', claimedAt: null });
    expect((await order(c, { rewardId: ownedId })).statusCode).toBe(201);
  });

  it('takes a percent reward off up to its cap, then points on what is left; the server never reads client figures', async () => {
    const { c, phone, ownedId } = await dinerWith(percentId);
    const credit = await manager.call('POST', `/api/staff/customers/${await customerIdOf(phone)}/points/`, {
      points: 1_000,
      reason: 'Test credit',
    });
    expect(credit.statusCode).toBe(200);
    // 20 % of SAR 35 = SAR 7.
    const small = await order(c, { rewardId: ownedId, totalDiscount: 99_999, total: 1 });
    expect(small.statusCode, small.body).toBe(201);
    expect(orderSchema.parse(small.json()).pricing).toMatchObject({ totalDiscount: 700, total: 2_800 });
    await cashier.call('PATCH', `/api/staff/orders/${small.json().id}/status/`, { to: 'canceled', reason: 'Test' });
    // 20 % of SAR 105 = SAR 21, capped at SAR 12; then 100 points × 5 halalas.
    const big = await order(c, { rewardId: ownedId, points: 100 }, 3);
    expect(big.statusCode, big.body).toBe(201);
    expect(orderSchema.parse(big.json()).pricing).toMatchObject({ totalDiscount: 1_700, total: 8_800 });
  });

  it('refuses a reward not owned, used, expired, of another brand, a gift, or with a coupon, writing nothing', async () => {
    const owner = await dinerWith(tenOffId);
    const other = await diner(t, UUID.aMain, nextPhone());
    const before = await orderCount();
    const refused = async (c: Caller, extra: Record<string, unknown>, status: number, code: string) => {
      const res = await order(c, extra);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error.code).toBe(code);
      return res;
    };
    await refused(other, { rewardId: owner.ownedId }, 404, 'order_reward_not_found');

    // Another brand's reward, owned by a diner there.
    const phoneB = nextPhone();
    await diner(t, UUID.bMain, phoneB);
    const brandB = await customerIdOf(phoneB, UUID.bMain);
    const foreign = await one<{ id: number }>(
      `with r as (
         insert into rewards (brand_id, shop, kind, name_ar, name_en, amount_halalas)
         select brand_id, 'points', 'fixed', 'خصم', 'B off', 1000 from customers where id = $1 returning id, brand_id
       )
       insert into customer_rewards (brand_id, customer_id, reward_id, source, code, valid_from)
       select r.brand_id, $1, r.id, 'staff', 'BBBB2222', now() - interval '1 day' from r returning id`,
      [brandB],
    );
    await refused(owner.c, { rewardId: foreign.id }, 404, 'order_reward_not_found');

    const gift = (await one<{ id: number }>("select id from rewards where name_en = 'Gift'")).id;
    const giftOwner = await dinerWith(gift);
    const notForOrders = await refused(
      giftOwner.c,
      { rewardId: giftOwner.ownedId },
      422,
      'order_reward_not_for_orders',
    );
    expect(notForOrders.json().error.message).toBe(
      "This reward can't be used in an online order: show its code at the branch",
    );

    await manager.call('POST', '/api/staff/coupons/', {
      code: 'FIVEOFF',
      name: { ar: 'خصم', en: 'Five off' },
      kind: 'fixed',
      amountHalalas: 500,
    });
    const withCoupon = await refused(
      owner.c,
      { rewardId: owner.ownedId, couponCode: 'FIVEOFF' },
      422,
      'order_reward_with_coupon',
    );
    expect(withCoupon.json().error.message).toBe(
      "A reward's discount can't be combined with a coupon: choose one of them",
    );

    await t.database.query(
      "update customer_rewards set expires_at = $1::timestamptz - interval '1 minute' where id = $2",
      [clock.toISOString(), owner.ownedId],
    );
    await refused(owner.c, { rewardId: owner.ownedId }, 410, 'reward_expired');
    expect(await orderCount()).toBe(before);
    expect(await statusOf(owner.c, owner.ownedId)).toMatchObject({ claimedAt: null });

    const used = await dinerWith(tenOffId);
    expect((await order(used.c, { rewardId: used.ownedId })).statusCode).toBe(201);
    await refused(used.c, { rewardId: used.ownedId }, 409, 'reward_already_claimed');
  });

  it('answers a reward\'s code typed as a coupon with where to use it, not "This coupon doesn\'t exist"', async () => {
    const { c, ownedId } = await dinerWith(tenOffId);
    const code = (await statusOf(c, ownedId))?.code ?? '';
    expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    const lines = [
      { kind: 'product', itemId: ids.item('kabsa'), quantity: 1, modifiers: [ids.option('Size', 'Small')] },
    ];
    const checked = await c.call('POST', `/api/coupons/${UUID.aMain}/check/`, { code, orderType: 2, lines });
    expect(checked.statusCode, checked.body).toBe(422);
    expect(checked.json().error).toMatchObject({
      code: 'coupon_is_reward',
      message: 'This code is one of your rewards: add it to your order from My Rewards',
    });
    const placed = await order(c, { couponCode: code.toLowerCase() });
    expect(placed.json().error.code).toBe('coupon_is_reward');
    // Someone else typing it learns nothing of it.
    const other = await diner(t, UUID.aMain, nextPhone());
    const theirs = await other.call('POST', `/api/coupons/${UUID.aMain}/check/`, { code, orderType: 2, lines });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.code).toBe('coupon_not_found');
  });

  it('lets one of several concurrent orders use a discount reward; the others are refused and write no order', async () => {
    const { c, phone, ownedId } = await dinerWith(tenOffId);
    const results = await Promise.all(Array.from({ length: 6 }, () => order(c, { rewardId: ownedId })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 201)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().error.code).toBe('reward_already_claimed');
    }
    expect(
      await one<{ n: number }>('select count(*)::int as n from orders where customer_id = $1', [
        await customerIdOf(phone),
      ]),
    ).toEqual({ n: 1 });
  });

  describe("a free item's required choices", () => {
    beforeAll(async () => {
      // The free burger: its size is required (Small SAR 0, Large SAR 3), its extras optional.
      await t.database.query('update rewards set item_id = $1 where id = $2', [ids.item('burger'), juiceId]);
    });
    afterAll(async () => {
      await t.database.query(
        'update rewards set item_id = (select id from menu_items where slug = $1 limit 1) where id = $2',
        ['juice', juiceId],
      );
    });

    it("takes the diner's required choice; a dearer one costs only what it adds over its group's cheapest", async () => {
      const { c, ownedId } = await dinerWith(juiceId);
      const res = await order(c, { rewardId: ownedId, rewardModifiers: [ids.option('Size', 'Large')] });
      expect(res.statusCode, res.body).toBe(201);
      const placed = orderSchema.parse(res.json());
      const free = placed.lines[1];
      expect(free).toMatchObject({ itemId: ids.item('burger'), unitPriceHalalas: 300, total: 300 });
      expect(free?.modifiers).toMatchObject([{ optionId: ids.option('Size', 'Large'), priceHalalas: 300 }]);
      expect(placed.pricing).toMatchObject({ subtotal: 3_800, total: 3_800 });
    });

    it('refuses an optional extra, a missing required choice, or choices without a free item, writing nothing', async () => {
      const { c, ownedId } = await dinerWith(juiceId);
      const before = await orderCount();
      // Cheese is an optional extra (and sold out): not part of the reward.
      const extra = await order(c, {
        rewardId: ownedId,
        rewardModifiers: [ids.option('Size', 'Small'), ids.option('Extras', 'Cheese')],
      });
      expect(extra.statusCode, extra.body).toBe(422);
      expect(extra.json().error).toMatchObject({
        code: 'order_reward_choice_invalid',
        message: 'Choose only the required options of your free item',
      });
      const none = await order(c, { rewardId: ownedId, rewardModifiers: [] });
      expect(none.statusCode).toBe(400);
      expect(none.json().error.code).toBe('modifier_choice_count');
      const stray = await order(c, { rewardModifiers: [ids.option('Size', 'Small')] });
      expect(stray.statusCode).toBe(422);
      expect(stray.json().error.code).toBe('order_reward_choice_invalid');
      expect(await orderCount()).toBe(before);
      expect(await statusOf(c, ownedId)).toMatchObject({ claimedAt: null });
    });

    it('punches the bought burgers but not the free one', async () => {
      await createProgramme(manager, {
        name: { ar: 'بطاقة البرجر', en: 'Burger card' },
        itemIds: [ids.item('burger')],
        itemsCount: 5,
        rewardName: 'Free juice',
      });
      const { c, ownedId } = await dinerWith(juiceId);
      const res = await placeOrder(c, UUID.aMain, {
        orderType: 2,
        paymentMethod: 'cash',
        lines: [{ kind: 'product', itemId: ids.item('burger'), quantity: 2, modifiers: [ids.option('Size', 'Small')] }],
        rewardId: ownedId,
      });
      expect(res.statusCode, res.body).toBe(201);
      await completeOrder(cashier, orderSchema.parse(res.json()).id);
      const cards = await cardsOf(c);
      expect(cards.find((card) => card.programme.name.en === 'Burger card')).toMatchObject({ punches: 2 });
    });
  });
});
