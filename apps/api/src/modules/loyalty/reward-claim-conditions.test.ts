import { rewardRefusal } from '@sufra/shared/loyalty/rewards';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { rewardClaimRefusalSql } from './reward-writes.repo.ts';

/**
 * A reward's claim conditions exist once (shared REWARD_CLAIM_CONDITIONS): the statements that claim a reward (the
 * cashier's redemption, a reward used in an order) are built from them. The same cases through the shared rule and
 * through the SQL on the database must agree.
 */
const NOW = new Date('2026-06-01T12:00:00.000Z');
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
const CASES: {
  owned: { validFrom: Date; expiresAt: Date | null; claimedAt: Date | null };
  branchIds: number[] | null;
  branchId: number;
}[] = [];
for (const claimedAt of [null, at(-5)]) {
  for (const expiresAt of [null, at(-1), at(0), at(1)]) {
    for (const validFrom of [at(-60), at(0), at(1)]) {
      for (const branchIds of [null, [7], [8, 9]]) {
        CASES.push({ owned: { validFrom, expiresAt, claimedAt }, branchIds, branchId: 7 });
      }
    }
  }
}

describe("a reward's claim conditions, one rule in shared and in SQL", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ brands: [] });
  });
  afterAll(async () => {
    await t.close();
  });

  it(`refuses exactly as the shared rule does, in the same order, over ${CASES.length} cases`, async () => {
    const refusal = rewardClaimRefusalSql({
      owned: sql.raw('c'),
      reward: sql.raw('c'),
      branchId: sql`c.branch_id`,
      at: sql`${NOW.toISOString()}::timestamptz`,
    });
    const time = (d: Date | null) => (d ? d.toISOString() : null);
    const input = JSON.stringify(
      CASES.map((k, i) => ({
        i,
        valid_from: time(k.owned.validFrom),
        expires_at: time(k.owned.expiresAt),
        claimed_at: time(k.owned.claimedAt),
        branch_ids: k.branchIds,
        branch_id: k.branchId,
      })),
    );
    const result = await t.db.execute(sql`
      select c.i, ${refusal} as refusal
      from (
        select r.i, r.valid_from, r.expires_at, r.claimed_at, r.branch_id,
          (select array_agg(b::int) from jsonb_array_elements_text(r.branch_ids) b) as branch_ids
        from jsonb_to_recordset(${input}::jsonb) as r(i int, valid_from timestamptz, expires_at timestamptz,
          claimed_at timestamptz, branch_ids jsonb, branch_id int)
      ) c
      order by c.i`);
    const fromSql = (result as unknown as { rows: { refusal: string | null }[] }).rows.map((r) => r.refusal);
    const fromShared = CASES.map((k) => rewardRefusal(k.owned, { branchIds: k.branchIds }, k.branchId, NOW));
    expect(fromSql).toEqual(fromShared);
    expect(new Set(fromShared)).toEqual(
      new Set([null, 'reward_already_claimed', 'reward_expired', 'reward_not_available', 'reward_other_branch']),
    );
  });
});
