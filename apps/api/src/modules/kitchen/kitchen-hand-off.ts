import { handsToKitchenAt } from '@sufra/shared/machines/order-lifecycle';
import { notifyLive } from '../../core/live-notices.repo.ts';
import type { OrderLifecycle } from '../../core/order-lifecycle.service.ts';
import { insertOutboxEvent, type OrderRow } from '../../core/order-rows.repo.ts';
import type { Queryable } from '../../db/client.ts';

/**
 * The kitchen's subscription to the order lifecycle: the one place that decides when an order reaches the kitchen
 * (shared `handsToKitchenAt`) and what handing it over writes.
 * - `placed` (planned, placement.repo writes it): an order handed over at placement gets its outbox row and the
 *   board's notice in the placement's own statement.
 * - `handed_to_kitchen` (raised by a verified payment, payment-settle): the same two writes, in that transaction.
 */
export function subscribeKitchenHandOff(lifecycle: OrderLifecycle): void {
  lifecycle.onPlacement('kitchen hand-off', (order, plan) => {
    plan.handToKitchen = handsToKitchenAt(order) === 'placement';
  });
  lifecycle.on('handed_to_kitchen', 'kitchen hand-off', (tx, { order }) => handToKitchen(tx, order));
}

/**
 * What handing an order to the kitchen writes: its `order_placed` outbox row (the POS, at least once, through the
 * kitchen relay) and the board's live notice, both delivered when the caller's transaction commits. placement.repo's
 * statement writes the same two for the orders it hands over (its `outbox` CTE and the notice in its last select).
 */
export async function handToKitchen(
  tx: Queryable,
  order: Pick<OrderRow, 'id' | 'brandId' | 'branchId' | 'customerId' | 'number'>,
): Promise<void> {
  await insertOutboxEvent(tx, {
    orderId: order.id,
    event: 'order_placed',
    payload: { orderId: order.id, brandId: order.brandId, branchId: order.branchId, number: order.number },
  });
  await notifyLive(tx, {
    kind: 'order_placed',
    orderId: order.id,
    brandId: order.brandId,
    branchId: order.branchId,
    customerId: order.customerId,
  });
}
