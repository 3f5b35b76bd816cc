import type { RewardShop, RewardSource } from '@sufra/shared/loyalty/rewards';
import { and, asc, count, desc, eq, gt, gte, isNull, lte, min, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { branches } from '../../db/schema/branches.ts';
import { customers } from '../../db/schema/customers.ts';
import { customerRewards, rewardCodeAttempts, rewards } from '../../db/schema/loyalty.ts';

export type RewardRow = typeof rewards.$inferSelect;
export type CustomerRewardRow = typeof customerRewards.$inferSelect;
export type OwnedRewardRow = { owned: CustomerRewardRow; reward: RewardRow };

/** A shop's rewards on sale at `at`: active (not retired) and inside their window (issue 27). */
export async function listShopRewards(
  db: Queryable,
  brandId: number,
  shop: RewardShop,
  at: Date,
): Promise<RewardRow[]> {
  return db
    .select()
    .from(rewards)
    .where(
      and(
        eq(rewards.brandId, brandId),
        eq(rewards.shop, shop),
        eq(rewards.isActive, true),
        or(isNull(rewards.activeFrom), lte(rewards.activeFrom, at)),
        or(isNull(rewards.activeUntil), gt(rewards.activeUntil, at)),
      ),
    )
    .orderBy(asc(rewards.position), asc(rewards.id));
}

export async function findReward(db: Queryable, id: number, brandId: number): Promise<RewardRow | undefined> {
  const [row] = await db
    .select()
    .from(rewards)
    .where(and(eq(rewards.id, id), eq(rewards.brandId, brandId)));
  return row;
}

export async function insertCustomerReward(
  db: Queryable,
  row: {
    brandId: number;
    customerId: number;
    rewardId: number;
    source: RewardSource;
    code: string;
    pointsSpent: number;
    validFrom: Date;
    expiresAt: Date | null;
    grantedByStaffId?: number | null;
    createdAt: Date;
  },
): Promise<CustomerRewardRow> {
  const [inserted] = await db.insert(customerRewards).values(row).returning();
  if (!inserted) throw new Error('customer reward insert returned nothing');
  return inserted;
}

export async function listOwnedRewards(db: Queryable, customerId: number, brandId: number): Promise<OwnedRewardRow[]> {
  return db
    .select({ owned: customerRewards, reward: rewards })
    .from(customerRewards)
    .innerJoin(rewards, eq(rewards.id, customerRewards.rewardId))
    .where(and(eq(customerRewards.customerId, customerId), eq(customerRewards.brandId, brandId)))
    .orderBy(desc(customerRewards.id));
}

export async function findOwnedReward(
  db: Queryable,
  id: number,
  where: { customerId?: number; brandId?: number },
): Promise<(OwnedRewardRow & { phone: string; customerName: string }) | undefined> {
  const [row] = await db
    .select({ owned: customerRewards, reward: rewards, phone: customers.phone, customerName: customers.fullName })
    .from(customerRewards)
    .innerJoin(rewards, eq(rewards.id, customerRewards.rewardId))
    .innerJoin(customers, eq(customers.id, customerRewards.customerId))
    .where(
      and(
        eq(customerRewards.id, id),
        where.customerId === undefined ? undefined : eq(customerRewards.customerId, where.customerId),
        where.brandId === undefined ? undefined : eq(customerRewards.brandId, where.brandId),
      ),
    );
  return row;
}

/** Owned rewards with this code, in any brand (codes are unique per brand): the caller tells brands apart. */
export async function findOwnedByCode(
  db: Queryable,
  code: string,
): Promise<(OwnedRewardRow & { phone: string; customerName: string })[]> {
  return db
    .select({ owned: customerRewards, reward: rewards, phone: customers.phone, customerName: customers.fullName })
    .from(customerRewards)
    .innerJoin(rewards, eq(rewards.id, customerRewards.rewardId))
    .innerJoin(customers, eq(customers.id, customerRewards.customerId))
    .where(eq(customerRewards.code, code));
}

export async function findBranchName(db: Queryable, id: number): Promise<{ ar: string; en: string } | undefined> {
  const [row] = await db.select({ ar: branches.nameAr, en: branches.nameEn }).from(branches).where(eq(branches.id, id));
  return row;
}

/** Typed codes presented since `since` by one staff user, or at one branch: how many, and the oldest's time. */
export async function codeAttemptsSince(
  db: Queryable,
  key: { staffUserId: number } | { branchId: number },
  since: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const column = 'staffUserId' in key ? rewardCodeAttempts.staffUserId : rewardCodeAttempts.branchId;
  const id = 'staffUserId' in key ? key.staffUserId : key.branchId;
  const [row] = await db
    .select({ count: count(), oldest: min(rewardCodeAttempts.createdAt) })
    .from(rewardCodeAttempts)
    .where(and(eq(column, id), gte(rewardCodeAttempts.createdAt, since)));
  return { count: Number(row?.count ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}

/** One typed-code count at a time per staff user and per branch (user first, then branch: one order, no cycle). */
export async function lockCodeAttempts(db: Queryable, staffUserId: number, branchId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`reward-code-user:${staffUserId}`}))`);
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`reward-code-branch:${branchId}`}))`);
}

export async function insertCodeAttempt(db: Queryable, row: { staffUserId: number; branchId: number; at: Date }) {
  await db
    .insert(rewardCodeAttempts)
    .values({ staffUserId: row.staffUserId, branchId: row.branchId, createdAt: row.at });
}

/** A canceled order gives back the reward it used: unclaimed again, as it was before the order. */
export async function releaseOrderRewards(db: Queryable, orderId: number): Promise<void> {
  await db
    .update(customerRewards)
    .set({ claimedAt: null, claimedBranchId: null, claimedOrderId: null })
    .where(eq(customerRewards.claimedOrderId, orderId));
}
