import { dailySpendRefusal, type RedemptionsToday } from '@sufra/shared/loyalty/points';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { dailySpendRefusalSql } from './loyalty.repo.ts';

/**
 * The day's points limits exist once (shared DAILY_SPEND_LIMITS): the wallet's statement (loyalty.repo spendGuard)
 * is built from them. The same cases through the shared rule and through the SQL on the database must agree.
 */
const CASES: { today: RedemptionsToday; adding: RedemptionsToday; maxDay: number; maxCount: number }[] = [];
for (const today of [
  { points: 0, count: 0 },
  { points: 400, count: 2 },
  { points: 500, count: 3 },
]) {
  for (const adding of [
    { points: 0, count: 1 },
    { points: 100, count: 1 },
    { points: 101, count: 1 },
    { points: 600, count: 2 },
  ]) {
    for (const [maxDay, maxCount] of [
      [500, 3],
      [1000, 3],
      [500, 10],
      [0, 0],
    ] as const) {
      CASES.push({ today, adding, maxDay, maxCount });
    }
  }
}

describe('the daily points limits, one rule in shared and in SQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ brands: [] });
  });
  afterAll(async () => {
    await t.close();
  });

  it(`refuses exactly as the shared rule does, in the same order, over ${CASES.length} cases`, async () => {
    const refusal = dailySpendRefusalSql(
      { points: sql`c.today_points`, count: sql`c.today_count` },
      { points: sql`c.adding_points`, count: sql`c.adding_count` },
      sql.raw('c'),
    );
    const input = JSON.stringify(
      CASES.map((k, i) => ({
        i,
        today_points: k.today.points,
        today_count: k.today.count,
        adding_points: k.adding.points,
        adding_count: k.adding.count,
        max_points_per_day: k.maxDay,
        max_redemptions_per_day: k.maxCount,
      })),
    );
    const result = await t.db.execute(sql`
      select c.i, ${refusal} as refusal
      from jsonb_to_recordset(${input}::jsonb) as c(i int, today_points int, today_count int, adding_points int,
        adding_count int, max_points_per_day int, max_redemptions_per_day int)
      order by c.i`);
    const fromSql = (result as unknown as { rows: { refusal: string | null }[] }).rows.map((r) => r.refusal);
    const fromShared = CASES.map((k) =>
      dailySpendRefusal(k.today, k.adding, { maxPointsPerDay: k.maxDay, maxRedemptionsPerDay: k.maxCount }),
    );
    expect(fromSql).toEqual(fromShared);
    // The cases reach every answer, so a rule that never refuses (or always does) cannot pass.
    expect(new Set(fromShared)).toEqual(new Set([null, 'redemptions_daily_max', 'points_above_daily_max']));
  });
});
