import { distanceMeters } from '@sufra/shared/geo/distance';
import { pickDeliveryZone } from '@sufra/shared/geo/point-in-zone';
import { defaultFreeItemChoices, freeItemChoicePrice, freeUpTo } from '@sufra/shared/loyalty/free-item-choices';
import { ORDER_LIMITS, orderLimitProblem, orderTotalTooLarge } from '@sufra/shared/order-limits';
import { ORDER_TYPES, type OrderType } from '@sufra/shared/order-types';
import { toAsciiDigits } from '@sufra/shared/phone/phone-number';
import {
  type CartPricing,
  type CouponInput,
  type PriceCartInput,
  priceCartLines,
  priceCartWith,
} from '@sufra/shared/pricing/price-cart';
import type { OrderAddressSnapshot } from '@sufra/shared/schemas/order';
import type { Service } from '@sufra/shared/services';
import { findBranchWithBrand, listDeliveryZones, listPaymentChoices } from '../../core/branch-context.repo.ts';
import { assertServiceOn, branchStatus } from '../../core/branch-context.service.ts';
import type { Carried, CheckoutOffers } from '../../core/checkout-extras.rules.ts';
import { findCustomerAddress } from '../../core/order-rows.repo.ts';
import type { QrContextRow } from '../../core/qr-context.repo.ts';
import type { Queryable } from '../../db/client.ts';
import { dayIn } from '../../lib/brand-day.ts';
import { AppError } from '../../plugins/errors.ts';
import type { MenuService } from '../menu/menu.service.ts';
import type { BuiltMenu } from '../menu/menu-build.view.ts';
import { findTableByNumber as findBranchTableByNumber } from '../tables/tables.service.ts';
import { type PlaceOrderInput, type PricedLine, priceLines } from './order-lines.service.ts';

/**
 * Placement's rules, in the order the diner is told about them (issue 14 item 2: placeNew split by concern): the
 * order's size; where and when (branch, services, order type, hours, receive time, payment method); the table; the
 * delivery address; then the price (menu lines, a free-item reward, a coupon, points). Each step reads what the
 * ones before it settled, and each refusal is the AppError the diner sees.
 */

/**
 * Table statuses a dine-in order may be placed at: `free`, and `occupied` (the diner's own party is seated
 * there and orders more). `reserved` is held for someone else and `check_printed` means the bill is closing.
 */
const ORDERABLE_TABLE_STATUSES = new Set(['free', 'occupied']);

/** A receive time may be a little in the past (a slow checkout) and at most a week ahead. */
const RECEIVE_AT_GRACE_MS = 5 * 60_000;
const RECEIVE_AT_MAX_AHEAD_MS = 7 * 24 * 3_600_000;

const SERVICE_OF_TYPE: Record<OrderType, Service> = { 1: 'dine_in', 2: 'pickup', 3: 'delivery' };

export type PlacingBranch = QrContextRow['branch'];

/** The order's size first: cheap, and nothing else matters for an order no branch may take. */
export function assertOrderSize(body: PlaceOrderInput): void {
  const tooBig = orderLimitProblem(body.lines);
  if (!tooBig) return;
  throw new AppError(
    tooBig.code,
    tooBig.code === 'order_too_many_lines'
      ? { maxLines: ORDER_LIMITS.maxLines }
      : { itemId: tooBig.itemId, maxQuantityPerItem: ORDER_LIMITS.maxQuantityPerItem },
  );
}

/**
 * Where and when: dine-in is at the QR code's branch, pickup and delivery at the branch the diner chose (same
 * brand); its services on, the order type enabled, the branch open, the receive time sensible, the payment method
 * offered for the type.
 */
export async function placingBranch(
  db: Queryable,
  qr: QrContextRow,
  body: PlaceOrderInput,
  orderType: OrderType,
  now: Date,
): Promise<{ branch: PlacingBranch; servicesOff: readonly string[] }> {
  const isDineIn = orderType === ORDER_TYPES.dineIn;
  let branch = qr.branch;
  let servicesOff = qr.servicesOff;
  if (!isDineIn && body.branchId !== undefined && body.branchId !== qr.branch.id) {
    const chosen = await findBranchWithBrand(db, body.branchId);
    if (!chosen || chosen.brand.id !== qr.brand.id) throw new AppError('branch_not_found');
    branch = chosen.branch;
    servicesOff = chosen.servicesOff;
  }
  assertServiceOn(servicesOff, 'ordering');
  assertServiceOn(servicesOff, SERVICE_OF_TYPE[orderType]);
  const typeEnabled = isDineIn ? branch.dineIn : orderType === ORDER_TYPES.pickup ? branch.pickup : branch.delivery;
  if (!typeEnabled) throw new AppError('order_type_not_available');
  if (branchStatus(branch, now) !== 'open') throw new AppError('branch_closed');
  if (body.receiveAt !== undefined) {
    const at = Date.parse(body.receiveAt);
    if (at < now.getTime() - RECEIVE_AT_GRACE_MS || at > now.getTime() + RECEIVE_AT_MAX_AHEAD_MS) {
      throw new AppError('validation_failed', undefined, { receiveAt: 'field_invalid' });
    }
    // Dine-in is for a table now, not a booking: later today at most, the branch's day (issue 24, item 10).
    if (isDineIn && dayIn(new Date(at), branch.timeZone) > dayIn(now, branch.timeZone)) {
      throw new AppError('dine_in_today_only', undefined, { receiveAt: 'dine_in_today_only' });
    }
  }
  // The QR code's branch came with its payment choices; another branch (pickup, delivery) is asked for them.
  const payments = branch.id === qr.branch.id ? qr.paymentChoices : await listPaymentChoices(db, branch.id);
  if (!payments.some((p) => p.method === body.paymentMethod && p.orderTypes.includes(orderType))) {
    throw new AppError('payment_method_not_available');
  }
  return { branch, servicesOff };
}

/** A dine-in order's table: the QR code's own, or the number the diner typed at a counter QR within the radius. */
export async function placingTable(
  db: Queryable,
  qr: QrContextRow,
  branch: PlacingBranch,
  body: PlaceOrderInput,
): Promise<{ id: number; number: string } | null> {
  if (qr.table) {
    // A table's QR is printed on the table: scanning it is the proof the diner sits there, so no location is asked
    // and no distance checked (issue 13, item 15). The order goes to that table, whatever the body says.
    if (!ORDERABLE_TABLE_STATUSES.has(qr.table.status)) throw new AppError('table_not_available');
    return { id: qr.table.id, number: qr.table.number };
  }
  // A counter QR proves nothing about where the diner is: the location must be within the branch's radius.
  if (!body.location) throw new AppError('location_required');
  if (distanceMeters(body.location, { lat: branch.lat, lng: branch.lng }) > branch.dineInRadiusM) {
    throw new AppError('far_from_branch');
  }
  // Where the branch has tables, the kitchen needs to know which one (a branch without them serves at the counter).
  if (!qr.branchHasTables) return null;
  if (body.tableNumber === undefined) throw new AppError('table_number_required');
  const found = await findBranchTableByNumber(db, branch.id, toAsciiDigits(body.tableNumber));
  if (!found) throw new AppError('table_number_unknown');
  if (!ORDERABLE_TABLE_STATUSES.has(found.status)) throw new AppError('table_not_available');
  return { id: found.id, number: found.number };
}

export interface DeliveryZoneLite {
  id: number;
  feeHalalas: number;
  minimumOrderHalalas: number;
  /** The zone's drive in minutes (null: DEFAULT_DELIVERY_MINUTES), kept on the order for its arrival estimate. */
  estimatedMinutes?: number | null;
}

/** A delivery's address (one of the diner's own) inside one of the branch's zones, and that zone. */
export async function placingDelivery(
  db: Queryable,
  customerId: number,
  branch: PlacingBranch,
  body: PlaceOrderInput,
): Promise<{ address: OrderAddressSnapshot; zone: DeliveryZoneLite }> {
  if (body.addressId === undefined) throw new AppError('address_required');
  const saved = await findCustomerAddress(db, body.addressId, customerId);
  if (!saved) throw new AppError('address_not_found');
  const point = { lat: saved.lat, lng: saved.lng };
  const zones = await listDeliveryZones(db, [branch.id]);
  // Overlapping zones: the highest priority wins (the same shared rule the diner's address form uses).
  const zone = pickDeliveryZone(point, zones);
  if (!zone) throw new AppError('address_not_covered');
  const address = {
    id: saved.id,
    title: saved.title,
    description: saved.description,
    doorNumber: saved.doorNumber,
    levelNumber: saved.levelNumber,
    blockNumber: saved.blockNumber,
    phone: saved.phone,
    location: point,
  };
  return { address, zone };
}

/**
 * A free item's required choices (a reward names the item, not its options; issue 24 item 10, shared
 * loyalty/free-item-choices): the diner's own, only from groups the item requires, or else the cheapest of each.
 * The counts are checked with the line (order-lines chosenModifiers); `freeUpTo` is what the reward pays of each.
 */
function freeItemChoices(
  menu: BuiltMenu,
  itemId: number,
  chosen: readonly number[] | undefined,
): { modifiers: number[]; freeUpTo: Map<number, number> } {
  const groups = (menu.itemsById.get(itemId)?.modifierGroupIds ?? []).flatMap((id) => {
    const group = menu.groupsById.get(id);
    return group ? [group] : [];
  });
  const upTo = freeUpTo(groups);
  if (chosen === undefined) return { modifiers: defaultFreeItemChoices(groups), freeUpTo: upTo };
  if (chosen.some((id) => !upTo.has(id))) {
    throw new AppError('order_reward_choice_invalid', undefined, { rewardModifiers: 'field_invalid' });
  }
  return { modifiers: [...chosen], freeUpTo: upTo };
}

export interface PricedOrder {
  lines: PricedLine[];
  pricing: CartPricing;
  /** What the write carries for its extras (a reward, a coupon, points), in the order they were priced. */
  extras: Carried[];
}

/** What priceOrder reads: the QR context, the branch settled before it, the diner, the body and the zone. */
export interface PriceOrderInput {
  qr: QrContextRow;
  branch: PlacingBranch;
  servicesOff: readonly string[];
  orderType: OrderType;
  customerId: number;
  body: PlaceOrderInput;
  zone: DeliveryZoneLite | null;
  now: Date;
}

/**
 * The price, recomputed from the menu (the client's figures are never read): the lines, a free-item reward as one
 * more line at no price, the coupon (checked on the lines' subtotal, priced first of the discounts), then points
 * (worth their value off what is left), the total's range and a delivery zone's minimum.
 */
export async function priceOrder(
  db: Queryable,
  menu: MenuService,
  offers: CheckoutOffers,
  input: PriceOrderInput,
): Promise<PricedOrder> {
  const { qr, branch, servicesOff, body, zone } = input;
  const version = qr.brand.menuVersion;
  const [menuAr, menuEn] = await Promise.all([
    menu.getBranchMenu(qr.brand.id, branch.id, version, 'ar'),
    menu.getBranchMenu(qr.brand.id, branch.id, version, 'en'),
  ]);
  const reward = await orderRewardFor(db, offers, menuEn, input);
  const bodyLines = reward?.kind === 'free_item' ? [...body.lines, reward.line] : body.lines;
  const lines = await priceLines(menu, qr.brand.id, { ar: menuAr, en: menuEn }, { ...body, lines: bodyLines });
  if (reward?.kind === 'free_item') makeLastLineFree(lines, reward.freeUpTo);
  const pricingInput: PriceCartInput = {
    lines: lines.map((l) => l.input),
    taxMode: menuEn.menu.taxMode,
    vatRateBasisPoints: menuEn.menu.vatRateBasisPoints,
    deliveryFeeHalalas: zone?.feeHalalas ?? 0,
    integrated: branch.integrated,
  };
  // The lines are priced once; the coupon is checked on their subtotal, then they are finished with the discounts.
  const linesPricing = priceCartLines(pricingInput);
  const orderCoupon = await couponFor(db, offers, input, lines, linesPricing.subtotal);
  // A reward's discount comes off first (shared pricing); a coupon never joins it (refused in orderRewardFor).
  const couponInput = {
    ...(reward?.kind === 'discount' ? { reward: reward.discount } : {}),
    ...(orderCoupon ? { coupon: orderCoupon.pricing } : {}),
  };
  let pricing = priceCartWith(linesPricing, { ...pricingInput, ...couponInput });
  const discountableHalalas = pricing.subtotal - pricing.totalDiscount;
  const spend =
    body.points === undefined
      ? null
      : offers.points({
          rules: qr.loyaltyRules,
          points: body.points,
          loyaltyOn: !servicesOff.includes('loyalty'),
          discountableHalalas,
        });
  if (spend) {
    pricing = priceCartWith(linesPricing, { ...pricingInput, ...couponInput, pointsHalalas: spend.valueHalalas });
  }
  assertPricedTotal(pricing, zone);
  const extras = [
    ...(reward ? [reward.carried] : []),
    ...(orderCoupon ? [orderCoupon.carried(pricing.couponDiscount)] : []),
    ...(spend ? [spend.carried(discountableHalalas)] : []),
  ];
  return { lines, pricing, extras };
}

/**
 * The reward the order uses, when the body names one (issue 15, issue 24): a free item as one more line (made free
 * once priced, makeLastLineFree) with its required choices, or a discount priced with the lines (not with a coupon:
 * one offer an order, docs/adr/0120; points may join it).
 */
async function orderRewardFor(
  db: Queryable,
  offers: CheckoutOffers,
  menuEn: BuiltMenu,
  input: PriceOrderInput,
): Promise<
  | { kind: 'free_item'; line: PlaceOrderInput['lines'][number]; freeUpTo: Map<number, number>; carried: Carried }
  | { kind: 'discount'; discount: CouponInput; carried: Carried }
  | null
> {
  const { qr, branch, customerId, body, now } = input;
  if (body.rewardId === undefined) {
    if (body.rewardModifiers !== undefined) {
      throw new AppError('order_reward_choice_invalid', undefined, { rewardModifiers: 'field_invalid' });
    }
    return null;
  }
  const { brings: reward, carried } = await offers.reward(db, {
    ownedId: body.rewardId,
    customerId,
    brandId: qr.brand.id,
    branchId: branch.id,
    now,
  });
  if (reward.kind === 'discount') {
    if (body.couponCode !== undefined) throw new AppError('order_reward_with_coupon');
    if (body.rewardModifiers !== undefined) {
      throw new AppError('order_reward_choice_invalid', undefined, { rewardModifiers: 'field_invalid' });
    }
    return { ...reward, carried };
  }
  if (!menuEn.itemsById.get(reward.itemId)?.available) throw new AppError('order_reward_item_not_here');
  const { modifiers, freeUpTo } = freeItemChoices(menuEn, reward.itemId, body.rewardModifiers);
  const line = { kind: 'product' as const, itemId: reward.itemId, quantity: 1, modifiers };
  return { kind: 'free_item', line, freeUpTo, carried };
}

/**
 * The reward's line (the last) at unit price 0 through the shared pricing, so the item adds nothing to the subtotal,
 * tax or what points may take off; each choice costs only what it adds over its group's cheapest (`freeUpTo`).
 */
function makeLastLineFree(lines: PricedLine[], freeUpTo: ReadonlyMap<number, number>): void {
  const free = lines.at(-1);
  if (!free) return;
  const dearer = (optionId: number, price: number) => freeItemChoicePrice(freeUpTo, optionId, price);
  free.input = {
    ...free.input,
    unitPriceHalalas: 0,
    modifiers: free.row.modifiers.map((m) => ({ priceHalalas: dearer(m.optionId, m.priceHalalas) })),
  };
  free.row = {
    ...free.row,
    modifiers: free.row.modifiers.map((m) => ({ ...m, priceHalalas: dearer(m.optionId, m.priceHalalas) })),
  };
}

/** The order's coupon, checked (on the lines' subtotal, before any discount) when the body names one. */
async function couponFor(
  db: Queryable,
  offers: CheckoutOffers,
  input: PriceOrderInput,
  lines: PricedLine[],
  subtotalHalalas: number,
): Promise<Awaited<ReturnType<CheckoutOffers['coupon']>> | null> {
  const { qr, branch, servicesOff, orderType, customerId, body, now } = input;
  if (body.couponCode === undefined) return null;
  assertServiceOn(servicesOff, 'coupons');
  return offers.coupon(db, {
    brandId: qr.brand.id,
    code: body.couponCode,
    branchId: branch.id,
    orderType,
    customerId,
    subtotalHalalas,
    lines: lines.map((l) => ({ itemId: l.row.itemId, unitPriceHalalas: l.input.unitPriceHalalas })),
    spendsPoints: body.points !== undefined,
    now,
  });
}

/** Checked on the priced total, before the write: a total past the money columns' range never reaches them. */
function assertPricedTotal(pricing: CartPricing, zone: DeliveryZoneLite | null): void {
  if (orderTotalTooLarge(pricing.total)) {
    throw new AppError('order_total_too_large', { maxTotalHalalas: ORDER_LIMITS.maxTotalHalalas });
  }
  if (zone && pricing.subtotal - pricing.totalDiscount < zone.minimumOrderHalalas) {
    throw new AppError('minimum_order_not_reached', { minimumOrderHalalas: zone.minimumOrderHalalas });
  }
}
