import { createHash } from 'node:crypto';
import { DEFAULT_LANGUAGE, type Language } from '@sufra/shared/language';
import { isOnBoard, momentsOfMove } from '@sufra/shared/machines/order-lifecycle';
import { canTransition, isOrderStatus, type OrderStatus } from '@sufra/shared/machines/order-status';
import type { DeclineReason } from '@sufra/shared/order-times';
import type { OrderType } from '@sufra/shared/order-types';
import type { Order, OrderListResponse, StaffOrder } from '@sufra/shared/schemas/order';
import type { AppContext } from '../../app-context.ts';
import type { CheckoutOffers } from '../../core/checkout-extras.rules.ts';
import { announceOrder } from '../../core/live-notices.repo.ts';
import type { OrderLifecycle } from '../../core/order-lifecycle.service.ts';
import {
  CASH_CLOSED_STATUSES,
  findCustomerOrder,
  findStaffOrder,
  insertOutboxEvent,
  listBranchOrders,
  listCustomerOrders,
  listLinesOf,
  type OrderRow,
  recordCashReceived,
  updateOrderStatus,
} from '../../core/order-rows.repo.ts';
import { toOrder, toStaffOrder } from '../../core/orders.view.ts';
import type { PlacementContext } from '../../core/qr-context.service.ts';
import { type CustomerSessionCheck, isCustomerSessionLive } from '../../core/sessions.repo.ts';
import type { CustomerPrincipal, StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import type { MenuService } from '../menu/menu.service.ts';
import type { PlaceOrderInput } from './order-lines.service.ts';
import { createOrderPlacement, type OrdersPayments, type PlacedOrder } from './order-placement.service.ts';
import { findIdempotencyKey } from './placement.repo.ts';

/** Fresh reads of a QR context whose brand's settings changed between read and write, before answering 503. */
const STALE_CONTEXT_RETRIES = 3;

/** What the orders' operations need: the app, the menu, payments and the lifecycle, and the placement's write. */
export interface OrdersDeps {
  ctx: AppContext;
  menu: MenuService;
  /** The card side of orders, registered by the composition root (app.ts): orders imports no payments code. */
  payments: OrdersPayments;
  lifecycle: OrderLifecycle;
  placement: ReturnType<typeof createOrderPlacement>;
}

/**
 * Places an order. Nothing is written before the one statement that writes it, which also checks the session
 * and claims the key: a refusal leaves nothing behind, so the same attempt can be retried once the cause is
 * fixed. A key taken already answers its first response (a replay), or 422 when the body differs; a key won by a
 * concurrent duplicate at the write answers 409.
 */
export async function placeOrder(
  deps: OrdersDeps,
  context: PlacementContext,
  signedIn: { customer: CustomerPrincipal; check: Omit<CustomerSessionCheck, 'now'> },
  key: string,
  body: PlaceOrderInput,
  /** The diner's language, for the card provider's pages. */
  language: Language = DEFAULT_LANGUAGE,
): Promise<PlacedOrder> {
  const { ctx } = deps;
  const { db } = ctx;
  const { placeNew, replayOf } = deps.placement;
  const { customer } = signedIn;
  let qr = context.row;
  const requestHash = createHash('sha256')
    .update(JSON.stringify({ uuid: qr.qr.uuid, body }))
    .digest('base64url');
  const session = { ...signedIn.check, now: ctx.now() };
  // A context from this process's cache is only trusted to let an order through: the write checks its version.
  let cached = context.cached;
  let placed: Awaited<ReturnType<typeof placeNew>>;
  for (let stale = 0; ; ) {
    try {
      placed = await placeNew(qr, customer, session, key, requestHash, body, language);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // A refusal on a cached context is made again on a fresh one: the cache never refuses what the database
      // would allow (a branch opened, a service switched back on since it was read).
      if (cached) {
        qr = await context.reread();
        cached = false;
        continue;
      }
      // A refusal. A signed-out diner is told that first; a replay of an order placed before answers that order,
      // whatever the menu or the branch says now.
      if (!(await isCustomerSessionLive(db, session))) throw new AppError('session_expired');
      const replay = await replayOf(qr, customer, key, requestHash, language);
      if (replay) return replay;
      throw error;
    }
    if (placed !== 'stale_context') break;
    // The brand's settings changed after the context was read (nothing was written): read it again and rerun
    // every rule. Only settings that keep changing under the write run out of tries.
    if (++stale > STALE_CONTEXT_RETRIES) throw new AppError('settings_changing');
    qr = await context.reread();
    cached = false;
  }
  if (placed === 'key_racing') {
    const existing = await findIdempotencyKey(db, customer.id, key);
    if (existing && existing.requestHash !== requestHash) throw new AppError('idempotency_key_reused');
    throw new AppError('idempotency_key_in_flight');
  }
  if (placed === 'key_taken') {
    // (Gone again only if its customer was deleted meanwhile: then this is a retry's business.)
    const replay = await replayOf(qr, customer, key, requestHash, language);
    if (!replay) throw new AppError('idempotency_key_in_flight');
    return replay;
  }
  const { order, payment } = placed;
  if (!payment) return { status: 201, body: order, replayed: false };
  // The order and its first attempt are written (unpaid, not yet handed to the kitchen); now the provider's
  // answer. A provider that does not answer → 502 with the order id; a retry with the same key replays and
  // tries the provider again.
  const redirect = await payment.finish();
  return { status: 201, body: { ...order, payment: redirect }, replayed: false };
}

export async function listForCustomer(
  deps: OrdersDeps,
  customer: CustomerPrincipal,
  page: number,
  pageSize: number,
): Promise<OrderListResponse> {
  const { db } = deps.ctx;
  const rows = await listCustomerOrders(db, customer.id, customer.brandId, pageSize + 1, (page - 1) * pageSize);
  const shown = rows.slice(0, pageSize);
  const lines = await listLinesOf(
    db,
    shown.map((r) => r.order.id),
  );
  return {
    orders: shown.map((r) =>
      toOrder(
        r,
        lines.filter((l) => l.orderId === r.order.id),
      ),
    ),
    page,
    pageSize,
    hasMore: rows.length > pageSize,
  };
}

/** Another customer's order (or one at another brand) is not found, as if it did not exist. */
export async function getForCustomer(deps: OrdersDeps, customer: CustomerPrincipal, id: number): Promise<Order> {
  const { db } = deps.ctx;
  const row = await findCustomerOrder(db, id, customer.id, customer.brandId);
  if (!row) throw new AppError('order_not_found');
  return toOrder(row, await listLinesOf(db, [id]));
}

/** The board: orders of the staff user's branches (a branch outside them answers 403, like the stream and tables). */
export async function listForStaff(
  deps: OrdersDeps,
  staff: StaffPrincipal,
  query: { branchId?: number | undefined; status?: OrderStatus | undefined; limit: number },
): Promise<StaffOrder[]> {
  const { db } = deps.ctx;
  if (query.branchId !== undefined && !staff.branchIds.includes(query.branchId)) {
    throw new AppError('branch_out_of_scope');
  }
  const branchIds = query.branchId === undefined ? staff.branchIds : [query.branchId];
  const rows = await listBranchOrders(db, staff.brandId, branchIds, query.status, query.limit);
  const lines = await listLinesOf(
    db,
    rows.map((r) => r.order.id),
  );
  return rows.map((r) =>
    toStaffOrder(
      r,
      lines.filter((l) => l.orderId === r.order.id),
    ),
  );
}

/** What a board move carries besides its status: a cancel's reason (text, or one from the list), an acceptance's delay. */
export interface StatusMove {
  reason?: string | undefined;
  declineReason?: DeclineReason | undefined;
  delayMinutes?: number | undefined;
}

/**
 * Moves an order as the shared machine allows (else 409); cancel needs a reason (its text or one from the list);
 * accepting may say "ready in N min". The move, its status time and its outbox row are one transaction.
 */
export async function changeStatus(
  deps: OrdersDeps,
  staff: StaffPrincipal,
  id: number,
  to: OrderStatus,
  move: StatusMove,
): Promise<StaffOrder> {
  const { ctx } = deps;
  const { reason, declineReason, delayMinutes } = move;
  const { db } = ctx;
  const row = await findStaffOrder(db, id, staff.brandId);
  if (!row || !staff.branchIds.includes(row.order.branchId)) throw new AppError('order_not_found');
  // An order not yet handed to the kitchen (a card order not yet paid): staff do not see it.
  if (!isOnBoard(row.order)) throw new AppError('order_not_found');
  const from = row.order.status;
  if (!isOrderStatus(from) || !canTransition(row.order.orderType as OrderType, from, to)) {
    throw new AppError('order_transition_not_allowed', { from, to });
  }
  // A reason from the list belongs to a cancel, a "ready in" to an acceptance: elsewhere they would mean nothing.
  if (declineReason !== undefined && to !== 'canceled') {
    throw new AppError('validation_failed', undefined, { declineReason: 'field_invalid' });
  }
  if (delayMinutes !== undefined && to !== 'sent_to_kitchen') {
    throw new AppError('validation_failed', undefined, { delayMinutes: 'field_invalid' });
  }
  if (to === 'canceled' && !reason && !declineReason) throw new AppError('cancel_reason_required');
  const now = ctx.now();
  let refundOwed = false;
  const updated = await db.transaction(async (tx) => {
    const order = await updateOrderStatus(
      tx,
      id,
      from,
      to,
      to === 'canceled'
        ? { cancelReason: reason ?? null, declineReason: declineReason ?? null }
        : { acceptDelayMinutes: delayMinutes ?? null },
      now,
    );
    // Someone else moved it first: the move was decided on a status it no longer has.
    if (!order) throw new AppError('order_transition_not_allowed', { from, to });
    await insertOutboxEvent(tx, {
      orderId: id,
      event: 'order_status_changed',
      payload: { orderId: id, branchId: order.branchId, from, to },
    });
    // The board and the diner hear of it only once this commits (NOTIFY is delivered at commit).
    await announceOrder(tx, order);
    // The lifecycle's reactions (tables freed after their last order, loyalty's earn on completion, its give-back on
    // a cancel), in this transaction.
    for (const moment of momentsOfMove(to)) await deps.lifecycle.raise(tx, { moment, order, from, to, at: now });
    // A paid card order canceled owes the diner their money: written here, sent to the provider after commit.
    if (to === 'canceled' && order.paymentMethod === 'card' && order.paymentStatus === 'paid') {
      refundOwed = await deps.payments.owePaidOrderRefund(tx, id);
    }
    return order;
  });
  if (refundOwed) deps.payments.onRefundQueued();
  return toStaffOrder({ ...row, order: updated }, await listLinesOf(db, [id]));
}

/**
 * The board's "cash received": a cash order's money taken, recorded with the staff user and the time, and the
 * order paid. Any role in the order's branch may (the cashier takes the money); another branch's or brand's staff
 * get 404, as for status moves. Refused with 409 when it is not a cash order, is canceled or returned, or was
 * recorded already (two taps record it once: the update is conditional).
 */
export async function recordCash(deps: OrdersDeps, staff: StaffPrincipal, id: number): Promise<StaffOrder> {
  const { ctx } = deps;
  const { db } = ctx;
  const row = await findStaffOrder(db, id, staff.brandId);
  if (!row || !staff.branchIds.includes(row.order.branchId)) throw new AppError('order_not_found');
  if (!isOnBoard(row.order)) throw new AppError('order_not_found');
  const refuse = (order: OrderRow) =>
    new AppError(
      order.paymentMethod === 'cash' && order.paymentStatus === 'paid'
        ? 'cash_already_received'
        : 'cash_not_receivable',
    );
  if (
    row.order.paymentMethod !== 'cash' ||
    row.order.paymentStatus !== 'unpaid' ||
    CASH_CLOSED_STATUSES.includes(row.order.status)
  ) {
    throw refuse(row.order);
  }
  const updated = await db.transaction(async (tx) => {
    const order = await recordCashReceived(tx, id, staff.id, ctx.now());
    // Moved meanwhile (recorded by another tap, or canceled): say which, from the row as it is now.
    if (!order) {
      const now = await findStaffOrder(tx, id, staff.brandId);
      throw now ? refuse(now.order) : new AppError('order_not_found');
    }
    // The diner's page and history, and every board, see it paid once this commits.
    await announceOrder(tx, order);
    return order;
  });
  // Read again for the recorder's name (a join), as every board will read it from the live notice.
  const after = (await findStaffOrder(db, id, staff.brandId)) ?? { ...row, order: updated };
  return toStaffOrder(after, await listLinesOf(db, [id]));
}

/**
 * Moves an order as its point of sale says (Foodics' webhook or poll: no staff user), step by step along `path`
 * (each step a move the shared machine allows from the step before), all in one transaction with what a board move
 * writes: the outbox rows, the live notice, the lifecycle's reactions, a refund owed. A step whose status the order
 * no longer has (moved meanwhile) stops the walk: nothing is written and the answer is null.
 */
export async function moveFromPos(
  deps: OrdersDeps,
  brandId: number,
  id: number,
  path: OrderStatus[],
  reason: string | null,
): Promise<OrderRow | null> {
  const { ctx } = deps;
  const now = ctx.now();
  let refundOwed = false;
  const moved = await ctx.db
    .transaction(async (tx) => {
      const current = (await findStaffOrder(tx, id, brandId))?.order;
      if (!current) return null;
      // Each step is conditional on the status before it: a concurrent move makes the walk stop, written nothing.
      let from = current.status;
      let order: OrderRow | undefined;
      for (const to of path) {
        if (!isOrderStatus(from) || !canTransition(current.orderType as OrderType, from, to)) {
          throw new AppError('order_transition_not_allowed', { from, to });
        }
        order = await updateOrderStatus(tx, id, from, to, { cancelReason: to === 'canceled' ? reason : null }, now);
        if (!order) throw new AppError('order_transition_not_allowed', { from, to });
        await insertOutboxEvent(tx, {
          orderId: id,
          event: 'order_status_changed',
          payload: { orderId: id, branchId: order.branchId, from, to, by: 'pos' },
        });
        await announceOrder(tx, order);
        for (const moment of momentsOfMove(to)) await deps.lifecycle.raise(tx, { moment, order, from, to, at: now });
        if (to === 'canceled' && order.paymentMethod === 'card' && order.paymentStatus === 'paid') {
          refundOwed = await deps.payments.owePaidOrderRefund(tx, id);
        }
        from = to;
      }
      return order ?? null;
    })
    .catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'order_transition_not_allowed') return null;
      throw error;
    });
  if (refundOwed) deps.payments.onRefundQueued();
  return moved;
}

/** Orders: placing them, the diner's history, and the board's moves. Binds the functions above to the app. */
export function createOrdersService(
  ctx: AppContext,
  options: { menu: MenuService; payments: OrdersPayments; lifecycle: OrderLifecycle; offers: CheckoutOffers },
) {
  const placement = createOrderPlacement(ctx, options);
  const deps = { ctx, ...options, placement } satisfies OrdersDeps;
  return {
    placeOrder: placeOrder.bind(null, deps),
    listForCustomer: listForCustomer.bind(null, deps),
    getForCustomer: getForCustomer.bind(null, deps),
    listForStaff: listForStaff.bind(null, deps),
    changeStatus: changeStatus.bind(null, deps),
    recordCash: recordCash.bind(null, deps),
    moveFromPos: moveFromPos.bind(null, deps),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
