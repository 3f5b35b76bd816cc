import type { OrderStatus } from './machines/order-status.ts';
import { ORDER_TYPES, type OrderType } from './order-types.ts';

/**
 * The order's estimate (issue 28 item 3): one pure function the checkout runs before placing and the server runs for
 * every order it answers (docs/adr/0500-order-time-estimates.md). No zod, no other shared module but the types.
 */

/** A branch's preparation time: a base for every order plus a little per item (the model chosen in ADR 0500). */
export interface PreparationTime {
  baseMinutes: number;
  perItemMinutes: number;
}

/** An order's preparation never counts as longer than this, however many items it has (orders.prep_minutes). */
export const ORDER_PREP_MAX_MINUTES = 600;

/** A delivery zone that gives no time of its own (its `estimatedMinutes` is empty). */
export const DEFAULT_DELIVERY_MINUTES = 30;

/** Items counted for preparation: every unit of every line (a combo counts once per unit). */
export function preparationMinutes(prep: PreparationTime, quantities: readonly number[]): number {
  const items = quantities.reduce((sum, q) => sum + Math.max(0, Math.trunc(q)), 0);
  const minutes = Math.max(0, prep.baseMinutes) + Math.max(0, prep.perItemMinutes) * items;
  return Math.min(ORDER_PREP_MAX_MINUTES, Math.round(minutes));
}

/** When each status was reached (ISO instants), as the order keeps them; `pending` is the placement time. */
export type OrderStatusTimes = Partial<Record<OrderStatus, string>>;

export interface OrderTimesInput {
  orderType: OrderType;
  status: OrderStatus;
  /** When the order was placed (ISO). */
  placedAt: string;
  /** A scheduled order's wanted time (ISO), or null for as soon as possible. */
  receiveAt: string | null;
  /** The preparation minutes counted at placement. */
  prepMinutes: number;
  /** Delivery: the zone's minutes counted at placement; ignored for pickup and dine-in. */
  deliveryMinutes: number | null;
  statusTimes: OrderStatusTimes;
  /** The board's "ready in N min" given when it accepted the order. */
  acceptDelayMinutes: number | null;
}

export interface OrderTimesEstimate {
  /** When the food should be ready (pickup and dine-in: the time the diner waits for). */
  readyAt: string;
  /** Delivery: when it should reach the diner; null for pickup and dine-in. */
  arrivalAt: string | null;
}

const MINUTE = 60_000;
const plus = (iso: string, minutes: number) => Date.parse(iso) + minutes * MINUTE;
const NO_ESTIMATE: readonly OrderStatus[] = ['delivered', 'canceled', 'returned'];

/**
 * The one estimate, used by the checkout (before placing, from the branch's settings), by the server for every order
 * it answers (never the client's figure) and by the confirmation page as the order moves:
 * - ready: the actual time once ready; else the kitchen's "ready in N" from when it accepted; else placed +
 *   preparation; never before a scheduled order's wanted time (less the drive, for delivery);
 * - arrival (delivery): on its way + the drive once en route, else ready + the drive.
 * Null once the order is finished (delivered, canceled, returned): the timeline shows what happened instead.
 */
export function estimateOrderTimes(input: OrderTimesInput): OrderTimesEstimate | null {
  if (NO_ESTIMATE.includes(input.status)) return null;
  const delivery = input.orderType === ORDER_TYPES.delivery;
  const drive = delivery ? (input.deliveryMinutes ?? DEFAULT_DELIVERY_MINUTES) : 0;
  const times = input.statusTimes;
  const readyReached = times.ready !== undefined && input.status !== 'pending' && input.status !== 'sent_to_kitchen';
  let ready: number;
  if (readyReached && times.ready) {
    ready = Date.parse(times.ready);
  } else {
    const accepted = times.sent_to_kitchen;
    ready =
      accepted !== undefined && input.acceptDelayMinutes !== null
        ? plus(accepted, input.acceptDelayMinutes)
        : plus(input.placedAt, input.prepMinutes);
    if (input.receiveAt !== null) ready = Math.max(ready, plus(input.receiveAt, -drive));
  }
  let arrival: number | null = null;
  if (delivery) {
    const onItsWay = input.status === 'en_route' ? times.en_route : undefined;
    arrival = onItsWay !== undefined ? plus(onItsWay, drive) : ready + drive * MINUTE;
  }
  return {
    readyAt: new Date(ready).toISOString(),
    arrivalAt: arrival === null ? null : new Date(arrival).toISOString(),
  };
}

/** Whole minutes from `now` to `at`, never below zero (the board's "ready in 12 min"). */
export function minutesUntil(at: string, now: Date): number {
  return Math.max(0, Math.ceil((Date.parse(at) - now.getTime()) / MINUTE));
}
