import type { Language } from './language.ts';
import type { OrderStatus } from './machines/order-status.ts';
import { ORDER_TYPES, type OrderType } from './order-types.ts';

/**
 * Order times (issue 28 item 3): how long a branch takes to prepare an order, when the diner can expect it, the
 * board's "accept, ready in N min" and its reasons to decline. A plain module without zod, so the checkout, the
 * confirmation page and the board import it without the schemas (docs/adr/0500-order-time-estimates.md).
 */

/** A branch's preparation time: a base for every order plus a little per item (the model chosen in ADR 0500). */
export interface PreparationTime {
  baseMinutes: number;
  perItemMinutes: number;
}

export const PREPARATION_LIMITS = {
  baseMinutes: { min: 0, max: 240 },
  perItemMinutes: { min: 0, max: 30 },
  /** An order's preparation never counts as longer than this, however many items it has. */
  orderMaxMinutes: 600,
} as const;

/** A new branch's, and what a branch saved before issue 28 has. */
export const DEFAULT_PREPARATION: PreparationTime = { baseMinutes: 15, perItemMinutes: 1 };

/** A delivery zone that gives no time of its own (its `estimatedMinutes` is empty). */
export const DEFAULT_DELIVERY_MINUTES = 30;

/** The board's "ready in" choices when accepting, and the API's bounds on any delay. */
export const ACCEPT_DELAY_CHOICES = [10, 15, 20, 25, 30, 45, 60] as const;
export const ACCEPT_DELAY_LIMITS = { min: 1, max: 240 } as const;

/** Why the kitchen declines an order, from a list the diner reads in their language. */
export const DECLINE_REASONS = ['too_busy', 'item_unavailable', 'closing_soon', 'outside_delivery', 'other'] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

export const DECLINE_REASON_LABELS: Record<DeclineReason, Record<Language, string>> = {
  too_busy: { en: 'The kitchen is too busy right now', ar: 'المطبخ مشغول جدًا الآن' },
  item_unavailable: { en: 'An item in the order is not available', ar: 'أحد أصناف الطلب غير متوفر' },
  closing_soon: { en: 'The branch is about to close', ar: 'الفرع على وشك الإغلاق' },
  outside_delivery: { en: 'We cannot deliver to this address now', ar: 'لا يمكننا التوصيل إلى هذا العنوان الآن' },
  other: { en: 'The restaurant could not take the order', ar: 'تعذّر على المطعم قبول الطلب' },
};

export function isDeclineReason(value: unknown): value is DeclineReason {
  return typeof value === 'string' && (DECLINE_REASONS as readonly string[]).includes(value);
}

export function declineReasonLabel(reason: DeclineReason, language: Language): string {
  return DECLINE_REASON_LABELS[reason][language];
}

/** Items counted for preparation: every unit of every line (a combo counts once per unit). */
export function preparationMinutes(prep: PreparationTime, quantities: readonly number[]): number {
  const items = quantities.reduce((sum, q) => sum + Math.max(0, Math.trunc(q)), 0);
  const minutes = Math.max(0, prep.baseMinutes) + Math.max(0, prep.perItemMinutes) * items;
  return Math.min(PREPARATION_LIMITS.orderMaxMinutes, Math.round(minutes));
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
