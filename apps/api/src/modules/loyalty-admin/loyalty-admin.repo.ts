import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { branches } from '../../db/schema/branches.ts';
import { customers } from '../../db/schema/customers.ts';
import { loyaltyEarnRules, loyaltyLevels, loyaltyRules } from '../../db/schema/loyalty.ts';
import { referralRules } from '../../db/schema/referral.ts';

export type RulesRow = typeof loyaltyRules.$inferSelect;
export type LevelRow = typeof loyaltyLevels.$inferSelect;
export type ReferralRow = typeof referralRules.$inferSelect;

export async function readRules(db: Queryable, brandId: number, lock = false): Promise<RulesRow | undefined> {
  const query = db.select().from(loyaltyRules).where(eq(loyaltyRules.brandId, brandId));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export type RulesValues = Omit<RulesRow, 'brandId' | 'timeZone' | 'version' | 'levelsVersion'>;

/** Starts the brand's programme (version 1); undefined when someone else started it meanwhile. */
export async function insertRules(db: Queryable, brandId: number, values: RulesValues) {
  const [row] = await db
    .insert(loyaltyRules)
    .values({ brandId, ...values })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Writes the rule at `version`, moving it on; undefined when the version moved meanwhile. */
export async function updateRules(db: Queryable, brandId: number, version: number, values: RulesValues) {
  const [row] = await db
    .update(loyaltyRules)
    .set({ ...values, version: version + 1 })
    .where(and(eq(loyaltyRules.brandId, brandId), eq(loyaltyRules.version, version)))
    .returning();
  return row;
}

/** Moves the levels' version on from `version`; false when it moved meanwhile. */
export async function bumpLevelsVersion(db: Queryable, brandId: number, version: number): Promise<boolean> {
  const rows = await db
    .update(loyaltyRules)
    .set({ levelsVersion: version + 1 })
    .where(and(eq(loyaltyRules.brandId, brandId), eq(loyaltyRules.levelsVersion, version)))
    .returning({ brandId: loyaltyRules.brandId });
  return rows.length > 0;
}

export async function hasEarnHistory(db: Queryable, brandId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: loyaltyEarnRules.id })
    .from(loyaltyEarnRules)
    .where(eq(loyaltyEarnRules.brandId, brandId))
    .limit(1);
  return row !== undefined;
}

export async function insertEarnRule(db: Queryable, row: typeof loyaltyEarnRules.$inferInsert): Promise<void> {
  await db.insert(loyaltyEarnRules).values(row);
}

export async function listBrandBranches(db: Queryable, brandId: number) {
  return db
    .select({ id: branches.id, nameAr: branches.nameAr, nameEn: branches.nameEn })
    .from(branches)
    .where(eq(branches.brandId, brandId))
    .orderBy(asc(branches.id));
}

/** Of `ids`, those that are branches of the brand. */
export async function brandBranchIds(db: Queryable, brandId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.brandId, brandId), inArray(branches.id, ids)));
  return rows.map((r) => r.id);
}

export async function listLevelRows(db: Queryable, brandId: number): Promise<LevelRow[]> {
  return db
    .select()
    .from(loyaltyLevels)
    .where(eq(loyaltyLevels.brandId, brandId))
    .orderBy(asc(loyaltyLevels.minLifetimePoints));
}

/**
 * Replaces the brand's levels with `levels` in one go: every row is deleted and written again, the kept ones under
 * their own ids (so a swap of two thresholds never meets the unique index half done), new ones under fresh ids.
 */
export async function replaceLevels(
  db: Queryable,
  brandId: number,
  levels: (Omit<typeof loyaltyLevels.$inferInsert, 'brandId'> & { id: number | null })[],
): Promise<LevelRow[]> {
  await db.delete(loyaltyLevels).where(eq(loyaltyLevels.brandId, brandId));
  const kept = levels.filter((l) => l.id !== null).map((l) => ({ ...l, id: l.id as number, brandId }));
  const fresh = levels.filter((l) => l.id === null).map(({ id: _id, ...l }) => ({ ...l, brandId }));
  if (kept.length > 0) await db.insert(loyaltyLevels).overridingSystemValue().values(kept);
  if (fresh.length > 0) await db.insert(loyaltyLevels).values(fresh);
  return listLevelRows(db, brandId);
}

/**
 * The brand's diners counted by the level they sit in under two sets of thresholds (each ascending): a row per
 * (index under the first, index under the second), an index being how many thresholds the lifetime points reach
 * (0: below every level). One pass over the brand's customers, nothing written.
 */
export async function countDinersByThresholds(
  db: Queryable,
  brandId: number,
  current: number[],
  proposed: number[],
): Promise<{ currentIndex: number; proposedIndex: number; diners: number }[]> {
  const result = await db.execute(sql`
    select
      (select count(*) from unnest(${sql.param(current)}::int[]) t where t <= c.lifetime_points) as current_index,
      (select count(*) from unnest(${sql.param(proposed)}::int[]) t where t <= c.lifetime_points) as proposed_index,
      count(*) as diners
    from ${customers} c
    where c.brand_id = ${brandId}::int
    group by 1, 2`);
  return (result as unknown as { rows: { current_index: number; proposed_index: number; diners: number }[] }).rows.map(
    (r) => ({
      currentIndex: Number(r.current_index),
      proposedIndex: Number(r.proposed_index),
      diners: Number(r.diners),
    }),
  );
}

export async function readReferral(db: Queryable, brandId: number, lock = false): Promise<ReferralRow | undefined> {
  const query = db.select().from(referralRules).where(eq(referralRules.brandId, brandId));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export type ReferralValues = Pick<
  ReferralRow,
  'enabled' | 'referrerPoints' | 'friendPoints' | 'refundWindowDays' | 'invitationsPerDay'
>;

export async function insertReferral(db: Queryable, brandId: number, values: ReferralValues) {
  const [row] = await db
    .insert(referralRules)
    .values({ brandId, ...values })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function updateReferral(db: Queryable, brandId: number, version: number, values: ReferralValues) {
  const [row] = await db
    .update(referralRules)
    .set({ ...values, version: version + 1 })
    .where(and(eq(referralRules.brandId, brandId), eq(referralRules.version, version)))
    .returning();
  return row;
}
