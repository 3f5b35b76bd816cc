import { isOpenAt } from '@sufra/shared/branch-hours';
import { pickDeliveryZone } from '@sufra/shared/geo/point-in-zone';
import { ORDER_TYPES, type OrderType } from '@sufra/shared/order-types';
import type { Branch, OpeningSpan } from '@sufra/shared/schemas/branch';
import type { QrData } from '@sufra/shared/schemas/establishment';
import type { PlaceOrderBody } from '@sufra/shared/schemas/order';
import type { Service } from '@sufra/shared/services';
import { cartOrderLines } from '../../lib/cart-order-lines';
import type { CartState } from '../../stores/cart-slice';

/**
 * The order the diner is putting together across /order-type, /order-data and /checkout, as pure functions over the
 * cart slice (which is persisted per establishment, so every step works on reload).
 */

/** The spec's order of the choices: dine-in, pickup, delivery. */
const ALL_TYPES: readonly OrderType[] = [ORDER_TYPES.dineIn, ORDER_TYPES.pickup, ORDER_TYPES.delivery];

const SERVICE_OF_TYPE: Record<OrderType, Service> = { 1: 'dine_in', 2: 'pickup', 3: 'delivery' };

/**
 * The types the branch offers, less those a manager switched off (the QR data's services: ordering as a whole, or one
 * type); the server refuses the same.
 */
export function enabledOrderTypes(
  orderTypes: Branch['orderTypes'],
  services: Partial<Record<Service, boolean>> = {},
): OrderType[] {
  if (services.ordering === false) return [];
  const offered = { 1: orderTypes.dineIn, 2: orderTypes.pickup, 3: orderTypes.delivery } as const;
  return ALL_TYPES.filter((type) => offered[type] && services[SERVICE_OF_TYPE[type]] !== false);
}

/** Branches that offer `type` (the QR's brand's list), open ones first, keeping the list's order otherwise. */
export function branchesFor(branches: readonly Branch[], type: OrderType): Branch[] {
  const offering = branches.filter((b) => enabledOrderTypes(b.orderTypes).includes(type));
  return [...offering.filter((b) => b.status === 'open'), ...offering.filter((b) => b.status !== 'open')];
}

export type DeliveryZone = Branch['deliveryZones'][number];

/** The branch's zone that serves the point (highest priority; the server picks with the same function), or null. */
export function zoneFor(point: { lat: number; lng: number }, zones: readonly DeliveryZone[]): DeliveryZone | null {
  return pickDeliveryZone(point, zones) ?? null;
}

/**
 * Where a dine-in order is eaten, from the QR scanned: a table's QR is the table (nothing to ask, not even the
 * location: the QR on the table is the proof); a counter QR needs the location, and the table number where the
 * branch has tables.
 */
export interface DineInPlace {
  tableQr: boolean;
  branchHasTables: boolean;
}

export function dineInPlace(qr: Pick<QrData, 'table' | 'branchHasTables'> | null | undefined): DineInPlace {
  return { tableQr: Boolean(qr?.table), branchHasTables: qr?.branchHasTables ?? false };
}

/** The first step the diner still has to go through before checkout, or null when the order is complete. */
export type MissingStep = 'cart' | 'type' | 'location' | 'table' | 'branch' | 'address';

export function missingStep(
  cart: Pick<
    CartState,
    'products' | 'combos' | 'orderType' | 'coordinates' | 'tableNumber' | 'branch' | 'addressId' | 'deliveryZone'
  >,
  place: DineInPlace,
): MissingStep | null {
  if (cart.products.length === 0 && cart.combos.length === 0) return 'cart';
  if (cart.orderType === null) return 'type';
  if (cart.orderType === ORDER_TYPES.dineIn) {
    if (place.tableQr) return null;
    if (!cart.coordinates) return 'location';
    if (place.branchHasTables && !cart.tableNumber?.trim()) return 'table';
    return null;
  }
  if (!cart.branch) return 'branch';
  if (cart.orderType === ORDER_TYPES.delivery && (cart.addressId === null || !cart.deliveryZone)) return 'address';
  return null;
}

export const NOTES_MAX = 500;

/** The body of `POST /api/orders/{uuid}/` for a complete cart (missingStep null), paid the way the diner chose. */
export function placeOrderBody(
  cart: Pick<
    CartState,
    'products' | 'combos' | 'orderType' | 'coordinates' | 'tableNumber' | 'branch' | 'addressId' | 'notes' | 'receiveAt'
  > & { coupon?: CartState['coupon']; reward?: CartState['reward'] },
  place: DineInPlace,
  paymentMethod: PlaceOrderBody['paymentMethod'] = 'cash',
): PlaceOrderBody {
  const orderType = cart.orderType ?? ORDER_TYPES.dineIn;
  const body: PlaceOrderBody = { orderType, lines: cartOrderLines(cart), paymentMethod };
  if (orderType === ORDER_TYPES.dineIn) {
    // A table's QR sends neither: the server knows the table from the QR.
    if (!place.tableQr && cart.coordinates) body.location = cart.coordinates;
    const tableNumber = cart.tableNumber?.trim();
    if (!place.tableQr && place.branchHasTables && tableNumber) body.tableNumber = tableNumber;
  } else if (cart.branch) {
    body.branchId = cart.branch.id;
  }
  if (orderType === ORDER_TYPES.delivery && cart.addressId !== null) body.addressId = cart.addressId;
  const notes = cart.notes.trim();
  if (notes) body.notes = notes.slice(0, NOTES_MAX);
  if (cart.receiveAt) body.receiveAt = cart.receiveAt;
  // The chosen coupon's code: the server checks it again and records its use with the order (issue 16).
  if (cart.coupon?.coupon) body.couponCode = cart.coupon.code;
  // A reward from My Rewards: the server adds its free item (with the choices the diner picked) or prices its
  // discount, and claims the reward with the order.
  if (cart.reward) body.rewardId = cart.reward.ownedId;
  if (cart.reward?.modifiers && !cart.reward.discount) body.rewardModifiers = cart.reward.modifiers;
  return body;
}

/**
 * One Idempotency-Key per attempt: the same order sent again (a retry after a network error) keeps its key, so the
 * server answers with the first order instead of making a second; a changed order is a new attempt with a new key.
 */
export interface OrderAttempt {
  key: string;
  body: string;
}

export function attemptFor(saved: OrderAttempt | null, body: string, newKey: () => string): OrderAttempt {
  return saved && saved.body === body && saved.key ? saved : { key: newKey(), body };
}

/**
 * A card order placed from this cart whose payment is not verified yet (this tab only). Placing the same cart again
 * (Back from the provider's page, or after a failed payment) pays that order again instead of making a second one;
 * a changed cart is a new order.
 */
export interface PendingCardOrder {
  orderId: number;
  body: string;
}

export const pendingCardOrderKey = (uuid: string) => `sufra.card-order.${uuid}`;

export function pendingCardOrderFor(saved: PendingCardOrder | null, body: string): number | null {
  return saved && saved.body === body && Number.isSafeInteger(saved.orderId) ? saved.orderId : null;
}

/** Refusals after which the server made no order: the next try may use a new key. Network errors and 5xx keep it. */
export function attemptIsSpent(status: number, code: string): boolean {
  return status >= 400 && status < 500 && code !== 'idempotency_key_in_flight';
}

/** Errors that mean the cart no longer matches the menu: the diner is sent back to the cart to see what changed. */
const STALE_CART_CODES = new Set([
  'item_not_found',
  'item_not_available',
  'modifier_unknown',
  'modifier_not_available',
  'modifier_choice_count',
  'combo_slot_missing',
  'combo_choice_invalid',
]);

export const isStaleCartError = (code: string): boolean => STALE_CART_CODES.has(code);

// --- Receive time, in the branch's time zone ---

const partsFormats = new Map<string, Intl.DateTimeFormat>();

function zonedFields(instant: Date, timeZone: string) {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormats.set(timeZone, format);
  }
  const get = (type: string) => Number(format.formatToParts(instant).find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The branch's time zone as a diner reads it ("التوقيت العربي الرسمي", "Arabian Standard Time"), never its IANA id
 * ("Asia/Riyadh"). An engine without a name for the zone gives its offset, which still reads as a time.
 */
export function timeZoneLabel(timeZone: string, language: 'ar' | 'en', at: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat(language === 'ar' ? 'ar-SA' : 'en-SA', {
    timeZone,
    timeZoneName: 'longGeneric',
  }).formatToParts(at);
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
}

/** The wall-clock date (YYYY-MM-DD) and time (HH:MM) of an instant in a time zone. */
export function zonedParts(instant: Date, timeZone: string): { date: string; time: string } {
  const f = zonedFields(instant, timeZone);
  return { date: `${f.year}-${pad(f.month)}-${pad(f.day)}`, time: `${pad(f.hour)}:${pad(f.minute)}` };
}

function offsetMs(instant: Date, timeZone: string): number {
  const f = zonedFields(instant, timeZone);
  const asUtc = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute);
  return asUtc - Math.floor(instant.getTime() / 60_000) * 60_000;
}

/** The instant when the wall clock in `timeZone` shows `date` `time` (the later reading when a clock change repeats it). */
export function zonedToInstant(date: string, time: string, timeZone: string): Date | null {
  const dateMatch = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const timeMatch = /^(\d{2}):(\d{2})$/.exec(time);
  if (!dateMatch || !timeMatch) return null;
  const wall = Date.UTC(
    Number(dateMatch[1]),
    Number(dateMatch[2]) - 1,
    Number(dateMatch[3]),
    Number(timeMatch[1]),
    Number(timeMatch[2]),
  );
  if (Number.isNaN(wall)) return null;
  // Two passes settle the offset across a clock change.
  let instant = wall - offsetMs(new Date(wall), timeZone);
  instant = wall - offsetMs(new Date(instant), timeZone);
  return new Date(instant);
}

/** How far ahead an order may be wanted (the server's rule: a week). */
export const RECEIVE_MAX_AHEAD_MS = 7 * 24 * 3_600_000;

/** Today and the next days in the branch's time zone, as YYYY-MM-DD: the dates a receive time can be on. */
export function receiveDays(now: Date, timeZone: string, count = 7): string[] {
  const today = zonedFields(now, timeZone);
  return Array.from({ length: count }, (_, i) =>
    new Date(Date.UTC(today.year, today.month - 1, today.day + i)).toISOString().slice(0, 10),
  );
}

/**
 * The days a receive time can be on for this order type: dine-in is for a table today, never booked days ahead (the
 * server refuses it: dine_in_today_only); pickup and delivery, the week.
 */
export function receiveDaysFor(orderType: OrderType | null, now: Date, timeZone: string): string[] {
  return receiveDays(now, timeZone, orderType === ORDER_TYPES.dineIn ? 1 : 7);
}

export type ReceiveProblem = 'past' | 'too_far';

export function checkReceiveTime(instant: Date, now: Date): ReceiveProblem | null {
  if (instant.getTime() <= now.getTime()) return 'past';
  if (instant.getTime() > now.getTime() + RECEIVE_MAX_AHEAD_MS) return 'too_far';
  return null;
}

/** When a closed branch opens next, looked up in 15-minute steps over the coming week; null when it never does. */
export function nextOpening(hours: readonly OpeningSpan[], timeZone: string, now: Date): Date | null {
  if (hours.length === 0) return null;
  const step = 15 * 60_000;
  const start = Math.ceil(now.getTime() / step) * step;
  for (let t = start; t <= now.getTime() + 7 * 24 * 3_600_000; t += step) {
    if (isOpenAt(hours, timeZone, new Date(t))) return new Date(t);
  }
  return null;
}
