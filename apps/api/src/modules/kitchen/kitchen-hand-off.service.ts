import { handsToKitchenAt } from '@sufra/shared/machines/order-lifecycle';
import type { CheckoutExtra } from '../../core/checkout-extras.rules.ts';
import type { OrderLifecycle } from '../../core/order-lifecycle.service.ts';
import { handOffRows, handToKitchen } from './kitchen-hand-off.repo.ts';

/**
 * The kitchen's subscription to the order lifecycle: the one place that decides when an order reaches the kitchen
 * (shared `handsToKitchenAt`) and what handing it over writes (kitchen-hand-off.repo handOffSql, the one SQL of it).
 * - `placed` (planned): an order handed over at placement gets its outbox row and the board's notice in the
 *   placement's own statement (kitchenHandOffExtra, a checkout extra registered at the composition root).
 * - `handed_to_kitchen` (raised by a verified payment, payment-settle): the same two writes, in that transaction.
 */
export function subscribeKitchenHandOff(lifecycle: OrderLifecycle): void {
  lifecycle.onPlacement('kitchen hand-off', (order, plan) => {
    plan.handToKitchen = handsToKitchenAt(order) === 'placement';
  });
  lifecycle.on('handed_to_kitchen', 'kitchen hand-off', (tx, { order }) => handToKitchen(tx, order));
}

/**
 * The hand-off as a checkout extra (core/checkout-extras.rules), in every batch: the placed orders the lifecycle hands
 * over now (`hand_to_kitchen`, the plan above). A card order's row is written once its payment is verified.
 */
export const kitchenHandOffExtra: CheckoutExtra<never, never> = {
  name: 'kitchen hand-off',
  rank: 'order_outbox',
  inEveryBatch: true,
  columns: {},
  input: () => ({}),
  rows: handOffRows,
};
