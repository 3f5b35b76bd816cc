import type { PointsEntryKind } from '@sufra/shared/loyalty/points';
import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { customers } from '../../db/schema/customers.ts';
import { loyaltyLevels, loyaltyRules, pointsLedger } from '../../db/schema/loyalty.ts';

export type LoyaltyRulesRow = typeof loyaltyRules.$inferSelect;
export type LoyaltyLevelRow = typeof loyaltyLevels.$inferSelect;
export type PointsEntryRow = typeof pointsLedger.$inferSelect;

export async function findRules(db: Queryable, brandId: number): Promise<LoyaltyRulesRow | undefined> {
  const [row] = await db.select().from(loyaltyRules).where(eq(loyaltyRules.brandId, brandId));
  return row;
}

export async function listLevels(db: Queryable, brandId: number): Promise<LoyaltyLevelRow[]> {
  return db
    .select()
    .from(loyaltyLevels)
    .where(eq(loyaltyLevels.brandId, brandId))
    .orderBy(asc(loyaltyLevels.minLifetimePoints));
}

export interface PointsWrite {
  brandId: number;
  customerId: number;
  kind: PointsEntryKind;
  /** Signed: credits positive, debits negative. */
  points: number;
  reason: string;
  orderId?: number | null;
  customerRewardId?: number | null;
  staffUserId?: number | null;
  at: Date;
}

/** Kinds that count toward lifetime points (a refunded order's earn is taken out of lifetime too). */
const LIFETIME_KINDS = ['earn', 'bonus', 'clawback'] as const;

/**
 * Appends one ledger row and moves the customer's wallet (and lifetime) by it, in one statement: the customer's
 * update is conditional on the wallet staying ≥ 0 (the table's CHECK says so too), and the row is written only
 * when that update happened. Concurrent writes for one customer queue on the customer's row lock and each sees the
 * wallet the one before left, so no interleaving can take the balance below zero or let wallet and ledger part.
 * Answers the balances after, or undefined when the wallet would go negative (or the customer is not the brand's).
 */
export async function appendPoints(
  db: Queryable,
  write: PointsWrite,
): Promise<{ walletPoints: number; lifetimePoints: number; entryId: number } | undefined> {
  const lifetimeDelta = (LIFETIME_KINDS as readonly string[]).includes(write.kind) ? write.points : 0;
  const result = await db.execute(sql`
    with moved as (
      update ${customers}
      set wallet_points = wallet_points + ${write.points}::int,
        lifetime_points = greatest(0, lifetime_points + ${lifetimeDelta}::int)
      where id = ${write.customerId}::int and brand_id = ${write.brandId}::int
        and wallet_points + ${write.points}::int >= 0
      returning wallet_points, lifetime_points
    ), entry as (
      insert into ${pointsLedger} (brand_id, customer_id, kind, points, reason, order_id, customer_reward_id,
        staff_user_id, created_at)
      select ${write.brandId}::int, ${write.customerId}::int, ${write.kind}, ${write.points}::int, ${write.reason},
        ${write.orderId ?? null}::int, ${write.customerRewardId ?? null}::int, ${write.staffUserId ?? null}::int,
        ${write.at.toISOString()}::timestamptz
      from moved
      returning id
    )
    select moved.wallet_points, moved.lifetime_points, entry.id from moved, entry`);
  const [row] = (result as unknown as { rows: { wallet_points: number; lifetime_points: number; id: number }[] }).rows;
  if (!row) return undefined;
  return {
    walletPoints: Number(row.wallet_points),
    lifetimePoints: Number(row.lifetime_points),
    entryId: Number(row.id),
  };
}

/** Locks the customer's row for the rest of the transaction (checks that read the ledger, then write to it). */
export async function lockCustomerPoints(
  db: Queryable,
  customerId: number,
  brandId: number,
): Promise<{ walletPoints: number; lifetimePoints: number } | undefined> {
  const [row] = await db
    .select({ walletPoints: customers.walletPoints, lifetimePoints: customers.lifetimePoints })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.brandId, brandId)))
    .for('update');
  return row;
}

export async function findCustomerPoints(
  db: Queryable,
  customerId: number,
  brandId: number,
): Promise<{ walletPoints: number; lifetimePoints: number } | undefined> {
  const [row] = await db
    .select({ walletPoints: customers.walletPoints, lifetimePoints: customers.lifetimePoints })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.brandId, brandId)));
  return row;
}

/** Points spent at checkout since `since` (net of what canceled orders gave back), and how many redemptions. */
export async function redeemedSince(
  db: Queryable,
  customerId: number,
  since: Date,
): Promise<{ points: number; count: number }> {
  const [row] = await db
    .select({
      points: sql<number>`coalesce(-sum(${pointsLedger.points}) filter (where ${pointsLedger.kind} = 'redeem'), 0)::int`,
      count: sql<number>`(count(*) filter (where ${pointsLedger.kind} = 'redeem'))::int`,
    })
    .from(pointsLedger)
    .where(and(eq(pointsLedger.customerId, customerId), sql`${pointsLedger.createdAt} >= ${since.toISOString()}`));
  return { points: Number(row?.points ?? 0), count: Number(row?.count ?? 0) };
}

/** Every row of a customer's ledger as the expiry needs it (signed points and time), oldest first. */
export async function listMovements(db: Queryable, customerId: number): Promise<{ points: number; at: Date }[]> {
  return db
    .select({ points: pointsLedger.points, at: pointsLedger.createdAt })
    .from(pointsLedger)
    .where(eq(pointsLedger.customerId, customerId))
    .orderBy(asc(pointsLedger.id));
}

export async function listEntries(
  db: Queryable,
  customerId: number,
  brandId: number,
  limit: number,
  before: number | undefined,
): Promise<PointsEntryRow[]> {
  return db
    .select()
    .from(pointsLedger)
    .where(
      and(
        eq(pointsLedger.customerId, customerId),
        eq(pointsLedger.brandId, brandId),
        before === undefined ? undefined : lt(pointsLedger.id, before),
      ),
    )
    .orderBy(desc(pointsLedger.id))
    .limit(limit);
}

/**
 * Customers who may have points past their brand's expiry days that debits have not used up (the pure rule's sums,
 * over the whole ledger), at most `limit` of them. A candidate is checked again under its row lock before anything
 * is written, so two instances sweeping at once write one expiry between them.
 */
export async function listExpiryCandidates(
  db: Queryable,
  now: Date,
  limit: number,
): Promise<{ customerId: number; brandId: number }[]> {
  const result = await db.execute(sql`
    select l.customer_id, l.brand_id
    from ${pointsLedger} l
    join ${loyaltyRules} r on r.brand_id = l.brand_id and r.expiry_days is not null
    group by l.customer_id, l.brand_id, r.expiry_days
    having coalesce(sum(l.points) filter (where l.points > 0
        and l.created_at <= ${now.toISOString()}::timestamptz - make_interval(days => r.expiry_days)), 0)
      + coalesce(sum(l.points) filter (where l.points < 0), 0) > 0
    limit ${limit}::int`);
  return (result as unknown as { rows: { customer_id: number; brand_id: number }[] }).rows.map((r) => ({
    customerId: Number(r.customer_id),
    brandId: Number(r.brand_id),
  }));
}

/** An order's ledger row of one kind (an order has at most one of each: points_ledger_order_kind_uq). */
export async function findOrderEntry(
  db: Queryable,
  orderId: number,
  kind: PointsEntryKind,
): Promise<PointsEntryRow | undefined> {
  const [row] = await db
    .select()
    .from(pointsLedger)
    .where(and(eq(pointsLedger.orderId, orderId), eq(pointsLedger.kind, kind)));
  return row;
}

/** A brand's customer by phone (E.164), with their points: a manager's lookup. */
export async function findCustomerByPhone(
  db: Queryable,
  brandId: number,
  phone: string,
): Promise<{ id: number; name: string; phone: string; walletPoints: number; lifetimePoints: number } | undefined> {
  const [row] = await db
    .select({
      id: customers.id,
      name: customers.fullName,
      phone: customers.phone,
      walletPoints: customers.walletPoints,
      lifetimePoints: customers.lifetimePoints,
    })
    .from(customers)
    .where(and(eq(customers.brandId, brandId), eq(customers.phone, phone)));
  return row;
}
