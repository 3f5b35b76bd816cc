import { EVALUATION_LOW_EVENT, type StaffEvaluation } from '@sufra/shared/schemas/evaluation';
import type { Order, StaffOrder } from '@sufra/shared/schemas/order';
import { ORDER_EVENT, type Table } from '@sufra/shared/schemas/order-events';
import type { AppContext } from '../../app-context.ts';
import type { LiveHub } from '../../core/live-hub.service.ts';
import { findStaffOrder, listLinesOf } from '../../core/order-rows.repo.ts';
import { toStaffOrder } from '../../core/orders.view.ts';
import type { CustomerPrincipal, StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import type { EventStream } from '../../plugins/event-stream.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { findTableOfBrand, toTable } from '../tables/tables.service.ts';

/** `id:` of an order event: the order and the change, so a client can tell a repeat from a newer state. */
export function orderEventId(order: Order): string {
  return `${order.id}:${Date.parse(order.updatedAt)}`;
}

/** What the hub loads once per event on this instance. */
export function createLiveLoaders(
  ctx: AppContext,
  evaluations: { loadForStaff(id: number, brandId: number): Promise<StaffEvaluation | undefined> },
) {
  return {
    loadEvaluation: (evaluationId: number, brandId: number) => evaluations.loadForStaff(evaluationId, brandId),
    async loadOrder(orderId: number, brandId: number): Promise<StaffOrder | undefined> {
      const row = await findStaffOrder(ctx.db, orderId, brandId);
      return row ? toStaffOrder(row, await listLinesOf(ctx.db, [orderId])) : undefined;
    },
    async loadTable(tableId: number, brandId: number): Promise<Table | undefined> {
      const row = await findTableOfBrand(ctx.db, tableId, brandId);
      return row ? toTable(row) : undefined;
    },
  };
}

/**
 * Who may watch what, and the start of each stream. Every check happens before the stream opens
 * (`open` is called last), so refusals are ordinary JSON errors with their status.
 */
export function createOrderEventsService(deps: { hub: LiveHub; orders: OrdersService }) {
  const { hub, orders } = deps;
  return {
    /**
     * A diner's own order: subscribes first, then reads the order, so no change falls between the snapshot
     * and the live events (one committed in between arrives after the snapshot; clients keep the newest).
     */
    async watchOrder(
      customer: CustomerPrincipal,
      orderId: number,
      open: (onClose: () => void) => EventStream,
    ): Promise<void> {
      await hub.start();
      let stream: EventStream | undefined;
      const early: Order[] = [];
      const unsubscribe = hub.subscribeOrder({
        orderId,
        customerId: customer.id,
        send(order) {
          if (stream) stream.send(ORDER_EVENT, order, orderEventId(order));
          else early.push(order);
        },
      });
      let snapshot: Order;
      try {
        // Another customer's order, or one at another brand: 404, as if it did not exist.
        snapshot = await orders.getForCustomer(customer, orderId);
      } catch (error) {
        unsubscribe();
        throw error;
      }
      stream = openWith(open, unsubscribe);
      stream.send(ORDER_EVENT, snapshot, orderEventId(snapshot));
      for (const order of early) stream.send(ORDER_EVENT, order, orderEventId(order));
    },

    /** The board's stream for one branch in scope, or all of them; `ready` once this instance listens. */
    async watchBoard(
      staff: StaffPrincipal,
      branchId: number | undefined,
      open: (onClose: () => void) => EventStream,
    ): Promise<void> {
      if (branchId !== undefined && !staff.branchIds.includes(branchId)) throw new AppError('branch_out_of_scope');
      await hub.start();
      let stream: EventStream | undefined;
      const unsubscribe = hub.subscribeStaff({
        brandId: staff.brandId,
        branchIds: new Set(branchId === undefined ? staff.branchIds : [branchId]),
        send(event, order) {
          stream?.send(event, order, orderEventId(order));
        },
        sendTable(table) {
          stream?.send('table_updated', table);
        },
        role: staff.role,
        sendEvaluation(evaluation) {
          stream?.send(EVALUATION_LOW_EVENT, evaluation);
        },
      });
      stream = openWith(open, unsubscribe);
      stream.send('ready', {});
    },
  };
}

function openWith(open: (onClose: () => void) => EventStream, unsubscribe: () => void): EventStream {
  try {
    return open(unsubscribe);
  } catch (error) {
    unsubscribe();
    throw error;
  }
}

export type OrderEventsService = ReturnType<typeof createOrderEventsService>;
