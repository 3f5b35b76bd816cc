import { PAID_BEFORE_KITCHEN } from '@sufra/shared/machines/order-lifecycle';
import { and, desc, eq, inArray, notInArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { branches } from '../db/schema/branches.ts';
import { customerAddresses, customers } from '../db/schema/customers.ts';
import { foodicsOrders } from '../db/schema/foodics.ts';
import { orderLines, orderOutbox, orders } from '../db/schema/orders.ts';
import { staffUsers } from '../db/schema/staff.ts';
import { OUTBOX_WAKE_CHANNEL } from './order-outbox.repo.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderInsert = typeof orders.$inferInsert;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderLineInsert = typeof orderLines.$inferInsert;

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

const paidBeforeKitchen = sql.raw(PAID_BEFORE_KITCHEN.map((m) => `'${m}'`).join(', '));

/**
 * shared `isOnBoard` in SQL, over any order row's columns (an aliased subquery's too): every order but one that
 * waits for its payment before the kitchen (a card order whose payment is not verified yet: the kitchen has not
 * been handed it, and it may never be paid).
 */
export function onBoardCondition(paymentMethod: SQLWrapper, paymentStatus: SQLWrapper): SQL {
  return sql`not (${paymentMethod} in (${paidBeforeKitchen}) and ${paymentStatus} = 'unpaid')`;
}

/** What staff see: the orders on the board. */
export const handedToKitchen = onBoardCondition(orders.paymentMethod, orders.paymentStatus);

const staffOrderColumns = {
  ...orderWithBranch,
  customerName: customers.fullName,
  customerPhone: customers.phone,
  cashReceivedByName: staffUsers.name,
  posState: foodicsOrders.state,
  posFailures: foodicsOrders.failures,
  posLastError: foodicsOrders.lastError,
  posNextAttemptAt: foodicsOrders.nextAttemptAt,
  posFoodicsStatus: foodicsOrders.foodicsStatus,
  posSentAt: foodicsOrders.sentAt,
  posPendingAlertAt: foodicsOrders.pendingAlertAt,
  posUpdatedAt: foodicsOrders.updatedAt,
};
/** The order's hand-off to the POS (Foodics), as the board reads it: all null when it was never handed over. */
export interface PosHandOffColumns {
  posState: string | null;
  posFailures: number | null;
  posLastError: string | null;
  posNextAttemptAt: Date | null;
  posFoodicsStatus: number | null;
  posSentAt: Date | null;
  posPendingAlertAt: Date | null;
  posUpdatedAt: Date | null;
}
export type StaffOrderRow = OrderWithBranch &
  PosHandOffColumns & {
    customerName: string | null;
    customerPhone: string | null;
    /** The staff user who recorded the cash taken (null until then, or once that user is deleted). */
    cashReceivedByName: string | null;
  };

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
    .leftJoin(staffUsers, eq(staffUsers.id, orders.cashReceivedBy))
    .leftJoin(foodicsOrders, eq(foodicsOrders.orderId, orders.id))
    .where(
      and(
        eq(orders.brandId, brandId),
        inArray(orders.branchId, branchIds),
        status === undefined ? undefined : eq(orders.status, status),
        handedToKitchen,
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
    .leftJoin(staffUsers, eq(staffUsers.id, orders.cashReceivedBy))
    .leftJoin(foodicsOrders, eq(foodicsOrders.orderId, orders.id))
    .where(and(eq(orders.id, id), eq(orders.brandId, brandId)));
  return row;
}

/**
 * The order's status times with `status` reached at `at` (issue 28 item 3), for the update that moves it: the last
 * time each status was reached, written by the same statement as the move.
 */
export function reachedStatusSql(status: string, at: Date): SQL {
  return sql`${orders.statusTimes} || jsonb_build_object(${status}::text, ${at.toISOString()}::text)`;
}

/** What a move writes besides the status: a cancel's reasons, an acceptance's "ready in N min". */
export interface StatusMoveExtras {
  cancelReason?: string | null;
  declineReason?: string | null;
  acceptDelayMinutes?: number | null;
}

/** Moves an order only if it is still in `from` (a concurrent move makes this return undefined). */
export async function updateOrderStatus(
  db: Queryable,
  id: number,
  from: string,
  to: string,
  extras: StatusMoveExtras,
  now: Date,
): Promise<OrderRow | undefined> {
  const set: Partial<OrderRow> = {};
  if (extras.cancelReason != null) set.cancelReason = extras.cancelReason;
  if (extras.declineReason != null) set.declineReason = extras.declineReason;
  if (extras.acceptDelayMinutes != null) set.acceptDelayMinutes = extras.acceptDelayMinutes;
  const [row] = await db
    .update(orders)
    .set({ status: to, updatedAt: now, statusTimes: reachedStatusSql(to, now), ...set })
    .where(and(eq(orders.id, id), eq(orders.status, from)))
    .returning();
  return row;
}

/** An order that ended without the diner keeping the food owes no cash. */
export const CASH_CLOSED_STATUSES = ['canceled', 'returned'];

/**
 * Records a cash order's money as taken, by whom and when: only a cash order still unpaid and neither canceled nor
 * returned moves, so two taps (two staff, or a double tap) record it once. Undefined when nothing moved.
 */
export async function recordCashReceived(
  db: Queryable,
  id: number,
  staffId: number,
  now: Date,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ paymentStatus: 'paid', cashReceivedAt: now, cashReceivedBy: staffId, updatedAt: now })
    .where(
      and(
        eq(orders.id, id),
        eq(orders.paymentMethod, 'cash'),
        eq(orders.paymentStatus, 'unpaid'),
        notInArray(orders.status, CASH_CLOSED_STATUSES),
      ),
    )
    .returning();
  return row;
}
