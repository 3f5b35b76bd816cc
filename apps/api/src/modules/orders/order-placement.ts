import { distanceMeters } from '@sufra/shared/geo/distance';
import { isPointInZone } from '@sufra/shared/geo/point-in-zone';
import type { Language } from '@sufra/shared/language';
import { ORDER_LIMITS, orderLimitProblem, orderTotalTooLarge } from '@sufra/shared/order-limits';
import { ORDER_TYPES, type OrderType } from '@sufra/shared/order-types';
import { toAsciiDigits } from '@sufra/shared/phone/phone-number';
import { priceCart } from '@sufra/shared/pricing/price-cart';
import type { Order, OrderAddressSnapshot } from '@sufra/shared/schemas/order';
import type { PlacedOrderResponse } from '@sufra/shared/schemas/payment';
import type { Service } from '@sufra/shared/services';
import type { AppContext } from '../../app-context.ts';
import { createGroupCommit } from '../../lib/group-commit.ts';
import type { CustomerPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import type { CustomerSessionCheck } from '../auth/sessions.repo.ts';
import { findBranchWithBrand, listDeliveryZones, listPaymentChoices } from '../branches/branches.repo.ts';
import { assertServiceOn, branchStatus } from '../branches/branches.service.ts';
import { couponExtra, type OrderCoupon, prepareOrderCoupon } from '../coupons/coupon-uses.ts';
import { checkoutPointsExtra, prepareCheckoutPoints } from '../loyalty/checkout-points.ts';
import { orderRewardExtra, prepareOrderReward } from '../loyalty/order-rewards.ts';
import type { BuiltMenu, MenuService } from '../menu/menu.service.ts';
import { newAttemptKey, type PaymentsService } from '../payments/payments.service.ts';
import type { QrContextRow } from '../qr/qr.repo.ts';
import { findBranchTableByNumber } from '../tables/tables.repo.ts';
import type { OrderLifecycle } from './order-lifecycle.ts';
import { type PlaceOrderInput, priceLines, pricingColumns } from './order-lines.ts';
import { toOrder } from './order-mapping.ts';
import { findCustomerAddress, type OrderLineRow, type OrderRow } from './orders.repo.ts';
import { findIdempotencyKey, type PlacedOrderWrite, prepareCardPlacement, type ReservedIds } from './placement.repo.ts';
import { type BatchOutcome, type PlacementExtra, writePlacementBatch } from './placement-extras.ts';

/**
 * A free item's required choices (a reward names the item, not its options): in each group that asks for some, the
 * cheapest available options, as many as the group needs. The diner gets the item as the menu's simplest form.
 */
function freeItemChoices(menu: BuiltMenu, itemId: number): number[] {
  const item = menu.itemsById.get(itemId);
  if (!item) return [];
  return item.modifierGroupIds.flatMap((groupId) => {
    const group = menu.groupsById.get(groupId);
    if (!group || group.min === 0) return [];
    return group.options
      .filter((o) => o.available)
      .sort((a, b) => a.priceHalalas - b.priceHalalas)
      .slice(0, group.min)
      .map((o) => o.id);
  });
}

/** What placement answers: the first response for this key (a replay answers the same). */
export interface PlacedOrder {
  status: number;
  body: PlacedOrderResponse;
  replayed: boolean;
}

/**
 * Table statuses a dine-in order may be placed at: `free`, and `occupied` (the diner's own party is seated
 * there and orders more). `reserved` is held for someone else and `check_printed` means the bill is closing.
 */
const ORDERABLE_TABLE_STATUSES = new Set(['free', 'occupied']);

/** A receive time may be a little in the past (a slow checkout) and at most a week ahead. */
const RECEIVE_AT_GRACE_MS = 5 * 60_000;
const RECEIVE_AT_MAX_AHEAD_MS = 7 * 24 * 3_600_000;

/**
 * The most placements one statement writes. Under load each statement carries the placements that queued while
 * the last one ran (about a pool's worth); this only caps the statement's size.
 */
const PLACEMENT_BATCH_MAX = 64;

const SERVICE_OF_TYPE: Record<OrderType, Service> = { 1: 'dine_in', 2: 'pickup', 3: 'delivery' };

/**
 * The card side of orders: a card order's payment is asked of the provider during the order's write (its id is
 * reserved before), and a cancel of a paid card order owes a refund. A getter, because the payments service is
 * built with this one's toOrder.
 */
export interface OrdersPayments {
  beginAttempt: PaymentsService['beginAttempt'];
  providerName: PaymentsService['providerName'];
  redirectForReplay: PaymentsService['redirectForReplay'];
  owePaidOrderRefund: PaymentsService['owePaidOrderRefund'];
  onRefundQueued: () => void;
}

/**
 * Placement's write side, moved out of orders.service: every rule and the one statement that writes an order
 * (placeNew), and the replay of a key used before (replayOf).
 */
export function createOrderPlacement(
  ctx: AppContext,
  deps: { menu: MenuService; payments: () => OrdersPayments; lifecycle: OrderLifecycle },
) {
  const { db } = ctx;
  // Placements at one branch are written in groups (lib/group-commit): alone when the branch is quiet, together
  // when they queue for its counter row.
  // A batch whose writes carry extras (points spent at checkout) is written in one transaction with them
  // (placement-extras); the extras' order is their lock order, after the branch's counter row that the placement
  // statement locks: customers (points), then coupons (per customer, then the coupon's own counter), then rewards.
  const extras: PlacementExtra[] = [checkoutPointsExtra, couponExtra, orderRewardExtra];
  const placements = createGroupCommit<number, PlacedOrderWrite, BatchOutcome>({
    maxBatch: PLACEMENT_BATCH_MAX,
    writeBatch: (branchId, writes) => writePlacementBatch(db, branchId, writes, extras, ctx.now()),
  });

  /**
   * Every rule, then one atomic statement: the session and key checks, order, lines, outbox row, and the key with
   * its response. A key found taken is answered by the caller (a replay, or a duplicate racing this one).
   * Over 80 lines, knowingly: the rules run in the order the diner is told about them (size, branch, type, hours,
   * payment, table, address, menu, totals), and each step reads what the ones before it settled; splitting it by
   * concern is the next step for this function (issue 14 item 2), not done in this change.
   */
  async function placeNew(
    qr: QrContextRow,
    customer: CustomerPrincipal,
    session: CustomerSessionCheck,
    key: string,
    requestHash: string,
    body: PlaceOrderInput,
    language: Language,
  ): Promise<
    | { order: Order; payment: ReturnType<OrdersPayments['beginAttempt']> | null }
    | 'key_taken'
    | 'key_racing'
    | 'stale_context'
  > {
    // The order's size first: cheap, and nothing else matters for an order no branch may take.
    const tooBig = orderLimitProblem(body.lines);
    if (tooBig) {
      throw new AppError(
        tooBig.code,
        tooBig.code === 'order_too_many_lines'
          ? { maxLines: ORDER_LIMITS.maxLines }
          : { itemId: tooBig.itemId, maxQuantityPerItem: ORDER_LIMITS.maxQuantityPerItem },
      );
    }
    const now = ctx.now();
    const orderType = body.orderType as OrderType;
    const isDineIn = orderType === ORDER_TYPES.dineIn;
    const isDelivery = orderType === ORDER_TYPES.delivery;

    // Dine-in is at the QR code's branch; pickup and delivery at the branch the diner chose (same brand).
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
    }
    // The QR code's branch came with its payment choices; another branch (pickup, delivery) is asked for them.
    const payments = branch.id === qr.branch.id ? qr.paymentChoices : await listPaymentChoices(db, branch.id);
    if (!payments.some((p) => p.method === body.paymentMethod && p.orderTypes.includes(orderType))) {
      throw new AppError('payment_method_not_available');
    }

    let table: { id: number; number: string } | null = null;
    if (isDineIn && qr.table) {
      // A table's QR is printed on the table: scanning it is the proof the diner sits there, so no location is asked
      // and no distance checked (issue 13, item 15). The order goes to that table, whatever the body says.
      if (!ORDERABLE_TABLE_STATUSES.has(qr.table.status)) throw new AppError('table_not_available');
      table = { id: qr.table.id, number: qr.table.number };
    } else if (isDineIn) {
      // A counter QR proves nothing about where the diner is: the location must be within the branch's radius.
      if (!body.location) throw new AppError('location_required');
      if (distanceMeters(body.location, { lat: branch.lat, lng: branch.lng }) > branch.dineInRadiusM) {
        throw new AppError('far_from_branch');
      }
      // Where the branch has tables, the kitchen needs to know which one (a branch without them serves at the counter).
      if (qr.branchHasTables) {
        if (body.tableNumber === undefined) throw new AppError('table_number_required');
        const found = await findBranchTableByNumber(db, branch.id, toAsciiDigits(body.tableNumber));
        if (!found) throw new AppError('table_number_unknown');
        if (!ORDERABLE_TABLE_STATUSES.has(found.status)) throw new AppError('table_not_available');
        table = { id: found.id, number: found.number };
      }
    }

    let address: OrderAddressSnapshot | null = null;
    let zone: { id: number; feeHalalas: number; minimumOrderHalalas: number } | null = null;
    if (isDelivery) {
      if (body.addressId === undefined) throw new AppError('address_required');
      const saved = await findCustomerAddress(db, body.addressId, customer.id);
      if (!saved) throw new AppError('address_not_found');
      const point = { lat: saved.lat, lng: saved.lng };
      const zones = await listDeliveryZones(db, [branch.id]);
      const found = zones.find((z) => isPointInZone(point, z.geometry));
      if (!found) throw new AppError('address_not_covered');
      zone = found;
      address = {
        id: saved.id,
        title: saved.title,
        description: saved.description,
        doorNumber: saved.doorNumber,
        levelNumber: saved.levelNumber,
        blockNumber: saved.blockNumber,
        phone: saved.phone,
        location: point,
      };
    }

    const version = qr.brand.menuVersion;
    const [menuAr, menuEn] = await Promise.all([
      deps.menu.getBranchMenu(qr.brand.id, branch.id, version, 'ar'),
      deps.menu.getBranchMenu(qr.brand.id, branch.id, version, 'en'),
    ]);
    // A free-item reward (issue 15): its item is one more line, at no price (unit price 0 through the shared
    // pricing, so it adds nothing to the subtotal, tax or what points may take off), without modifiers.
    const reward =
      body.rewardId === undefined
        ? null
        : await prepareOrderReward(db, {
            ownedId: body.rewardId,
            customerId: customer.id,
            brandId: qr.brand.id,
            branchId: branch.id,
            now,
          });
    if (reward && !menuEn.itemsById.get(reward.itemId)?.available) throw new AppError('order_reward_item_not_here');
    const bodyLines = reward
      ? [
          ...body.lines,
          {
            kind: 'product' as const,
            itemId: reward.itemId,
            quantity: 1,
            modifiers: freeItemChoices(menuEn, reward.itemId),
          },
        ]
      : body.lines;
    const lines = await priceLines(deps.menu, qr.brand.id, { ar: menuAr, en: menuEn }, { ...body, lines: bodyLines });
    if (reward) {
      // The whole line is free: the item and the choices it needs.
      const free = lines.at(-1);
      if (free) {
        free.input = {
          ...free.input,
          unitPriceHalalas: 0,
          modifiers: free.input.modifiers.map(() => ({ priceHalalas: 0 })),
        };
        free.row = { ...free.row, modifiers: free.row.modifiers.map((m) => ({ ...m, priceHalalas: 0 })) };
      }
    }
    const pricingInput = {
      lines: lines.map((l) => l.input),
      taxMode: menuEn.menu.taxMode,
      vatRateBasisPoints: menuEn.menu.vatRateBasisPoints,
      deliveryFeeHalalas: zone?.feeHalalas ?? 0,
      integrated: branch.integrated,
    };
    let pricing = priceCart(pricingInput);
    // The coupon (issue 16): checked on the lines' subtotal, then priced first of the discounts.
    let orderCoupon: OrderCoupon | null = null;
    if (body.couponCode !== undefined) {
      assertServiceOn(servicesOff, 'coupons');
      orderCoupon = await prepareOrderCoupon(db, {
        brandId: qr.brand.id,
        code: body.couponCode,
        branchId: branch.id,
        orderType,
        customerId: customer.id,
        subtotalHalalas: pricing.subtotal,
        lines: lines.map((l) => ({ itemId: l.row.itemId, unitPriceHalalas: l.input.unitPriceHalalas })),
        spendsPoints: body.points !== undefined,
        now,
      });
      pricing = priceCart({ ...pricingInput, coupon: orderCoupon.pricing });
    }
    const couponInput = orderCoupon ? { coupon: orderCoupon.pricing } : {};
    // Points spent on the order (issue 15): worth their value off the lines, what's left of them after any coupon.
    const discountableHalalas = pricing.subtotal - pricing.totalDiscount;
    const spend =
      body.points === undefined
        ? null
        : prepareCheckoutPoints({
            rules: qr.loyaltyRules,
            points: body.points,
            loyaltyOn: !servicesOff.includes('loyalty'),
            discountableHalalas,
          });
    if (spend) pricing = priceCart({ ...pricingInput, ...couponInput, pointsHalalas: spend.valueHalalas });
    // Checked on the priced total, before the write: a total past the money columns' range never reaches them.
    if (orderTotalTooLarge(pricing.total)) {
      throw new AppError('order_total_too_large', { maxTotalHalalas: ORDER_LIMITS.maxTotalHalalas });
    }
    if (zone && pricing.subtotal - pricing.totalDiscount < zone.minimumOrderHalalas) {
      throw new AppError('minimum_order_not_reached', { minimumOrderHalalas: zone.minimumOrderHalalas });
    }

    // The order as it will be stored; the answer is built from it before the write, which then adds only the id
    // (a cash order's) and the branch's number (also to the key's response, in the same statement).
    // A card order's ids are drawn first, with its session and key checks: its payment is asked of the provider while
    // the order is written, and a replay must not create a second payment there. A cash order's id is drawn by the
    // write (0 until then).
    let reserved: ReservedIds | null = null;
    if (body.paymentMethod === 'card') {
      const card = await prepareCardPlacement(db, session, key, qr.contextVersion);
      if (!card.live) throw new AppError('session_expired');
      if (card.keyTaken) return 'key_taken';
      // Checked before the provider is asked, so a stale context costs no payment there.
      if (!card.current) return 'stale_context';
      reserved = card;
    }
    const row: OrderRow = {
      id: reserved?.orderId ?? 0,
      number: 0,
      brandId: qr.brand.id,
      branchId: branch.id,
      customerId: customer.id,
      orderType,
      status: 'pending',
      paymentMethod: body.paymentMethod,
      paymentStatus: 'unpaid',
      ...pricingColumns(pricing),
      notes: body.notes ? body.notes : null,
      receiveAt: body.receiveAt ? new Date(body.receiveAt) : null,
      // Kept only where it was checked (dine-in from a counter QR).
      lat: isDineIn && !qr.table ? (body.location?.lat ?? null) : null,
      lng: isDineIn && !qr.table ? (body.location?.lng ?? null) : null,
      address,
      deliveryZoneId: zone?.id ?? null,
      tableId: table?.id ?? null,
      tableNumber: table?.number ?? null,
      cancelReason: null,
      cashReceivedAt: null,
      cashReceivedBy: null,
      paymentChecks: 0,
      paymentCheckAt: null,
      createdAt: now,
      updatedAt: now,
    };
    const lineRows: OrderLineRow[] = lines.map((l, i) => {
      const p = pricing.lines[i];
      if (!p) throw new Error('pricing has fewer lines than the order');
      return {
        ...l.row,
        orderId: 0,
        unitPriceHalalas: p.unitPriceHalalas,
        subtotal: p.subtotal,
        tax: p.tax,
        total: p.total,
      };
    });
    const answer = toOrder({ order: row, branchNameAr: branch.nameAr, branchNameEn: branch.nameEn }, lineRows);
    const { id: _id, number: _number, ...orderColumns } = row;
    const attempt = reserved ? { id: reserved.attemptId, idempotencyKey: newAttemptKey() } : null;
    // A card order's payment is asked of the provider while the order is written, not after: it needs only the
    // order's id and total, known now. Its answer is recorded once the order is (finish); if the write fails (or a
    // duplicate racing it wins the key), the provider is left with a payment nobody was sent to, which is never paid.
    const payment =
      reserved && attempt
        ? deps.payments().beginAttempt({ id: reserved.orderId, total: row.total }, qr.qr.uuid, attempt, language)
        : null;
    const write: PlacedOrderWrite = {
      ...(reserved ? { id: reserved.orderId } : {}),
      order: { ...orderColumns, customerId: customer.id },
      lines: lineRows.map(({ orderId: _orderId, ...line }) => line),
      familyId: session.familyId,
      contextVersion: qr.contextVersion,
      key,
      requestHash,
      responseStatus: 201,
      responseBody: answer,
      ...(attempt ? { paymentAttempt: { ...attempt, provider: deps.payments().providerName } } : {}),
      ...(spend ? { points: { spend, discountableHalalas } } : {}),
      ...(orderCoupon
        ? {
            coupon: {
              couponId: orderCoupon.coupon.id,
              perCustomerLimit: orderCoupon.coupon.perCustomerLimit,
              newCustomersOnly: orderCoupon.coupon.newCustomersOnly,
              discountHalalas: pricing.couponDiscount,
            },
          }
        : {}),
      ...(body.rewardId !== undefined ? { reward: { ownedId: body.rewardId } } : {}),
      // The lifecycle's `placed`: its planners (the kitchen's hand-off rule) say what the statement writes with it.
      handToKitchen: deps.lifecycle.planPlacement(row).handToKitchen,
    };
    const outcome = await placements.write(branch.id, write);
    if (outcome.kind === 'signed_out') throw new AppError('session_expired');
    if (outcome.kind === 'refused') throw new AppError(outcome.code);
    if (outcome.kind !== 'placed') return outcome.kind;
    return { order: { ...answer, id: outcome.id, number: outcome.number }, payment };
  }

  /**
   * The first response kept with this customer's key, as a replay; null when the key was never used. The same key
   * with another body is 422. (A key without a response was claimed by a request of an older version that never
   * finished; migration 0009 removed those, and none are written now.)
   */
  async function replayOf(
    qr: QrContextRow,
    customer: CustomerPrincipal,
    key: string,
    requestHash: string,
    language: Language,
  ): Promise<PlacedOrder | null> {
    const existing = await findIdempotencyKey(db, customer.id, key);
    if (!existing) return null;
    if (existing.requestHash !== requestHash) throw new AppError('idempotency_key_reused');
    if (existing.responseStatus == null) throw new AppError('idempotency_key_in_flight');
    // Responses kept before cash could be recorded lack the field; a placed order's is always null.
    const stored = existing.responseBody as Order;
    const first: Order = { ...stored, cashReceivedAt: stored.cashReceivedAt ?? null };
    if (first.paymentMethod !== 'card') return { status: existing.responseStatus, body: first, replayed: true };
    // A card order's replay also says where to pay (the open attempt's page, or a new attempt's), so a placement
    // whose provider call failed is retried with the same key and never makes a second order.
    const payment = await deps.payments().redirectForReplay(first.id, qr.qr.uuid, language);
    return { status: existing.responseStatus, body: payment ? { ...first, payment } : first, replayed: true };
  }

  return { placeNew, replayOf };
}
