import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from './accounts.ts';
import { STAFF, UUID } from './fixture-brands.ts';
import { diner, type MenuIds, menuIds } from './orders.ts';
import { cardsOf, createProgramme, orderOf } from './punch-cards.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Punches under concurrent completions (issue 16). Meaningful on PostgreSQL, where the test app's pool of 12
 * connections runs the completions side by side; on PGlite they run one at a time and the same must hold.
 */
describe('punch cards under concurrent completions', () => {
  let t: TestApp;
  let ids: MenuIds;
  let programmeId: number;
  const cashiers: Caller[] = [];

  const move = (c: Caller, id: number, to: string) => c.call('PATCH', `/api/staff/orders/${id}/status/`, { to });
  const punchesOf = async (customerPhone: string) => {
    const rows = await t.database.query<{ punches: number; completed: number; cards: number; rewards: number }>(
      `select coalesce(sum(c.punches), 0)::int as punches,
              count(*) filter (where c.completed_at is not null)::int as completed,
              count(*)::int as cards,
              (select count(*)::int from customer_rewards r where r.customer_id = cu.id and r.source = 'punch_card') as rewards
         from customers cu left join punch_cards c on c.customer_id = cu.id and c.programme_id = $2
        where cu.phone = $1 group by cu.id`,
      [customerPhone, programmeId],
    );
    const [row] = rows;
    if (!row) throw new Error('no customer');
    return row;
  };

  beforeAll(async () => {
    t = await createTestApp();
    ids = await menuIds(t, UUID.aMain);
    const manager = caller(t);
    expect((await manager.call('POST', '/api/staff/auth/login/', STAFF.aManager)).statusCode).toBe(200);
    programmeId = (await createProgramme(manager, { itemIds: [ids.item('kabsa')], itemsCount: 5, rewardName: 'Gift' }))
      .id;
    // Several staff sessions, each its own connection's worth of requests.
    for (let i = 0; i < 4; i += 1) {
      const c = caller(t, { ip: `10.0.0.${i + 1}` });
      expect((await c.call('POST', '/api/staff/auth/login/', STAFF.aCashier)).statusCode).toBe(200);
      cashiers.push(c);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('punches an order once when it is handed over from several connections at once', async () => {
    const phone = '+966500003201';
    const me = await diner(t, UUID.aMain, phone);
    const placed = await orderOf(me, ids, [{ slug: 'kabsa', quantity: 3 }]);
    for (const to of ['sent_to_kitchen', 'ready'])
      expect((await move(cashiers[0] as Caller, placed.id, to)).statusCode).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => move(cashiers[i % cashiers.length] as Caller, placed.id, 'delivered')),
    );
    expect(answers.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    expect(await punchesOf(phone)).toMatchObject({ punches: 3, cards: 1 });
    const punchRows = await t.database.query<{ n: number }>(
      'select count(*)::int as n from punch_card_punches where order_id = $1',
      [placed.id],
    );
    expect(punchRows).toEqual([{ n: 1 }]);
  });

  it('lands exactly the qualifying items of many orders of one diner completed at once, filling cards in turn', async () => {
    const phone = '+966500003202';
    const me = await diner(t, UUID.aMain, phone);
    // 24 orders of 1 to 3 kabsas (48 in all) and a burger each, which never punches.
    const quantities = Array.from({ length: 24 }, (_, i) => (i % 3) + 1);
    const placed = [];
    for (const quantity of quantities) {
      placed.push(
        await orderOf(me, ids, [
          { slug: 'kabsa', quantity },
          { slug: 'burger', quantity: 1 },
        ]),
      );
    }
    for (const o of placed) {
      for (const to of ['sent_to_kitchen', 'ready'])
        expect((await move(cashiers[0] as Caller, o.id, to)).statusCode).toBe(200);
    }
    const answers = await Promise.all(
      placed.map((o, i) => move(cashiers[i % cashiers.length] as Caller, o.id, 'delivered')),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(placed.map(() => 200));
    const total = quantities.reduce((a, b) => a + b, 0);
    const row = await punchesOf(phone);
    // 48 punches at 5 a card: 9 full cards (each with its reward) and 3 on the tenth.
    expect(row).toMatchObject({ punches: total, completed: Math.floor(total / 5), rewards: Math.floor(total / 5) });
    expect(row.cards).toBe(Math.ceil(total / 5));
    const open = (await cardsOf(me)).find((c) => c.programme.id === programmeId && c.status !== 'completed');
    expect(open?.punches).toBe(total % 5);
  });
});
