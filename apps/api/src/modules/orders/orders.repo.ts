import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { branches } from '../../db/schema/branches.ts';
import { customerAddresses, customers } from '../../db/schema/customers.ts';
import { branchOrderCounters, idempotencyKeys, orderLines, orderOutbox, orders } from '../../db/schema/orders.ts';
import { OUTBOX_WAKE_CHANNEL } from '../kitchen/order-outbox.repo.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderInsert = typeof orders.$inferInsert;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderLineInsert = typeof orderLines.$inferInsert;
export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;

/** Inserts the key row unless it exists; true when this request now owns the key. Runs outside the order's transaction. */
export async function claimIdempotencyKey(
  db: Queryable,
  row: { customerId: number; key: string; requestHash: string; createdAt: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(idempotencyKeys)
    .values(row)
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return inserted.length === 1;
}

export async function findIdempotencyKey(
  db: Queryable,
  customerId: number,
  key: string,
): Promise<IdempotencyKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.customerId, customerId), eq(idempotencyKeys.key, key)));
  return row;
}

/**
 * Takes over a key whose request never finished (the process died between the claim and the order's commit):
 * only when it has no response and was claimed before `staleBefore`. True when this request now owns it.
 */
export async function reclaimStaleIdempotencyKey(
  db: Queryable,
  customerId: number,
  key: string,
  requestHash: string,
  staleBefore: Date,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(idempotencyKeys)
    .set({ createdAt: now })
    .where(
      and(
        eq(idempotencyKeys.customerId, customerId),
        eq(idempotencyKeys.key, key),
        eq(idempotencyKeys.requestHash, requestHash),
        isNull(idempotencyKeys.responseStatus),
        sql`${idempotencyKeys.createdAt} < ${staleBefore.toISOString()}`,
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return rows.length === 1;
}

/** Frees a key whose request was refused (nothing was written), so the same attempt can be retried. */
export async function releaseIdempotencyKey(db: Queryable, customerId: number, key: string): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.customerId, customerId),
        eq(idempotencyKeys.key, key),
        isNull(idempotencyKeys.responseStatus),
      ),
    );
}

/** Stores the response with the key, inside the order's transaction. */
export async function completeIdempotencyKey(
  db: Queryable,
  customerId: number,
  key: string,
  status: number,
  body: unknown,
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ responseStatus: status, responseBody: body })
    .where(and(eq(idempotencyKeys.customerId, customerId), eq(idempotencyKeys.key, key)));
}

/** The branch's next order number; the counter row stays locked until the order's transaction ends. */
export async function nextOrderNumber(db: Queryable, branchId: number): Promise<number> {
  const [row] = await db
    .insert(branchOrderCounters)
    .values({ branchId, lastNumber: 1 })
    .onConflictDoUpdate({
      target: branchOrderCounters.branchId,
      set: { lastNumber: sql`${branchOrderCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: branchOrderCounters.lastNumber });
  if (!row) throw new Error('order counter returned nothing');
  return row.lastNumber;
}

export async function insertOrder(db: Queryable, row: OrderInsert): Promise<OrderRow> {
  const [created] = await db.insert(orders).values(row).returning();
  if (!created) throw new Error('order insert returned nothing');
  return created;
}

export async function insertOrderLines(db: Queryable, rows: OrderLineInsert[]): Promise<OrderLineRow[]> {
  return db.insert(orderLines).values(rows).returning();
}

/**
 * Writes an outbox row and wakes the kitchen relays (NOTIFY, delivered when the transaction commits), in one
 * statement so placement makes no extra round trip for it.
 */
export async function insertOutboxEvent(
  db: Queryable,
  row: { orderId: number; event: 'order_placed' | 'order_status_changed'; payload: Record<string, unknown> },
): Promise<void> {
  await db.execute(sql`
    with inserted as (
      insert into ${orderOutbox} (order_id, event, payload)
      values (${row.orderId}, ${row.event}, ${JSON.stringify(row.payload)}::jsonb)
      returning id
    )
    select pg_notify(${OUTBOX_WAKE_CHANNEL}, '') from inserted`);
}

export async function findCustomerAddress(db: Queryable, id: number, customerId: number) {
  const [row] = await db
    .select()
    .from(customerAddresses)
    .where(and(eq(customerAddresses.id, id), eq(customerAddresses.customerId, customerId)));
  return row;
}

const orderWithBranch = { order: orders, branchNameAr: branches.nameAr, branchNameEn: branches.nameEn };
export type OrderWithBranch = { order: OrderRow; branchNameAr: string; branchNameEn: string };

export async function findCustomerOrder(
  db: Queryable,
  id: number,
  customerId: number,
  brandId: number,
): Promise<OrderWithBranch | undefined> {
  const [row] = await db
    .select(orderWithBranch)
    .from(orders)
    .innerJoin(branches, eq(branches.id, orders.branchId))
    .where(and(eq(orders.id, id), eq(orders.customerId, customerId), eq(orders.brandId, brandId)));
  return row;
}

export async function listCustomerOrders(
  db: Queryable,
  customerId: number,
  brandId: number,
  limit: number,
  offset: number,
): Promise<OrderWithBranch[]> {
  return db
    .select(orderWithBranch)
    .from(orders)
    .innerJoin(branches, eq(branches.id, orders.branchId))
    .where(and(eq(orders.customerId, customerId), eq(orders.brandId, brandId)))
    .orderBy(desc(orders.id))
    .limit(limit)
    .offset(offset);
}

export async function listLinesOf(db: Queryable, orderIds: number[]): Promise<OrderLineRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(orderLines.orderId, orderLines.position);
}

const staffOrderColumns = {
  ...orderWithBranch,
  customerName: customers.fullName,
  customerPhone: customers.phone,
};
export type StaffOrderRow = OrderWithBranch & { customerName: string | null; customerPhone: string | null };

export async function listBranchOrders(
  db: Queryable,
  brandId: number,
  branchIds: number[],
  status: string | undefined,
  limit: number,
): Promise<StaffOrderRow[]> {
  if (branchIds.length === 0) return [];
  return db
    .select(staffOrderColumns)
    .from(orders)
    .innerJoin(branches, eq(branches.id, orders.branchId))
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .where(
      and(
        eq(orders.brandId, brandId),
        inArray(orders.branchId, branchIds),
        status === undefined ? undefined : eq(orders.status, status),
      ),
    )
    .orderBy(desc(orders.id))
    .limit(limit);
}

export async function findStaffOrder(db: Queryable, id: number, brandId: number): Promise<StaffOrderRow | undefined> {
  const [row] = await db
    .select(staffOrderColumns)
    .from(orders)
    .innerJoin(branches, eq(branches.id, orders.branchId))
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .where(and(eq(orders.id, id), eq(orders.brandId, brandId)));
  return row;
}

/** Moves an order only if it is still in `from` (a concurrent move makes this return undefined). */
export async function updateOrderStatus(
  db: Queryable,
  id: number,
  from: string,
  to: string,
  cancelReason: string | null,
  now: Date,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ status: to, updatedAt: now, ...(cancelReason === null ? {} : { cancelReason }) })
    .where(and(eq(orders.id, id), eq(orders.status, from)))
    .returning();
  return row;
}
