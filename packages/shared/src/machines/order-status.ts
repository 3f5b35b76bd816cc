import type { Language } from '../language.ts';
import { ORDER_TYPES, type OrderType } from '../order-types.ts';

/**
 * An order's status (the spec's "delivery status", DESIGN §4). The server refuses every move the table below does not
 * list; the order board offers exactly `nextStatuses`. The strings are the values stored and sent on the wire.
 */
export const ORDER_STATUSES = [
  'pending',
  'sent_to_kitchen',
  'ready',
  'assigned',
  'en_route',
  'delivered',
  'canceled',
  'returned',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Every order starts here. */
export const INITIAL_ORDER_STATUS: OrderStatus = 'pending';

/** No move leaves these. */
export const TERMINAL_ORDER_STATUSES: readonly OrderStatus[] = ['delivered', 'canceled', 'returned'];

const { dineIn, pickup, delivery } = ORDER_TYPES;
const EVERY_TYPE: readonly OrderType[] = [dineIn, pickup, delivery];
/** Pickup and dine-in: no driver; "delivered" means handed over at the counter or the table. */
const HANDED_OVER: readonly OrderType[] = [dineIn, pickup];
const DELIVERY_ONLY: readonly OrderType[] = [delivery];

export interface OrderStatusTransition {
  from: OrderStatus;
  to: OrderStatus;
  orderTypes: readonly OrderType[];
}

/** The one table of allowed moves: from, to, and the order types that may make it. */
export const ORDER_STATUS_TRANSITIONS: readonly OrderStatusTransition[] = [
  { from: 'pending', to: 'sent_to_kitchen', orderTypes: EVERY_TYPE },
  { from: 'pending', to: 'canceled', orderTypes: EVERY_TYPE },
  { from: 'sent_to_kitchen', to: 'ready', orderTypes: EVERY_TYPE },
  // The kitchen can still cancel (an item ran out) before the food is ready.
  { from: 'sent_to_kitchen', to: 'canceled', orderTypes: EVERY_TYPE },
  { from: 'ready', to: 'assigned', orderTypes: DELIVERY_ONLY },
  { from: 'ready', to: 'delivered', orderTypes: HANDED_OVER },
  // Ready but never collected or sent out (a no-show, no driver).
  { from: 'ready', to: 'canceled', orderTypes: EVERY_TYPE },
  { from: 'assigned', to: 'en_route', orderTypes: DELIVERY_ONLY },
  // The driver drops the order before leaving: it waits for another driver.
  { from: 'assigned', to: 'ready', orderTypes: DELIVERY_ONLY },
  // The food has not left the branch yet, so it can still be canceled.
  { from: 'assigned', to: 'canceled', orderTypes: DELIVERY_ONLY },
  { from: 'en_route', to: 'delivered', orderTypes: DELIVERY_ONLY },
  // Once the food is out, a failed delivery comes back: "returned", not "canceled".
  { from: 'en_route', to: 'returned', orderTypes: DELIVERY_ONLY },
];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

export function canTransition(orderType: OrderType, from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_STATUS_TRANSITIONS.some((t) => t.from === from && t.to === to && t.orderTypes.includes(orderType));
}

/** Where an order of this type can go from `from`, in the table's order. */
export function nextStatuses(orderType: OrderType, from: OrderStatus): OrderStatus[] {
  return ORDER_STATUS_TRANSITIONS.filter((t) => t.from === from && t.orderTypes.includes(orderType)).map((t) => t.to);
}

export function isTerminalOrderStatus(status: OrderStatus): boolean {
  return TERMINAL_ORDER_STATUSES.includes(status);
}

/** The statuses an order of this type can ever be in (reachable from `pending`), in ORDER_STATUSES order. */
export function orderStatusesFor(orderType: OrderType): OrderStatus[] {
  const reached = new Set<OrderStatus>([INITIAL_ORDER_STATUS]);
  const queue: OrderStatus[] = [INITIAL_ORDER_STATUS];
  for (let status = queue.shift(); status !== undefined; status = queue.shift()) {
    for (const next of nextStatuses(orderType, status)) {
      if (!reached.has(next)) {
        reached.add(next);
        queue.push(next);
      }
    }
  }
  return ORDER_STATUSES.filter((s) => reached.has(s));
}

/** The spec's words (§4) and their Arabic. "Delivered" is also what a handed-over pickup or dine-in order shows. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, Record<Language, string>> = {
  pending: { en: 'Pending', ar: 'قيد الانتظار' },
  sent_to_kitchen: { en: 'Sent to kitchen', ar: 'أُرسل إلى المطبخ' },
  ready: { en: 'Ready', ar: 'جاهز' },
  assigned: { en: 'Assigned', ar: 'تم تعيين المندوب' },
  en_route: { en: 'En route', ar: 'في الطريق' },
  delivered: { en: 'Delivered', ar: 'تم التسليم' },
  canceled: { en: 'Canceled', ar: 'ملغي' },
  returned: { en: 'Returned', ar: 'مُرتجع' },
};

export function orderStatusLabel(status: OrderStatus, language: Language): string {
  return ORDER_STATUS_LABELS[status][language];
}

/** How a handed-over order ends for the diner: nobody delivers a pickup or a dine-in order (the data keeps "delivered"). */
export const HANDED_OVER_LABELS: Record<OrderType, Record<Language, string>> = {
  [ORDER_TYPES.dineIn]: { en: 'Served', ar: 'تم التقديم' },
  [ORDER_TYPES.pickup]: { en: 'Picked up', ar: 'تم الاستلام' },
  [ORDER_TYPES.delivery]: ORDER_STATUS_LABELS.delivered,
};

/** The status as the diner reads it: the spec's words, except a handed-over pickup ("Picked up") or dine-in ("Served"). */
export function dinerOrderStatusLabel(status: OrderStatus, orderType: OrderType, language: Language): string {
  return status === 'delivered' ? HANDED_OVER_LABELS[orderType][language] : orderStatusLabel(status, language);
}
