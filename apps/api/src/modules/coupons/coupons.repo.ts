import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { preparedFor } from '../../db/prepared.ts';
import { branches } from '../../db/schema/branches.ts';
import { couponCustomerUses, coupons, couponUses } from '../../db/schema/coupons.ts';
import { menuItems } from '../../db/schema/menu.ts';
import { branchOrderCounters, orders } from '../../db/schema/orders.ts';

export type CouponRow = typeof coupons.$inferSelect;
export type CouponInsert = typeof coupons.$inferInsert;
export type CouponUseRow = typeof couponUses.$inferSelect;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The brand's coupon with this (already normalised) code; the unique index is on upper(code). */
export async function findCouponByCode(db: Queryable, brandId: number, code: string): Promise<CouponRow | undefined> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.brandId, brandId), sql`upper(${coupons.code}) = ${code}`));
  return row;
}

export async function findCoupon(db: Queryable, id: number, brandId: number): Promise<CouponRow | undefined> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.id, id), eq(coupons.brandId, brandId)));
  return row;
}

export async function listBrandCoupons(db: Queryable, brandId: number): Promise<CouponRow[]> {
  return db.select().from(coupons).where(eq(coupons.brandId, brandId)).orderBy(desc(coupons.id));
}

export async function insertCoupon(db: Queryable, row: CouponInsert): Promise<CouponRow> {
  const [inserted] = await db.insert(coupons).values(row).returning();
  if (!inserted) throw new Error('coupon insert returned nothing');
  return inserted;
}

export async function updateCoupon(
  db: Queryable,
  id: number,
  brandId: number,
  values: Partial<CouponInsert>,
): Promise<CouponRow | undefined> {
  // The version moves in the database (trigger coupons_version, migration 0029) when the terms change.
  const [updated] = await db
    .update(coupons)
    .set(values)
    .where(and(eq(coupons.id, id), eq(coupons.brandId, brandId)))
    .returning();
  return updated;
}

/** The brand's coupon, its row locked for a manager's write (archive, restore). */
export async function lockCouponOfBrand(db: Queryable, id: number, brandId: number): Promise<CouponRow | undefined> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.id, id), eq(coupons.brandId, brandId)))
    .for('update');
  return row;
}

/** Archives (with the time) or restores (null) a coupon; either way it is left switched off (archived ⇒ inactive). */
export async function setCouponArchived(
  db: Queryable,
  id: number,
  brandId: number,
  archivedAt: Date | null,
  now: Date,
): Promise<CouponRow | undefined> {
  const [row] = await db
    .update(coupons)
    .set({ archivedAt, isActive: false, updatedAt: now })
    .where(and(eq(coupons.id, id), eq(coupons.brandId, brandId)))
    .returning();
  return row;
}

/** How many times the customer has used the coupon (given-back uses subtracted). */
const couponWithUsesQuery = preparedFor((db) =>
  db
    .select({ coupon: coupons, used: sql<number>`coalesce(${couponCustomerUses.used}, 0)::int` })
    .from(coupons)
    .leftJoin(
      couponCustomerUses,
      and(
        eq(couponCustomerUses.couponId, coupons.id),
        eq(couponCustomerUses.customerId, sql.placeholder('customerId')),
      ),
    )
    .where(
      and(eq(coupons.brandId, sql.placeholder('brandId')), sql`upper(${coupons.code}) = ${sql.placeholder('code')}`),
    )
    .prepare('coupon_with_customer_uses'),
);

/**
 * The brand's coupon with this (normalised) code, and how many times the customer has used it: one query, prepared
 * (an order with a coupon runs it every time; building it with drizzle's builder was ~150 µs of the server's CPU).
 */
export async function findCouponWithCustomerUses(
  db: Queryable,
  brandId: number,
  code: string,
  customerId: number,
): Promise<{ coupon: CouponRow; used: number } | undefined> {
  const [row] = await couponWithUsesQuery(db).execute({ brandId, code, customerId });
  return row ? { coupon: row.coupon, used: Number(row.used) } : undefined;
}

export async function customerUseCount(db: Queryable, couponId: number, customerId: number): Promise<number> {
  const [row] = await db
    .select({ used: couponCustomerUses.used })
    .from(couponCustomerUses)
    .where(and(eq(couponCustomerUses.couponId, couponId), eq(couponCustomerUses.customerId, customerId)));
  return row?.used ?? 0;
}

/**
 * A customer is new at a branch until they have an order there that was not canceled, or a coupon used there at the
 * counter that was not voided.
 */
export async function isNewAtBranch(db: Queryable, customerId: number, branchId: number): Promise<boolean> {
  const result = await db.execute(sql`
    select not exists (
        select 1 from ${orders} where customer_id = ${customerId}::int and branch_id = ${branchId}::int
          and status <> 'canceled')
      and not exists (
        select 1 from ${couponUses} where customer_id = ${customerId}::int and branch_id = ${branchId}::int
          and order_id is null and released_at is null) as new`);
  return rowsOf<{ new: boolean }>(result)[0]?.new === true;
}

/**
 * Locks the branch's order counter row, the row every placement at the branch locks (placement.repo), so a counter
 * use that asks whether a customer is new there cannot race an order being placed there. Creates the row (at 0)
 * for a branch with no order yet, as the first placement would.
 */
export async function lockBranchOrders(tx: Queryable, branchId: number): Promise<void> {
  await tx
    .insert(branchOrderCounters)
    .values({ branchId, lastNumber: 0 })
    .onConflictDoUpdate({
      target: branchOrderCounters.branchId,
      set: { lastNumber: sql`${branchOrderCounters.lastNumber}` },
    });
}

/**
 * Locks coupons' rows in id order: a transaction that moves a coupon's counters and also takes the branch's order
 * counter takes the coupon's row first (checkout-extras.rules' lock order: customers, coupons, the branch's counter).
 */
export async function lockCoupons(tx: Queryable, couponIds: readonly number[]): Promise<void> {
  const ids = `{${[...new Set(couponIds)].map((id) => Math.trunc(id)).join(',')}}`;
  await tx.execute(sql`select id from ${coupons} where id = any(${ids}::int[]) order by id for update`);
}

/**
 * Takes up to `n` uses of the coupon's global limit, under the coupon's row lock, only while it is active and inside
 * its window: `used + k <= global_limit` always (the CHECK guards it too). Answers k (0: none left or not usable).
 */
export async function claimGlobalUses(tx: Queryable, couponId: number, n: number, now: Date): Promise<number> {
  const at = now.toISOString();
  const result = await tx.execute(sql`
    update ${coupons} c set used_count = c.used_count + g.k
    from (
      select id, case when global_limit is null then ${n}::int else least(${n}::int, global_limit - used_count) end as k
      from ${coupons}
      where id = ${couponId}::int and is_active
        and (starts_at is null or starts_at <= ${at}::timestamptz) and (ends_at is null or ends_at > ${at}::timestamptz)
      for update
    ) g
    where c.id = g.id and g.k > 0
    returning g.k`);
  return Number(rowsOf<{ k: number }>(result)[0]?.k ?? 0);
}

/** Takes up to `n` of the customer's uses of the coupon (`used + k <= limit`), under the counter row's lock. */
export async function claimCustomerUses(
  tx: Queryable,
  input: { couponId: number; customerId: number; limit: number; n: number },
): Promise<number> {
  await tx
    .insert(couponCustomerUses)
    .values({ couponId: input.couponId, customerId: input.customerId, used: 0 })
    .onConflictDoNothing();
  const result = await tx.execute(sql`
    update ${couponCustomerUses} u set used = u.used + g.k
    from (
      select coupon_id, customer_id, least(${input.n}::int, ${input.limit}::int - used) as k
      from ${couponCustomerUses}
      where coupon_id = ${input.couponId}::int and customer_id = ${input.customerId}::int
      for update
    ) g
    where u.coupon_id = g.coupon_id and u.customer_id = g.customer_id and g.k > 0
    returning g.k`);
  return Number(rowsOf<{ k: number }>(result)[0]?.k ?? 0);
}

/** A coupon's counters as they stand, for the refusals after its guard did not hold (coupon-uses). */
export interface CouponCounters {
  version: number;
  /** Active and inside its window at `at`. */
  usable: boolean;
  usedCount: number;
  globalLimit: number | null;
  /** Each customer's uses of it (those asked about). */
  customerUses: Map<number, number>;
}

/** These coupons' counters now, with the given customers' uses of them (a read, one statement). */
export async function couponCounters(
  db: Queryable,
  couponIds: readonly number[],
  customerIds: readonly number[],
  at: Date,
): Promise<Map<number, CouponCounters>> {
  const ids = `{${[...new Set(couponIds)].map((id) => Math.trunc(id)).join(',')}}`;
  const who = `{${[...new Set(customerIds)].map((id) => Math.trunc(id)).join(',')}}`;
  const iso = at.toISOString();
  const rows = rowsOf<{
    id: number;
    version: number;
    usable: boolean;
    used_count: number;
    global_limit: number | null;
    uses: Record<string, number> | null;
  }>(
    await db.execute(sql`
      select c.id, c.version, c.used_count, c.global_limit,
        c.is_active and (c.starts_at is null or c.starts_at <= ${iso}::timestamptz)
          and (c.ends_at is null or c.ends_at > ${iso}::timestamptz) as usable,
        (select jsonb_object_agg(u.customer_id::text, u.used) from ${couponCustomerUses} u
          where u.coupon_id = c.id and u.customer_id = any(${who}::int[])) as uses
      from ${coupons} c where c.id = any(${ids}::int[])`),
  );
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        version: Number(r.version),
        usable: r.usable === true,
        usedCount: Number(r.used_count),
        globalLimit: r.global_limit === null ? null : Number(r.global_limit),
        customerUses: new Map(Object.entries(r.uses ?? {}).map(([k, v]) => [Number(k), Number(v)])),
      },
    ]),
  );
}

/** Gives `n` uses back to both counters (a canceled order, or uses taken for writes that were then refused). */
export async function releaseUses(
  tx: Queryable,
  input: { couponId: number; customerId: number | null; n: number; customerOnly?: boolean },
): Promise<void> {
  if (!input.customerOnly) {
    await tx.execute(sql`
      update ${coupons} set used_count = used_count - ${input.n}::int
      where id = ${input.couponId}::int and used_count >= ${input.n}::int`);
  }
  if (input.customerId !== null) {
    await tx.execute(sql`
      update ${couponCustomerUses} set used = used - ${input.n}::int
      where coupon_id = ${input.couponId}::int and customer_id = ${input.customerId}::int and used >= ${input.n}::int`);
  }
}

export async function insertCouponUses(tx: Queryable, rows: (typeof couponUses.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(couponUses).values(rows);
}

/** The order's coupon use, if it has one not given back yet; its row locked (a cancel gives it back once). */
export async function lockOrderUse(tx: Queryable, orderId: number): Promise<CouponUseRow | undefined> {
  const [row] = await tx
    .select()
    .from(couponUses)
    .where(and(eq(couponUses.orderId, orderId), isNull(couponUses.releasedAt)))
    .for('update');
  return row;
}

export async function markUseReleased(tx: Queryable, useId: number, at: Date): Promise<void> {
  await tx.update(couponUses).set({ releasedAt: at }).where(eq(couponUses.id, useId));
}

/** The brand's coupons a diner may still use now: active, inside the window, uses left (globally and for them). */
export async function listUsableCoupons(
  db: Queryable,
  brandId: number,
  customerId: number,
  now: Date,
): Promise<{ coupon: CouponRow; used: number }[]> {
  const at = now.toISOString();
  return db
    .select({ coupon: coupons, used: sql<number>`coalesce(${couponCustomerUses.used}, 0)::int` })
    .from(coupons)
    .leftJoin(
      couponCustomerUses,
      and(eq(couponCustomerUses.couponId, coupons.id), eq(couponCustomerUses.customerId, customerId)),
    )
    .where(
      and(
        eq(coupons.brandId, brandId),
        eq(coupons.isActive, true),
        sql`(${coupons.startsAt} is null or ${coupons.startsAt} <= ${at}::timestamptz)`,
        sql`(${coupons.endsAt} is null or ${coupons.endsAt} > ${at}::timestamptz)`,
        sql`(${coupons.globalLimit} is null or ${coupons.usedCount} < ${coupons.globalLimit})`,
        sql`(${coupons.perCustomerLimit} is null or coalesce(${couponCustomerUses.used}, 0) < ${coupons.perCustomerLimit})`,
      ),
    )
    .orderBy(asc(coupons.endsAt), asc(coupons.id));
}

/** The diner's uses, newest first, with the order's number where it was on an order. */
export async function listCustomerUses(
  db: Queryable,
  brandId: number,
  customerId: number,
): Promise<{ use: CouponUseRow; coupon: CouponRow; orderNumber: number | null }[]> {
  return db
    .select({ use: couponUses, coupon: coupons, orderNumber: orders.number })
    .from(couponUses)
    .innerJoin(coupons, eq(coupons.id, couponUses.couponId))
    .leftJoin(orders, eq(orders.id, couponUses.orderId))
    .where(and(eq(couponUses.brandId, brandId), eq(couponUses.customerId, customerId)))
    .orderBy(desc(couponUses.usedAt), desc(couponUses.id))
    .limit(200);
}

/** The brand's coupons whose window closed since `since`, the diner never having used them. */
export async function listExpiredUnused(
  db: Queryable,
  brandId: number,
  customerId: number,
  since: Date,
  now: Date,
): Promise<CouponRow[]> {
  return db
    .select()
    .from(coupons)
    .where(
      and(
        eq(coupons.brandId, brandId),
        sql`${coupons.endsAt} <= ${now.toISOString()}::timestamptz and ${coupons.endsAt} > ${since.toISOString()}::timestamptz`,
        sql`not exists (select 1 from ${couponUses} where ${couponUses.couponId} = ${coupons.id}
          and ${couponUses.customerId} = ${customerId}::int)`,
      ),
    )
    .orderBy(desc(coupons.endsAt))
    .limit(50);
}

/** Of a coupon's references, how many are the brand's own: its free item (0 or 1) and its branches. */
export async function countOwnReferences(
  db: Queryable,
  brandId: number,
  refs: { itemId: number | null; branchIds: number[] | null },
): Promise<{ items: number; branches: number }> {
  const [items] =
    refs.itemId === null
      ? [{ n: 0 }]
      : await db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(menuItems)
          .where(and(eq(menuItems.brandId, brandId), eq(menuItems.id, refs.itemId)));
  const [own] =
    !refs.branchIds || refs.branchIds.length === 0
      ? [{ n: 0 }]
      : await db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(branches)
          .where(and(eq(branches.brandId, brandId), inArray(branches.id, refs.branchIds)));
  return { items: items?.n ?? 0, branches: own?.n ?? 0 };
}
