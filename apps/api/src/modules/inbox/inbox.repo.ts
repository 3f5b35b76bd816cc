import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { customers } from '../../db/schema/customers.ts';
import { pointsLedger, rewards } from '../../db/schema/loyalty.ts';
import { dinerNotifications } from '../../db/schema/notifications.ts';

export type NotificationRow = typeof dinerNotifications.$inferSelect;
export type NotificationKind = 'order_status' | 'points_earned' | 'reward_unlocked' | 'prize_won';

/**
 * Locks the diner's row (FOR UPDATE, as loyalty's earn and give-back do) before a notice is written in a status
 * move: the notice's foreign key takes a key-share lock on that row, and two moves of one diner's orders that each
 * held it would then deadlock on loyalty's FOR UPDATE (each waiting for the other's key share). Taken first, the
 * row makes the second move wait for the first instead (the punch-card and loyalty concurrency tests).
 */
export async function lockDiner(db: Queryable, customerId: number): Promise<void> {
  await db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
}

export async function insertNotification(
  db: Queryable,
  row: {
    brandId: number;
    customerId: number;
    kind: NotificationKind;
    orderId: number | null;
    params: Record<string, string | number>;
    at: Date;
  },
): Promise<void> {
  await db.insert(dinerNotifications).values({
    brandId: row.brandId,
    customerId: row.customerId,
    kind: row.kind,
    orderId: row.orderId,
    params: row.params,
    createdAt: row.at,
  });
}

/** A reward or prize issued to a diner: the notice carries the reward's names as they are now (one statement). */
export async function insertRewardNotification(
  db: Queryable,
  row: { brandId: number; customerId: number; kind: 'reward_unlocked' | 'prize_won'; rewardId: number; at: Date },
): Promise<void> {
  await db.execute(sql`
    insert into ${dinerNotifications} (brand_id, customer_id, kind, params, created_at)
    select ${row.brandId}, ${row.customerId}, ${row.kind},
      jsonb_build_object('rewardId', ${rewards.id}, 'rewardAr', ${rewards.nameAr}, 'rewardEn', ${rewards.nameEn}),
      ${row.at}
    from ${rewards} where ${rewards.id} = ${row.rewardId}`);
}

/** The points an order earned (loyalty's earn row, written earlier in the same transaction), or null. */
export async function findEarnedPoints(db: Queryable, orderId: number): Promise<number | null> {
  const [row] = await db
    .select({ points: pointsLedger.points })
    .from(pointsLedger)
    .where(and(eq(pointsLedger.orderId, orderId), eq(pointsLedger.kind, 'earn')));
  return row?.points ?? null;
}

export async function listNotifications(
  db: Queryable,
  customerId: number,
  brandId: number,
  limit: number,
): Promise<NotificationRow[]> {
  return db
    .select()
    .from(dinerNotifications)
    .where(and(eq(dinerNotifications.customerId, customerId), eq(dinerNotifications.brandId, brandId)))
    .orderBy(desc(dinerNotifications.id))
    .limit(limit);
}

export async function countUnread(db: Queryable, customerId: number, brandId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(dinerNotifications)
    .where(
      and(
        eq(dinerNotifications.customerId, customerId),
        eq(dinerNotifications.brandId, brandId),
        isNull(dinerNotifications.readAt),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Marks the diner's notifications read (only theirs: the ids of another match nothing). Answers the ids it found. */
export async function markRead(
  db: Queryable,
  customerId: number,
  brandId: number,
  ids: number[] | 'all',
  at: Date,
): Promise<number[]> {
  const rows = await db
    .update(dinerNotifications)
    .set({ readAt: sql`coalesce(${dinerNotifications.readAt}, ${at})` })
    .where(
      and(
        eq(dinerNotifications.customerId, customerId),
        eq(dinerNotifications.brandId, brandId),
        ids === 'all' ? isNull(dinerNotifications.readAt) : inArray(dinerNotifications.id, ids),
      ),
    )
    .returning({ id: dinerNotifications.id });
  return rows.map((r) => r.id);
}
