import type { OrderStatus } from './order-status.ts';

/**
 * The moments of an order's life that other parts of the product react to (DESIGN §4, "the order's life is one
 * seam"), named once. Each is raised inside the transaction that makes it true; reactions that must be atomic with
 * it (a points earn, a punch, a referral conversion, a clawback) run in that transaction, and reactions that may
 * lag (POS, SMS, e-mail) go through the outbox.
 *
 * - placed: the order is written (handed to the kitchen at once, or once paid: handsToKitchenAt).
 * - paid: its card payment is verified.
 * - handed_to_kitchen: the board (and a POS) may see it.
 * - status_changed: any move of the status machine (with from and to).
 * - completed: delivered, or handed over at the counter or the table.
 * - canceled: canceled by staff or expired unpaid.
 * - refunded: its payment went back to the diner.
 */
export const ORDER_MOMENTS = [
  'placed',
  'paid',
  'handed_to_kitchen',
  'status_changed',
  'completed',
  'canceled',
  'refunded',
] as const;
export type OrderMoment = (typeof ORDER_MOMENTS)[number];

/** The moments a status move raises after `status_changed`: `completed` on delivery, `canceled` on a cancel. */
export function momentsOfMove(to: OrderStatus): OrderMoment[] {
  if (to === 'delivered') return ['status_changed', 'completed'];
  if (to === 'canceled') return ['status_changed', 'canceled'];
  return ['status_changed'];
}

/**
 * Payment methods whose orders reach the kitchen only once their payment is verified: a card payment may never
 * come (abandoned, refused), and a kitchen must not cook for it. Cash is paid at the counter, after the food.
 */
export const PAID_BEFORE_KITCHEN = ['card'] as const;

/** When an order is handed to the kitchen: at its placement, or once its payment is verified. */
export type KitchenHandOff = 'placement' | 'payment';

/** The hand-off rule, in one place: a method paid before the kitchen waits for the payment, any other goes at once. */
export function handsToKitchenAt(order: { paymentMethod: string }): KitchenHandOff {
  return (PAID_BEFORE_KITCHEN as readonly string[]).includes(order.paymentMethod) ? 'payment' : 'placement';
}

/**
 * Whether staff see the order (the board, its moves, its live events): once it has been handed to the kitchen.
 * An order that waits for its payment is not on the board while unpaid (and, expired unpaid, never will be).
 * orders.repo `onBoardCondition` is the same rule in SQL, built from PAID_BEFORE_KITCHEN.
 */
export function isOnBoard(order: { paymentMethod: string; paymentStatus: string }): boolean {
  return handsToKitchenAt(order) === 'placement' || order.paymentStatus !== 'unpaid';
}
