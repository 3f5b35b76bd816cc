import { myRewardsResponse } from '@sufra/shared/schemas/loyalty';
import { punchHistoryResponse, staffPunchProgrammesResponse } from '@sufra/shared/schemas/punch-cards';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller, signIn } from '../../../test/accounts.ts';
import { STAFF, UUID } from '../../../test/fixture-brands.ts';
import { diner, type MenuIds, menuIds } from '../../../test/orders.ts';
import { cardsOf, completeOrder, createProgramme, orderOf } from '../../../test/punch-cards.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createOrderLifecycle } from '../../core/order-lifecycle.service.ts';
import { orders } from '../../db/schema/orders.ts';
import { subscribePunchCards } from './punch-cards.reactions.ts';

describe('punch cards', () => {
  let t: TestApp;
  let ids: MenuIds;
  let cashier: Caller;
  let manager: Caller;
  let programmeId: number;

  /** Raises a moment as the code that makes it true does, with punch cards' real reactions on the real database. */
  const raise = (moment: 'completed' | 'refunded', orderId: number) => {
    const lifecycle = createOrderLifecycle();
    subscribePunchCards(lifecycle);
    return t.db.transaction(async (tx) => {
      const [row] = await tx.select().from(orders).where(eq(orders.id, orderId));
      if (!row) throw new Error('no order');
      await lifecycle.raise(tx, { moment, order: row, at: new Date() });
    });
  };
  const kabsaCard = async (c: Caller) => {
    const card = (await cardsOf(c)).find(
      (x) => x.programme.id === programmeId && (x.status === 'no_punches' || x.status === 'partially_punched'),
    );
    if (!card) throw new Error('no card in progress');
    return card;
  };
  /** A diner signed in from their own address (codes are limited per address, and this file signs many in). */
  const dinerFrom = async (ip: string, phone: string) => {
    const c = caller(t, { ip });
    expect((await signIn(t, c, UUID.aMain, phone, { fullName: `Diner ${phone}` })).statusCode).toBe(200);
    return c;
  };
  const myRewards = async (c: Caller) =>
    myRewardsResponse.parse((await c.call('GET', `/api/loyalty/${UUID.aMain}/me/rewards/`)).json()).rewards;

  beforeAll(async () => {
    t = await createTestApp();
    ids = await menuIds(t, UUID.aMain);
    cashier = caller(t);
    expect((await cashier.call('POST', '/api/staff/auth/login/', STAFF.aCashier)).statusCode).toBe(200);
    manager = caller(t);
    expect((await manager.call('POST', '/api/staff/auth/login/', STAFF.aManager)).statusCode).toBe(200);
    // Kabsas by item and every drink by category, 4 to a card, the free juice as the reward.
    programmeId = (
      await createProgramme(manager, {
        itemIds: [ids.item('kabsa')],
        categoryIds: [ids.menu.items.find((i) => i.slug === 'water')?.categoryId ?? 0],
        rewardName: 'Free juice',
      })
    ).id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('offers an empty card to a diner who has not ordered yet, and to nobody signed in', async () => {
    const anonymous = await cardsOf(caller(t));
    expect(anonymous).toEqual([expect.objectContaining({ id: null, punches: 0, itemsCount: 4, status: 'no_punches' })]);
    const me = await diner(t, UUID.aMain, '+966500003101');
    expect(await kabsaCard(me)).toMatchObject({ id: null, status: 'no_punches' });
  });

  it('punches once per qualifying item when the order is handed over: quantity counts, other items do not', async () => {
    const me = await diner(t, UUID.aMain, '+966500003102');
    const placed = await orderOf(me, ids, [
      { slug: 'kabsa', quantity: 2 },
      { slug: 'burger', quantity: 3 },
      { slug: 'water', quantity: 1 },
    ]);
    for (const to of ['sent_to_kitchen', 'ready']) {
      await cashier.call('PATCH', `/api/staff/orders/${placed.id}/status/`, { to });
    }
    expect((await kabsaCard(me)).punches).toBe(0);
    expect(
      (await cashier.call('PATCH', `/api/staff/orders/${placed.id}/status/`, { to: 'delivered' })).statusCode,
    ).toBe(200);
    const card = await kabsaCard(me);
    expect(card).toMatchObject({ punches: 3, itemsCount: 4, status: 'partially_punched' });
    // Punches History: the order, with its number and what it added.
    const history = punchHistoryResponse.parse(
      (await me.call('GET', `/api/loyalty/${UUID.aMain}/me/punch-cards/${card.id}/history/`)).json(),
    );
    expect(history.punches).toEqual([
      expect.objectContaining({ orderId: placed.id, orderNumber: placed.number, count: 3, takenBackAt: null }),
    ]);
  });

  it('punches nothing for a canceled order or one without qualifying items', async () => {
    const me = await diner(t, UUID.aMain, '+966500003103');
    const canceled = await orderOf(me, ids, [{ slug: 'kabsa', quantity: 2 }]);
    const res = await cashier.call('PATCH', `/api/staff/orders/${canceled.id}/status/`, {
      to: 'canceled',
      reason: 'Out of rice',
    });
    expect(res.statusCode).toBe(200);
    const other = await orderOf(me, ids, [{ slug: 'burger', quantity: 2 }]);
    await completeOrder(cashier, other.id);
    expect(await kabsaCard(me)).toMatchObject({ id: null, punches: 0, status: 'no_punches' });
  });

  it('issues the reward into My Rewards when the card fills, and starts the next card with the extra punches', async () => {
    const me = await diner(t, UUID.aMain, '+966500003104');
    await completeOrder(cashier, (await orderOf(me, ids, [{ slug: 'kabsa', quantity: 3 }])).id);
    expect(await myRewards(me)).toEqual([]);
    await completeOrder(cashier, (await orderOf(me, ids, [{ slug: 'kabsa', quantity: 3 }])).id);
    const cards = await cardsOf(me);
    const full = cards.find((c) => c.status === 'fully_punched');
    expect(full).toMatchObject({ punches: 4, itemsCount: 4 });
    expect(await kabsaCard(me)).toMatchObject({ punches: 2, status: 'partially_punched' });
    const rewards = await myRewards(me);
    expect(rewards).toEqual([
      expect.objectContaining({ id: full?.ownedRewardId, source: 'punch_card', status: 'available' }),
    ]);
    expect(rewards[0]?.reward.name.en).toBe('Free juice');
  });

  it('fills several cards from one big order', async () => {
    const me = await diner(t, UUID.aMain, '+966500003105');
    await completeOrder(cashier, (await orderOf(me, ids, [{ slug: 'kabsa', quantity: 9 }])).id);
    const cards = await cardsOf(me);
    expect(cards.filter((c) => c.status === 'fully_punched')).toHaveLength(2);
    expect(await kabsaCard(me)).toMatchObject({ punches: 1 });
    expect(await myRewards(me)).toHaveLength(2);
  });

  it('punches an order once however many times its completion is raised', async () => {
    const me = await diner(t, UUID.aMain, '+966500003106');
    const placed = await orderOf(me, ids, [{ slug: 'kabsa', quantity: 2 }]);
    await completeOrder(cashier, placed.id);
    await raise('completed', placed.id);
    await raise('completed', placed.id);
    expect((await kabsaCard(me)).punches).toBe(2);
  });

  it('takes a refunded order’s punches back, and the reward it issued while not yet redeemed', async () => {
    const me = await diner(t, UUID.aMain, '+966500003107');
    const first = await orderOf(me, ids, [{ slug: 'kabsa', quantity: 2 }]);
    await completeOrder(cashier, first.id);
    const second = await orderOf(me, ids, [{ slug: 'kabsa', quantity: 3 }]);
    await completeOrder(cashier, second.id);
    expect(await myRewards(me)).toHaveLength(1);
    await raise('refunded', second.id);
    // Twice is once.
    await raise('refunded', second.id);
    expect(await myRewards(me)).toEqual([]);
    const cards = await cardsOf(me);
    expect(cards.filter((c) => c.status === 'fully_punched' || c.status === 'completed')).toEqual([]);
    // The first card is back to the first order's two punches; the second card's one punch was taken back.
    expect(await kabsaCard(me)).toMatchObject({ punches: 2, status: 'partially_punched' });
    const card = await kabsaCard(me);
    const history = punchHistoryResponse.parse(
      (await me.call('GET', `/api/loyalty/${UUID.aMain}/me/punch-cards/${card.id}/history/`)).json(),
    );
    expect(history.punches.map((p) => [p.orderId, p.count, p.takenBackAt !== null])).toEqual([
      [second.id, 2, true],
      [first.id, 2, false],
    ]);
    // The next order fills the reopened card first.
    await completeOrder(cashier, (await orderOf(me, ids, [{ slug: 'kabsa', quantity: 2 }])).id);
    expect(await myRewards(me)).toHaveLength(1);
  });

  it('keeps a reward already redeemed, and its card, when the order that filled it is refunded', async () => {
    const phone = '+966500003108';
    const me = await diner(t, UUID.aMain, phone);
    const placed = await orderOf(me, ids, [{ slug: 'kabsa', quantity: 4 }]);
    await completeOrder(cashier, placed.id);
    const [owned] = await myRewards(me);
    if (!owned) throw new Error('no reward');
    const branchId = t.seeded.get('test-brand-a')?.branchIds['a-main'];
    const redeemed = await cashier.call('POST', '/api/staff/redemptions/', {
      code: owned.code,
      phone: { phone_number: phone },
      branchId,
    });
    expect(redeemed.statusCode).toBe(200);
    await raise('refunded', placed.id);
    expect(await myRewards(me)).toEqual([expect.objectContaining({ id: owned.id, status: 'claimed' })]);
    expect((await cardsOf(me)).filter((c) => c.status === 'completed')).toHaveLength(1);
  });

  it('moves a card through the statuses: fully punched while its reward waits, completed once the reward is used', async () => {
    const phone = '+966500003121';
    const me = await dinerFrom('10.0.31.1', phone);
    expect(await kabsaCard(me)).toMatchObject({ id: null, status: 'no_punches' });
    await completeOrder(cashier, (await orderOf(me, ids, [{ slug: 'kabsa', quantity: 1 }])).id);
    const started = await kabsaCard(me);
    expect(started).toMatchObject({ punches: 1, status: 'partially_punched' });
    await completeOrder(cashier, (await orderOf(me, ids, [{ slug: 'kabsa', quantity: 3 }])).id);
    // Every punch collected: the card is fully punched, its reward in My Rewards, not used yet.
    const full = (await cardsOf(me)).find((c) => c.id === started.id);
    expect(full).toMatchObject({ punches: 4, status: 'fully_punched' });
    const [owned] = await myRewards(me);
    expect(owned).toMatchObject({ id: full?.ownedRewardId, status: 'available' });
    const history = (id: number | null) => me.call('GET', `/api/loyalty/${UUID.aMain}/me/punch-cards/${id}/history/`);
    expect(punchHistoryResponse.parse((await history(started.id)).json()).card.status).toBe('fully_punched');
    // The cashier redeems the reward: the card is completed.
    const redeemed = await cashier.call('POST', '/api/staff/redemptions/', {
      code: owned?.code,
      phone: { phone_number: phone },
      branchId: t.seeded.get('test-brand-a')?.branchIds['a-main'],
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect((await cardsOf(me)).find((c) => c.id === started.id)).toMatchObject({ status: 'completed' });
    expect(punchHistoryResponse.parse((await history(started.id)).json()).card.status).toBe('completed');
  });

  it('shows a full card whose reward lapsed unused as expired', async () => {
    const me = await dinerFrom('10.0.31.2', '+966500003122');
    await completeOrder(cashier, (await orderOf(me, ids, [{ slug: 'kabsa', quantity: 4 }])).id);
    const full = (await cardsOf(me)).find((c) => c.status === 'fully_punched');
    expect(full?.ownedRewardId).toEqual(expect.any(Number));
    await t.database.query("update customer_rewards set expires_at = now() - interval '1 minute' where id = $1", [
      full?.ownedRewardId,
    ]);
    expect((await cardsOf(me)).find((c) => c.id === full?.id)).toMatchObject({ status: 'expired', punches: 4 });
  });

  it('expires a card whose days ran out: its punches no longer count and the next order starts a new card', async () => {
    const me = await diner(t, UUID.aMain, '+966500003109');
    await completeOrder(cashier, (await orderOf(me, ids, [{ slug: 'kabsa', quantity: 3 }])).id);
    const before = await kabsaCard(me);
    // Thirty days later, as far as the card can tell.
    await t.database.query(
      "update punch_cards set started_at = started_at - interval '31 days', expires_at = now() - interval '1 day' where id = $1",
      [before.id],
    );
    const expired = (await cardsOf(me)).find((c) => c.id === before.id);
    expect(expired).toMatchObject({ punches: 3, status: 'expired' });
    expect(await kabsaCard(me)).toMatchObject({ id: null, status: 'no_punches' });
    await completeOrder(cashier, (await orderOf(me, ids, [{ slug: 'kabsa', quantity: 2 }])).id);
    const fresh = await kabsaCard(me);
    expect(fresh).toMatchObject({ punches: 2, status: 'partially_punched' });
    expect(fresh.id).not.toBe(before.id);
    expect(await myRewards(me)).toEqual([]);
  });

  it('shows another diner’s card history as not found', async () => {
    const me = await diner(t, UUID.aMain, '+966500003110');
    await completeOrder(cashier, (await orderOf(me, ids, [{ slug: 'kabsa', quantity: 1 }])).id);
    const card = await kabsaCard(me);
    const other = await diner(t, UUID.aMain, '+966500003111');
    const res = await other.call('GET', `/api/loyalty/${UUID.aMain}/me/punch-cards/${card.id}/history/`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('punch_card_not_found');
  });

  describe('managers’ programmes', () => {
    const list = async (c: Caller) =>
      staffPunchProgrammesResponse.parse((await c.call('GET', '/api/staff/punch-programmes/')).json());

    it('lists programmes with their cards in progress and completed', async () => {
      const answer = await list(manager);
      const ours = answer.programmes.find((p) => p.id === programmeId);
      expect(ours?.completedCards).toBeGreaterThanOrEqual(1);
      expect(ours?.activeCards).toBeGreaterThanOrEqual(1);
      expect(answer.items.map((i) => i.name.en)).toContain('Chicken kabsa');
      expect(answer.rewards.map((r) => r.name.en)).toContain('Free juice');
    });

    it('refuses cashiers and signed-out callers', async () => {
      expect((await cashier.call('GET', '/api/staff/punch-programmes/')).statusCode).toBe(403);
      expect((await caller(t).call('GET', '/api/staff/punch-programmes/')).statusCode).toBe(401);
      const body = { name: { ar: 'أ', en: 'A' }, itemIds: [ids.item('water')], itemsCount: 5, daysToComplete: 10 };
      expect((await cashier.call('POST', '/api/staff/punch-programmes/', { ...body, rewardId: 1 })).statusCode).toBe(
        403,
      );
    });

    it('refuses bad programmes with a clear message in both languages, writing nothing', async () => {
      const { rewards } = await list(manager);
      const rewardId = rewards[0]?.id ?? 0;
      const good = {
        name: { ar: 'بطاقة الماء', en: 'Water card' },
        itemIds: [ids.item('water')],
        categoryIds: [],
        itemsCount: 5,
        daysToComplete: 10,
        rewardId,
      };
      const before = (await list(manager)).programmes.length;
      const none = await manager.call('POST', '/api/staff/punch-programmes/', { ...good, itemIds: [] });
      expect(none.statusCode).toBe(400);
      expect(none.json().error).toMatchObject({
        code: 'punch_qualifying_required',
        message: 'Choose at least one item or category that earns a punch',
      });
      const arabic = caller(t, { language: 'ar' });
      await arabic.call('POST', '/api/staff/auth/login/', STAFF.aManager);
      const unknown = await arabic.call('POST', '/api/staff/punch-programmes/', { ...good, itemIds: [999_999] });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error).toMatchObject({
        code: 'punch_item_unknown',
        message: 'أحد الأصناف أو الفئات المختارة غير موجود في قائمة هذا المطعم',
      });
      // Brand B's shawarma is not brand A's item.
      const shawarma = (await menuIds(t, UUID.bMain)).item('shawarma');
      expect(
        (await manager.call('POST', '/api/staff/punch-programmes/', { ...good, itemIds: [shawarma] })).statusCode,
      ).toBe(400);
      const badReward = await manager.call('POST', '/api/staff/punch-programmes/', { ...good, rewardId: 999_999 });
      expect(badReward.json().error.code).toBe('punch_reward_unknown');
      for (const itemsCount of [1, 51, 2.5]) {
        expect((await manager.call('POST', '/api/staff/punch-programmes/', { ...good, itemsCount })).statusCode).toBe(
          400,
        );
      }
      expect(
        (await manager.call('POST', '/api/staff/punch-programmes/', { ...good, daysToComplete: 0 })).statusCode,
      ).toBe(400);
      expect(
        (await manager.call('POST', '/api/staff/punch-programmes/', { ...good, name: { ar: ' ', en: 'x' } }))
          .statusCode,
      ).toBe(400);
      expect((await list(manager)).programmes.length).toBe(before);
    });

    it('edits a programme: cards already started keep their count, the next card follows the new one', async () => {
      const water = await createProgramme(manager, {
        name: { ar: 'بطاقة الماء', en: 'Water card' },
        itemIds: [ids.item('water')],
        itemsCount: 3,
        rewardName: 'Gift',
      });
      const me = await diner(t, UUID.aMain, '+966500003112');
      await completeOrder(cashier, (await orderOf(me, ids, [{ slug: 'water', quantity: 1 }])).id);
      const edited = await manager.call('PUT', `/api/staff/punch-programmes/${water.id}/`, {
        name: { ar: 'بطاقة الماء', en: 'Water card' },
        itemIds: [ids.item('water')],
        itemsCount: 6,
        daysToComplete: 30,
        rewardId: water.rewardId,
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({ itemsCount: 6, activeCards: 1 });
      const card = (await cardsOf(me)).find((c) => c.programme.id === water.id);
      expect(card).toMatchObject({ punches: 1, itemsCount: 3 });
      // Switched off: no longer offered, nor punched.
      const off = await manager.call('PUT', `/api/staff/punch-programmes/${water.id}/`, {
        name: { ar: 'بطاقة الماء', en: 'Water card' },
        itemIds: [ids.item('water')],
        itemsCount: 6,
        daysToComplete: 30,
        rewardId: water.rewardId,
        isActive: false,
      });
      expect(off.statusCode).toBe(200);
      expect((await cardsOf(caller(t))).map((c) => c.programme.id)).toEqual([programmeId]);
    });

    it("answers 404 for another brand's programme", async () => {
      const b = caller(t);
      expect((await b.call('POST', '/api/staff/auth/login/', STAFF.bManager)).statusCode).toBe(200);
      const res = await b.call('PUT', `/api/staff/punch-programmes/${programmeId}/`, {
        name: { ar: 'س', en: 'X' },
        itemIds: [1],
        itemsCount: 5,
        daysToComplete: 5,
        rewardId: 1,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('punch_programme_not_found');
    });
  });
});
