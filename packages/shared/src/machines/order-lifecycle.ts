import type { OrderStatus } from './order-status.ts';

/**
 * The moments of an order's life that other parts of the product react to (DESIGN §4, "the order's life is one
 * seam"), named once. Each is raised inside the transaction that makes it true; reactions that must be atomic with
 * it (a points earn, a punch, a referral conversion, a clawback) run in that transaction, and reactions that may
 * lag (POS, SMS, e-mail) go through the outbox.
 *
 * - placed: the order is written (cash: handed to the kitchen at once; card: not until paid).
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
