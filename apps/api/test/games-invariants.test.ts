import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller, signIn } from './accounts.ts';
import { UUID } from './fixture-brands.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * The wheel under 1,000 concurrent spins (issue 17): 100 diners, each spinning twice at the same moment in each of
 * five waves a minute apart. On PostgreSQL they run on a pool of 12 connections, really side by side. Whatever each
 * answer: a prize with a stock of 10 is won exactly 10 times, one with a daily budget of 5 exactly 5 times today,
 * each winner wins once (the 7-day period), no diner draws twice in a minute, and every draw is in the audit table.
 */
describe('the wheel under 1,000 concurrent spins', () => {
  let t: TestApp;
  let clock = new Date('2026-06-10T09:00:00Z');
  const diners: Caller[] = [];

  const rows = <T>(sql: string, params: unknown[] = []) => t.database.query<T>(sql, params);

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    const [game] = await rows<{ id: number }>(
      `insert into games (brand_id, kind, name_ar, name_en, cooldown_days_after_win)
       select b.brand_id, 'wheel', 'العجلة', 'The wheel', 7 from qr_codes q join branches b on b.id = q.branch_id
       where q.uuid = $1 returning id`,
      [UUID.aMain],
    );
    if (!game) throw new Error('no game');
    await t.database.query(
      `insert into game_segments (game_id, position, label_ar, label_en, color, prize, reward_id, points, weight, stock,
         daily_budget)
       values ($1, 0, 'عصير', 'Juice', '#ff8800', 'reward', (select id from rewards where name_en = 'Free juice'), null, 1, 10, null),
         ($1, 1, 'نقاط', 'Points', '#0088ff', 'points', null, 20, 1, 100, 5),
         ($1, 2, 'حاول مجددًا', 'Try again', '#888888', 'none', null, null, 1, null, null)`,
      [game.id],
    );
    // 100 diners (1,000 spins) on PostgreSQL, where they really run side by side; PGlite runs one query at a time (the
    // race cannot happen there, the count only costs time): 30 diners, 300 spins.
    const count = t.database.kind === 'postgres' ? 100 : 30;
    for (let i = 0; i < count; i += 1) {
      // Each diner from its own address: the sign-in's per-address allowance is not what this test is about.
      const c = caller(t, { ip: `10.7.${i >> 8}.${i & 255}` });
      const res = await signIn(t, c, UUID.aMain, `+9665000077${String(i).padStart(2, '0')}`, {
        fullName: `Spinner ${i}`,
      });
      expect(res.statusCode).toBe(200);
      diners.push(c);
    }
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('never oversells, each winner once, one draw a minute per diner', async () => {
    const statuses = new Map<number, number>();
    for (let wave = 0; wave < 5; wave += 1) {
      // Access tokens last minutes: refreshed as the app would, before the wave.
      for (const c of diners) await c.call('POST', `/api/auth/${UUID.aMain}/refresh/`);
      const answers = await Promise.all(
        diners.flatMap((c) => [0, 1].map(() => c.call('POST', `/api/games/${UUID.aMain}/wheel/spin/`))),
      );
      for (const res of answers) statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      clock = new Date(clock.getTime() + 61_000);
    }
    // Every answer (1,000 on PostgreSQL) is a draw (200) or a refusal: the minute (429), the cooldown or a lost spin's wait or the
    // gifts gone (409). Nothing else (no 500 from a lost race).
    expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(diners.length * 10);
    expect([...statuses.keys()].sort()).toEqual(expect.arrayContaining([200, 429]));
    for (const status of statuses.keys()) expect([200, 409, 429]).toContain(status);

    const [segments] = await rows<{ juice: number; points: number; today: number }>(
      `select max(won) filter (where label_en = 'Juice') as juice, max(won) filter (where label_en = 'Points') as points,
         (select sum(won)::int from game_segment_days) as today
       from game_segments`,
    );
    expect(segments).toEqual({ juice: 10, points: 5, today: 5 });
    const [draws] = await rows<{ draws: number; juice: number; points: number; winners: number; won: number }>(
      `select count(*)::int as draws,
         count(*) filter (where s.label_en = 'Juice')::int as juice,
         count(*) filter (where s.label_en = 'Points')::int as points,
         count(distinct d.customer_id) filter (where s.prize <> 'none')::int as winners,
         count(*) filter (where s.prize <> 'none')::int as won
       from game_draws d join game_segments s on s.id = d.segment_id`,
    );
    expect(draws?.draws).toBe(statuses.get(200));
    expect(draws).toMatchObject({ juice: 10, points: 5, winners: 15, won: 15 });
    // What the draws gave reached the diners: 10 juices in My Rewards, 5 × 20 points in the ledger.
    const [given] = await rows<{ rewards: number; points: number }>(
      `select (select count(*)::int from customer_rewards where source = 'prize') as rewards,
         (select coalesce(sum(points), 0)::int from points_ledger where reason = 'wheel_prize') as points`,
    );
    expect(given).toEqual({ rewards: 10, points: 100 });
    // No diner drew twice in one minute (two spins at once: one draw).
    const twice = await rows(
      `select customer_id from game_draws group by customer_id, date_trunc('minute', created_at) having count(*) > 1`,
    );
    expect(twice).toEqual([]);
  }, 300_000);
});
