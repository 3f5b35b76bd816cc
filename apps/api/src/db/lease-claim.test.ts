import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { RELAY_BATCH, RELAY_LEASE_MS } from '../lib/relay.ts';
import { claimLeased, type LeaseTarget } from './lease-claim.ts';
import { smsOutbox } from './schema/sms.ts';

// The SMS outbox stands in for every relay's table: the claim is the same statement for all of them.
const t0 = new Date('2026-03-01T09:00:00Z');

const target: LeaseTarget = {
  table: smsOutbox,
  where: sql`${smsOutbox.status} = 'pending'`,
  returning: sql`id, body, attempts`,
};
const at = (now: Date, limit = RELAY_BATCH) => ({ now, leaseUntil: new Date(now.getTime() + RELAY_LEASE_MS), limit });

type Claimed = { id: number; body: string; attempts: number };
const bodies = (rows: Claimed[]) => rows.map((r) => r.body);

describe('lease claim', () => {
  let t: TestApp;
  let brandId: number;
  beforeAll(async () => {
    t = await createTestApp();
    brandId = [...t.seeded.values()][0]?.brandId ?? 0;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.delete(smsOutbox);
  });

  async function insert(body: string, due: Date, status = 'pending') {
    await t.db
      .insert(smsOutbox)
      .values({ brandId, toPhone: '+966500000001', body, status, nextAttemptAt: due, createdAt: t0 });
  }

  it('claims the due rows the filter admits, in order, up to the limit, counting each claim', async () => {
    await insert('a', t0);
    await insert('later', new Date(t0.getTime() + 1));
    await insert('sent', t0, 'sent');
    await insert('b', new Date(t0.getTime() - 5_000));
    await insert('c', t0);

    const first = await claimLeased<Claimed>(t.db, target, at(t0, 2));
    expect(bodies(first)).toEqual(['a', 'b']);
    expect(first.map((r) => r.attempts)).toEqual([1, 1]);
    const rest = await claimLeased<Claimed>(t.db, target, at(t0));
    expect(bodies(rest)).toEqual(['c']);
  });

  it('leaves a claimed row alone until its lease has passed, then claims it again with the next token', async () => {
    await insert('a', t0);
    const [claimed] = await claimLeased<Claimed>(t.db, target, at(t0));
    const [row] = await t.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.id, claimed?.id ?? 0));
    expect(row?.nextAttemptAt.getTime()).toBe(t0.getTime() + RELAY_LEASE_MS);

    expect(await claimLeased<Claimed>(t.db, target, at(new Date(t0.getTime() + RELAY_LEASE_MS - 1)))).toEqual([]);
    const again = await claimLeased<Claimed>(t.db, target, at(new Date(t0.getTime() + RELAY_LEASE_MS)));
    expect(again).toEqual([{ id: claimed?.id, body: 'a', attempts: 2 }]);
  });

  it('gives two claims at the same moment different rows (PostgreSQL: each from its own connection)', async () => {
    if (t.database.kind !== 'postgres') return;
    for (const body of ['a', 'b', 'c', 'd', 'e', 'f']) await insert(body, t0);
    // Each claim holds its rows' locks until its transaction ends: the second one skips them.
    const [one, two] = await Promise.all(
      [0, 1].map((i) =>
        t.db.transaction(async (tx) => {
          const rows = await claimLeased<Claimed>(tx, target, at(t0, 3));
          await tx.execute(sql`select pg_sleep(${i === 0 ? 0.2 : 0})`);
          return rows;
        }),
      ),
    );
    const all = [...bodies(one ?? []), ...bodies(two ?? [])].sort();
    expect(all).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });
});
