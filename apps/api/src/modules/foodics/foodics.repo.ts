import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { LIVE_CHANNEL } from '../../core/live-notices.repo.ts';
import type { Queryable } from '../../db/client.ts';
import { claimLeased } from '../../db/lease-claim.ts';
import { branches } from '../../db/schema/branches.ts';
import { brands } from '../../db/schema/brands.ts';
import {
  type FoodicsHandOffState,
  foodicsConnections,
  foodicsIds,
  foodicsOrders,
  foodicsStatusEvents,
} from '../../db/schema/foodics.ts';
import { orders } from '../../db/schema/orders.ts';

/** The Foodics relay LISTENs here: a hand-off queued wakes it (NOTIFY, at commit). */
export const FOODICS_WAKE_CHANNEL = 'sufra_foodics';

export type HandOffRow = typeof foodicsOrders.$inferSelect;
export type FoodicsConnection = typeof foodicsConnections.$inferSelect;

export async function findConnection(db: Queryable, brandId: number): Promise<FoodicsConnection | undefined> {
  const [row] = await db.select().from(foodicsConnections).where(eq(foodicsConnections.brandId, brandId));
  return row;
}

export async function findConnectionBySecret(db: Queryable, secret: string): Promise<FoodicsConnection | undefined> {
  const [row] = await db.select().from(foodicsConnections).where(eq(foodicsConnections.webhookSecret, secret));
  return row;
}

/** A connection made or renewed by an owner through OAuth: the business and its tokens (already encrypted). */
export interface OAuthConnectionValues {
  brandId: number;
  businessReference: number;
  businessId: string;
  businessName: string;
  accessTokenEnc: string;
  refreshTokenEnc: string | null;
  tokenExpiresAt: Date | null;
  connectedBy: number;
  /** Used only when the brand had no connection (its webhook path). */
  webhookSecret: string;
}

/** Inserts the brand's connection or replaces its business and tokens (keeping its webhook path and payment id). */
export async function upsertOAuthConnection(
  db: Queryable,
  values: OAuthConnectionValues,
  now: Date,
): Promise<FoodicsConnection> {
  const { webhookSecret: _secret, ...rest } = values;
  const [row] = await db
    .insert(foodicsConnections)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: foodicsConnections.brandId, set: { ...rest, updatedAt: now } })
    .returning();
  if (!row) throw new Error(`foodics connection of brand ${rest.brandId} not written`);
  return row;
}

/** New tokens after a refresh (the old refresh token may be spent). */
export async function updateConnectionTokens(
  db: Queryable,
  brandId: number,
  tokens: { accessTokenEnc: string; refreshTokenEnc: string | null; tokenExpiresAt: Date | null },
  now: Date,
): Promise<void> {
  await db
    .update(foodicsConnections)
    .set({ ...tokens, updatedAt: now })
    .where(eq(foodicsConnections.brandId, brandId));
}

/** The brand's connection removed (its tokens with it); the id mapping stays for a later connection. */
export async function deleteConnection(db: Queryable, brandId: number): Promise<FoodicsConnection | undefined> {
  const [row] = await db.delete(foodicsConnections).where(eq(foodicsConnections.brandId, brandId)).returning();
  return row;
}

/**
 * The board hears of a hand-off's change (sent, failed, retried, accepted …): the order's `order_updated` notice,
 * to its boards only (no customer id: the diner's view has no POS state).
 */
export async function announceHandOff(db: Queryable, orderId: number): Promise<void> {
  await db.execute(sql`
    select pg_notify(${LIVE_CHANNEL}, jsonb_build_object('kind', 'order_updated', 'orderId', id, 'brandId', brand_id,
      'branchId', branch_id, 'customerId', null)::text)
    from ${orders} where id = ${orderId}`);
}

/**
 * Raises the pending alert of every order sent before `sentBefore` and still Pending at Foodics, once each, and
 * announces them to their boards in the same statement. Returns how many were raised.
 */
export async function raisePendingAlerts(db: Queryable, sentBefore: Date, now: Date): Promise<number> {
  const result = await db.execute(sql`
    with raised as (
      update ${foodicsOrders} set pending_alert_at = ${now.toISOString()}, updated_at = ${now.toISOString()}
      where state = 'sent' and foodics_status = 1 and pending_alert_at is null
        and sent_at <= ${sentBefore.toISOString()}
      returning order_id, brand_id, branch_id
    )
    select pg_notify(${LIVE_CHANNEL}, jsonb_build_object('kind', 'order_updated', 'orderId', order_id,
      'brandId', brand_id, 'branchId', branch_id, 'customerId', null)::text)
    from raised`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

/** The brand's id mapping as `kind:localKey` → Foodics id, and its VAT rate. */
export async function loadLinks(
  db: Queryable,
  brandId: number,
): Promise<{ ids: Map<string, string>; vatRateBp: number }> {
  const rows = await db.select().from(foodicsIds).where(eq(foodicsIds.brandId, brandId));
  const [brand] = await db.select({ vatRateBp: brands.vatRateBp }).from(brands).where(eq(brands.id, brandId));
  return {
    ids: new Map(rows.map((r) => [`${r.kind}:${r.localKey}`, r.foodicsId])),
    vatRateBp: brand?.vatRateBp ?? 1500,
  };
}

/** Queues an order's hand-off once (a repeated outbox delivery finds it queued) and wakes the relay. */
export async function enqueueHandOff(
  db: Queryable,
  row: { orderId: number; brandId: number; branchId: number },
  now: Date,
): Promise<void> {
  await db.execute(sql`
    with queued as (
      insert into ${foodicsOrders} (order_id, brand_id, branch_id, next_attempt_at, created_at, updated_at)
      values (${row.orderId}, ${row.brandId}, ${row.branchId}, ${now.toISOString()}, ${now.toISOString()},
        ${now.toISOString()})
      on conflict (order_id) do nothing
      returning id
    )
    select pg_notify(${FOODICS_WAKE_CHANNEL}, '') from queued`);
}

/** Due queued hand-offs, under a lease (`attempts` is its token). */
export function claimDueHandOffs(db: Queryable, now: Date, leaseUntil: Date, limit: number): Promise<HandOffRow[]> {
  return claimLeased<HandOffRow>(
    db,
    {
      table: foodicsOrders,
      where: sql`${foodicsOrders.state} = 'queued'`,
      returning: sql`id, order_id as "orderId", brand_id as "brandId", branch_id as "branchId", state, attempts,
        failures, create_tried_at as "createTriedAt", foodics_order_id as "foodicsOrderId"`,
    },
    { now, leaseUntil, limit },
  );
}

const underClaim = (row: { id: number; attempts: number }) =>
  and(eq(foodicsOrders.id, row.id), eq(foodicsOrders.attempts, row.attempts), eq(foodicsOrders.state, 'queued'));

/** A create is about to go out: from now on, before another, look the order up (its answer may be lost). */
export async function markCreateTried(db: Queryable, row: { id: number; attempts: number }, at: Date): Promise<void> {
  await db
    .update(foodicsOrders)
    .set({ createTriedAt: sql`coalesce(${foodicsOrders.createTriedAt}, ${at.toISOString()}::timestamptz)` })
    .where(underClaim(row));
}

export interface FoodicsSeen {
  foodicsOrderId: string;
  reference: number | null;
  status: number;
  deliveryStatus: number | null;
}

/** Foodics has the order: sent, with its id, and polled from `pollAt`. `row` null: whoever holds it (a webhook). */
export async function markSent(
  db: Queryable,
  target: { id: number; attempts: number | null },
  seen: FoodicsSeen,
  now: Date,
  pollAt: Date,
): Promise<boolean> {
  const rows = await db
    .update(foodicsOrders)
    .set({
      state: 'sent',
      foodicsOrderId: seen.foodicsOrderId,
      foodicsReference: seen.reference,
      foodicsStatus: seen.status,
      foodicsDeliveryStatus: seen.deliveryStatus,
      lastError: null,
      sentAt: now,
      pollAt,
      updatedAt: now,
    })
    .where(
      target.attempts === null
        ? and(eq(foodicsOrders.id, target.id), eq(foodicsOrders.state, 'queued'))
        : underClaim({ id: target.id, attempts: target.attempts }),
    )
    .returning({ id: foodicsOrders.id });
  return rows.length > 0;
}

/** A try failed: due again at `retryAt`, or a dead letter (`dead`). `failure`: it counts towards the limit (not a 429). */
export async function markTryFailed(
  db: Queryable,
  row: { id: number; attempts: number },
  outcome: { error: string; retryAt: Date; failure: boolean; dead: boolean },
  now: Date,
): Promise<void> {
  await db
    .update(foodicsOrders)
    .set({
      lastError: outcome.error.slice(0, 500),
      nextAttemptAt: outcome.retryAt,
      failures: outcome.failure ? sql`${foodicsOrders.failures} + 1` : foodicsOrders.failures,
      ...(outcome.dead ? { state: 'dead' as const } : {}),
      updatedAt: now,
    })
    .where(underClaim(row));
}

/** Sent orders whose poll is due, their next poll pushed on (so two instances do not ask twice at once). */
export async function claimDuePolls(db: Queryable, now: Date, next: Date, limit: number): Promise<HandOffRow[]> {
  const result = await db.execute(sql`
    update ${foodicsOrders} set poll_at = ${next.toISOString()}
    where id in (
      select id from ${foodicsOrders}
      where poll_at is not null and poll_at <= ${now.toISOString()} and state = 'sent'
      order by poll_at limit ${limit}
      for update skip locked
    )
    returning id, order_id as "orderId", brand_id as "brandId", branch_id as "branchId",
      foodics_order_id as "foodicsOrderId", foodics_status as "foodicsStatus"`);
  return (result as unknown as { rows: HandOffRow[] }).rows;
}

/** What we saw of the order at Foodics; `pollAt` null: it has ended there, no more polls. */
export async function recordSeen(
  db: Queryable,
  id: number,
  seen: { status: number; deliveryStatus: number | null },
  pollAt: Date | null,
  now: Date,
): Promise<void> {
  await db
    .update(foodicsOrders)
    .set({ foodicsStatus: seen.status, foodicsDeliveryStatus: seen.deliveryStatus, pollAt, updatedAt: now })
    .where(eq(foodicsOrders.id, id));
}

export async function findHandOff(
  db: Queryable,
  brandId: number,
  by: { orderId: number } | { foodicsOrderId: string },
): Promise<HandOffRow | undefined> {
  const [row] = await db
    .select()
    .from(foodicsOrders)
    .where(
      and(
        eq(foodicsOrders.brandId, brandId),
        'orderId' in by ? eq(foodicsOrders.orderId, by.orderId) : eq(foodicsOrders.foodicsOrderId, by.foodicsOrderId),
      ),
    );
  return row;
}

export async function hasStatusEvent(db: Queryable, foodicsOrderId: string, status: string): Promise<boolean> {
  const [row] = await db
    .select({ status: foodicsStatusEvents.status })
    .from(foodicsStatusEvents)
    .where(and(eq(foodicsStatusEvents.foodicsOrderId, foodicsOrderId), eq(foodicsStatusEvents.status, status)));
  return row !== undefined;
}

export async function recordStatusEvent(
  db: Queryable,
  event: {
    foodicsOrderId: string;
    status: string;
    foodicsStatus: number;
    foodicsDeliveryStatus: number | null;
    orderId: number;
    source: 'webhook' | 'poll';
  },
): Promise<void> {
  await db.insert(foodicsStatusEvents).values(event).onConflictDoNothing();
}

export interface HandOffListRow {
  orderId: number;
  number: number;
  branchId: number;
  branchNameAr: string;
  branchNameEn: string;
  state: FoodicsHandOffState;
  failures: number;
  lastError: string | null;
  foodicsOrderId: string | null;
  foodicsStatus: number | null;
  sentAt: Date | null;
  updatedAt: Date;
}

/** The brand's hand-offs in these branches, newest first; `pendingBefore`: sent, still Pending at Foodics since before it. */
export async function listHandOffs(
  db: Queryable,
  brandId: number,
  branchIds: number[],
  filter: { state?: FoodicsHandOffState; pendingBefore?: Date },
  limit: number,
): Promise<HandOffListRow[]> {
  if (branchIds.length === 0) return [];
  return db
    .select({
      orderId: foodicsOrders.orderId,
      number: orders.number,
      branchId: foodicsOrders.branchId,
      branchNameAr: branches.nameAr,
      branchNameEn: branches.nameEn,
      state: foodicsOrders.state,
      failures: foodicsOrders.failures,
      lastError: foodicsOrders.lastError,
      foodicsOrderId: foodicsOrders.foodicsOrderId,
      foodicsStatus: foodicsOrders.foodicsStatus,
      sentAt: foodicsOrders.sentAt,
      updatedAt: foodicsOrders.updatedAt,
    })
    .from(foodicsOrders)
    .innerJoin(orders, eq(orders.id, foodicsOrders.orderId))
    .innerJoin(branches, eq(branches.id, foodicsOrders.branchId))
    .where(
      and(
        eq(foodicsOrders.brandId, brandId),
        inArray(foodicsOrders.branchId, branchIds),
        filter.state ? eq(foodicsOrders.state, filter.state) : undefined,
        filter.pendingBefore
          ? and(
              eq(foodicsOrders.state, 'sent'),
              eq(foodicsOrders.foodicsStatus, 1),
              lte(foodicsOrders.sentAt, filter.pendingBefore),
            )
          : undefined,
      ),
    )
    .orderBy(desc(foodicsOrders.id))
    .limit(limit);
}

/** A dead letter back in the queue, due now, its failures forgiven; undefined when it is not a dead letter. */
export async function requeueDead(db: Queryable, id: number, now: Date): Promise<HandOffRow | undefined> {
  const [row] = await db
    .update(foodicsOrders)
    .set({ state: 'queued', failures: 0, nextAttemptAt: now, updatedAt: now, handledBy: null })
    .where(and(eq(foodicsOrders.id, id), eq(foodicsOrders.state, 'dead')))
    .returning();
  if (row) await db.execute(sql`select pg_notify(${FOODICS_WAKE_CHANNEL}, '')`);
  return row;
}

/** A dead letter settled by hand (entered in the POS by staff): kept, no longer retried. */
export async function markHandled(
  db: Queryable,
  id: number,
  staffId: number,
  now: Date,
): Promise<HandOffRow | undefined> {
  const [row] = await db
    .update(foodicsOrders)
    .set({ state: 'handled', handledBy: staffId, updatedAt: now })
    .where(and(eq(foodicsOrders.id, id), eq(foodicsOrders.state, 'dead')))
    .returning();
  return row;
}
