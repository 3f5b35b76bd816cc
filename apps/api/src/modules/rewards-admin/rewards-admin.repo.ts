import type { RewardShop } from '@sufra/shared/loyalty/rewards';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { branches } from '../../db/schema/branches.ts';
import { customerRewards, rewards } from '../../db/schema/loyalty.ts';
import { menuItems } from '../../db/schema/menu.ts';

export type CatalogueRewardRow = typeof rewards.$inferSelect;
export type CatalogueRewardValues = Omit<typeof rewards.$inferInsert, 'id' | 'brandId' | 'issuedCount' | 'version'>;

/** A brand's rewards of one shop, active or retired, in their order. */
export function listCatalogue(db: Queryable, brandId: number, shop: RewardShop, active: boolean) {
  return db
    .select()
    .from(rewards)
    .where(and(eq(rewards.brandId, brandId), eq(rewards.shop, shop), eq(rewards.isActive, active)))
    .orderBy(asc(rewards.position), asc(rewards.id));
}

/** Copies diners own of each of these rewards (bought, won or granted). */
export async function ownedCounts(db: Queryable, rewardIds: number[]): Promise<Map<number, number>> {
  if (rewardIds.length === 0) return new Map();
  const rows = await db
    .select({ rewardId: customerRewards.rewardId, owned: count() })
    .from(customerRewards)
    .where(inArray(customerRewards.rewardId, rewardIds))
    .groupBy(customerRewards.rewardId);
  return new Map(rows.map((r) => [r.rewardId, Number(r.owned)]));
}

/** A reward of the brand, locked for the caller's transaction. */
export async function lockCatalogueReward(db: Queryable, brandId: number, id: number) {
  const [row] = await db
    .select()
    .from(rewards)
    .where(and(eq(rewards.id, id), eq(rewards.brandId, brandId)))
    .for('update');
  return row;
}

export async function insertCatalogueReward(db: Queryable, brandId: number, values: CatalogueRewardValues) {
  const [row] = await db
    .insert(rewards)
    .values({ ...values, brandId })
    .returning();
  if (!row) throw new Error('reward insert returned nothing');
  return row;
}

/** Saves a reward read at `version`; undefined when it changed since (nothing written). */
export async function updateCatalogueReward(
  db: Queryable,
  id: number,
  version: number,
  values: Partial<CatalogueRewardValues>,
) {
  const [row] = await db
    .update(rewards)
    .set({ ...values, version: sql`${rewards.version} + 1` })
    .where(and(eq(rewards.id, id), eq(rewards.version, version)))
    .returning();
  return row;
}

/** Which of these branch ids are the brand's. */
export async function brandBranchIds(db: Queryable, brandId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.brandId, brandId), inArray(branches.id, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function itemOfBrand(db: Queryable, brandId: number, itemId: number) {
  const [row] = await db
    .select({ id: menuItems.id })
    .from(menuItems)
    .where(and(eq(menuItems.id, itemId), eq(menuItems.brandId, brandId)));
  return row;
}
