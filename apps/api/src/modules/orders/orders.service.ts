import { createHash } from 'node:crypto';
import { distanceMeters } from '@sufra/shared/geo/distance';
import { isPointInZone } from '@sufra/shared/geo/point-in-zone';
import { DEFAULT_LANGUAGE, type Language } from '@sufra/shared/language';
import { momentsOfMove } from '@sufra/shared/machines/order-lifecycle';
import { canTransition, isOrderStatus, type OrderStatus } from '@sufra/shared/machines/order-status';
import type { ErrorCode } from '@sufra/shared/messages/errors';
import { ORDER_LIMITS, orderLimitProblem, orderTotalTooLarge } from '@sufra/shared/order-limits';
import { ORDER_TYPES, type OrderType } from '@sufra/shared/order-types';
import { toAsciiDigits } from '@sufra/shared/phone/phone-number';
import { type CartLineInput, type CartPricing, priceCart } from '@sufra/shared/pricing/price-cart';
import type { MenuItem } from '@sufra/shared/schemas/menu';
import {
  type Order,
  type OrderAddressSnapshot,
  type OrderLine,
  type OrderListResponse,
  orderRefundState,
  type placeOrderBody,
  type StaffOrder,
} from '@sufra/shared/schemas/order';
import type { PlacedOrderResponse } from '@sufra/shared/schemas/payment';
import type { Service } from '@sufra/shared/services';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { createGroupCommit } from '../../lib/group-commit.ts';
import type { CustomerPrincipal, StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { type CustomerSessionCheck, isCustomerSessionLive } from '../auth/sessions.repo.ts';
import { findBranchWithBrand, listDeliveryZones, listPaymentChoices } from '../branches/branches.repo.ts';
import { assertServiceOn, branchStatus } from '../branches/branches.service.ts';
import { type CheckoutPoints, prepareCheckoutPoints, spendAtCheckout } from '../loyalty/checkout-points.ts';
import type { BuiltMenu, MenuService } from '../menu/menu.service.ts';
import { notifyLive } from '../order-events/order-events.repo.ts';
import { newAttemptKey, type PaymentsService } from '../payments/payments.service.ts';
import type { QrContextRow } from '../qr/qr.repo.ts';
import { findBranchTableByNumber } from '../tables/tables.repo.ts';
import type { OrderLifecycle } from './order-lifecycle.ts';
import {
  CASH_CLOSED_STATUSES,
  findCustomerAddress,
  findCustomerOrder,
  findIdempotencyKey,
  findStaffOrder,
  insertOutboxEvent,
  insertPlacedOrders,
  listBranchOrders,
  listCustomerOrders,
  listLinesOf,
  type OrderLineInsert,
  type OrderLineRow,
  type OrderRow,
  type OrderWithBranch,
  type PlacedOrderWrite,
  type PlacementOutcome,
  prepareCardPlacement,
  type ReservedIds,
  recordCashReceived,
  type StaffOrderRow,
  updateOrderStatus,
} from './orders.repo.ts';

export type PlaceOrderInput = z.output<typeof placeOrderBody>;

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
/** Fresh reads of a QR context whose brand's settings changed between read and write, before answering 503. */
const STALE_CONTEXT_RETRIES = 3;

/**
 * The QR code's context a placement starts from, and how to read it again: from this process's cache (`cached`,
 * trusted only as far as the write's version check) or just read.
 */
export interface PlacementContext {
  row: QrContextRow;
  cached: boolean;
  reread: () => Promise<QrContextRow>;
}

const SERVICE_OF_TYPE: Record<OrderType, Service> = { 1: 'dine_in', 2: 'pickup', 3: 'delivery' };

/** Line-level refusals say which line (index in the request) and item they are about. */
function lineError(code: ErrorCode, line: number, itemId: number): AppError {
  return new AppError(code, { line, itemId });
}

interface PricedLine {
  input: CartLineInput;
  row: Omit<OrderLineInsert, 'orderId' | 'unitPriceHalalas' | 'subtotal' | 'tax' | 'total'>;
}

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

export function createOrdersService(
  ctx: AppContext,
  deps: { menu: MenuService; payments: () => OrdersPayments; lifecycle: OrderLifecycle },
) {
  const { db } = ctx;
  // Placements at one branch are written in groups (lib/group-commit): alone when the branch is quiet, together
  // when they queue for its counter row.
  const placements = createGroupCommit<number, PlacedOrderWrite, PlacementOutcome>({
    maxBatch: PLACEMENT_BATCH_MAX,
    writeBatch: (branchId, writes) => insertPlacedOrders(db, branchId, writes),
  });

  /** Checks every line against the branch's menu (both languages, for the snapshots) and builds priceCart's input. */
  async function priceLines(
    brandId: number,
    menus: { ar: BuiltMenu; en: BuiltMenu },
    body: PlaceOrderInput,
  ): Promise<PricedLine[]> {
    const { ar, en } = menus;
    const priced: PricedLine[] = [];
    for (const [index, line] of body.lines.entries()) {
      const item = en.itemsById.get(line.itemId);
      const itemAr = ar.itemsById.get(line.itemId);
      if (!item || !itemAr) {
        const exists = await deps.menu.itemExistsInBrand(brandId, line.itemId);
        throw lineError(exists ? 'item_not_available' : 'item_not_found', index, line.itemId);
      }
      if (!item.available) throw lineError('item_not_available', index, line.itemId);

      // Modifiers: every option must belong to one of the item's groups; each group's count within min..max.
      const optionsOfItem = new Map<
        number,
        { groupId: number; price: number; available: boolean; ar: string; en: string }
      >();
      for (const groupId of item.modifierGroupIds) {
        const group = en.groupsById.get(groupId);
        const groupAr = ar.groupsById.get(groupId);
        for (const option of group?.options ?? []) {
          const nameAr = groupAr?.options.find((o) => o.id === option.id)?.name ?? option.name;
          optionsOfItem.set(option.id, {
            groupId,
            price: option.priceHalalas,
            available: option.available,
            ar: nameAr,
            en: option.name,
          });
        }
      }
      const chosenPerGroup = new Map<number, number>();
      const seen = new Set<number>();
      const modifiers: OrderLine['modifiers'] = [];
      for (const optionId of line.modifiers) {
        const option = optionsOfItem.get(optionId);
        if (!option) throw lineError('modifier_unknown', index, line.itemId);
        if (!option.available) throw lineError('modifier_not_available', index, line.itemId);
        if (seen.has(optionId)) throw lineError('modifier_choice_count', index, line.itemId);
        seen.add(optionId);
        chosenPerGroup.set(option.groupId, (chosenPerGroup.get(option.groupId) ?? 0) + 1);
        modifiers.push({ optionId, name: { ar: option.ar, en: option.en }, priceHalalas: option.price });
      }
      for (const groupId of item.modifierGroupIds) {
        const group = en.groupsById.get(groupId);
        if (!group) continue;
        const count = chosenPerGroup.get(groupId) ?? 0;
        if (count < group.min || count > group.max) throw lineError('modifier_choice_count', index, line.itemId);
      }

      const name = { ar: itemAr.name, en: item.name };
      const base = {
        itemId: item.id,
        nameAr: name.ar,
        nameEn: name.en,
        quantity: line.quantity,
        modifiers,
        position: index,
      };
      const modifierInputs = modifiers.map((m) => ({ priceHalalas: m.priceHalalas }));
      if (line.kind === 'product') {
        // A combo ordered as a plain product would skip its slots.
        if (item.combo) throw lineError('combo_slot_missing', index, line.itemId);
        priced.push({
          input: {
            kind: 'product',
            unitPriceHalalas: item.priceHalalas,
            taxRateBasisPoints: item.taxRateBasisPoints,
            modifiers: modifierInputs,
            quantity: line.quantity,
          },
          row: { ...base, kind: 'product', slots: [] },
        });
      } else {
        if (!item.combo) throw lineError('combo_choice_invalid', index, line.itemId);
        const slots = comboSlots(item, line.slots, en, ar, index);
        priced.push({
          input: {
            kind: 'combo',
            unitPriceHalalas: item.priceHalalas,
            taxRateBasisPoints: item.taxRateBasisPoints,
            slots: slots.map((s) => ({ extraPriceHalalas: s.extraPriceHalalas })),
            modifiers: modifierInputs,
            quantity: line.quantity,
          },
          row: { ...base, kind: 'combo', slots },
        });
      }
    }
    return priced;
  }

  function comboSlots(
    combo: MenuItem,
    chosen: { slotId: number; itemId: number }[],
    en: BuiltMenu,
    ar: BuiltMenu,
    index: number,
  ): OrderLine['slots'] {
    const slots = combo.combo?.slots ?? [];
    const bySlot = new Map<number, number>();
    for (const choice of chosen) {
      // A slot the combo doesn't have, or the same slot twice.
      if (!slots.some((s) => s.id === choice.slotId) || bySlot.has(choice.slotId)) {
        throw lineError('combo_choice_invalid', index, combo.id);
      }
      bySlot.set(choice.slotId, choice.itemId);
    }
    return slots.map((slot) => {
      const itemId = bySlot.get(slot.id);
      if (itemId === undefined) throw lineError('combo_slot_missing', index, combo.id);
      const choice = slot.choices.find((c) => c.itemId === itemId);
      const product = en.itemsById.get(itemId);
      if (!choice || !product?.available) throw lineError('combo_choice_invalid', index, combo.id);
      const nameAr = ar.itemsById.get(itemId)?.name ?? product.name;
      return {
        slotId: slot.id,
        itemId,
        name: { ar: nameAr, en: product.name },
        extraPriceHalalas: choice.extraPriceHalalas,
      };
    });
  }

  /**
   * An order that spends points is written on its own, not in its branch's group: the placement statement and the
   * points' ledger row in one transaction (checkout-points spendAtCheckout), so a refused spend writes no order and a
   * write left out (taken key, stale context, signed out) spends nothing. It holds the branch's counter a round trip
   * or two longer than a grouped write; only orders with points pay that.
   */
  async function placeSpendingPoints(
    branchId: number,
    write: PlacedOrderWrite,
    input: { spend: CheckoutPoints; discountableHalalas: number; now: Date },
  ): Promise<PlacementOutcome> {
    const notPlaced = new Map<symbol, PlacementOutcome>();
    try {
      return await db.transaction(async (tx) => {
        const [outcome] = await insertPlacedOrders(tx, branchId, [write]);
        if (!outcome) throw new Error('no placement outcome');
        if (outcome.kind !== 'placed') {
          // Roll back (a racing key's failed insert has aborted the transaction) and answer the outcome.
          const token = Symbol('not placed');
          notPlaced.set(token, outcome);
          throw token;
        }
        await spendAtCheckout(tx, {
          brandId: write.order.brandId,
          customerId: write.order.customerId,
          orderId: outcome.id,
          ...input,
        });
        return outcome;
      });
    } catch (error) {
      const outcome = typeof error === 'symbol' ? notPlaced.get(error) : undefined;
      if (outcome) return outcome;
      throw error;
    }
  }

  /**
   * Every rule, then one atomic statement: the session and key checks, order, lines, outbox row, and the key with
   * its response. A key found taken is answered by the caller (a replay, or a duplicate racing this one).
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
    const lines = await priceLines(qr.brand.id, { ar: menuAr, en: menuEn }, body);
    const pricingInput = {
      lines: lines.map((l) => l.input),
      taxMode: menuEn.menu.taxMode,
      vatRateBasisPoints: menuEn.menu.vatRateBasisPoints,
      deliveryFeeHalalas: zone?.feeHalalas ?? 0,
      integrated: branch.integrated,
    };
    let pricing = priceCart(pricingInput);
    // Points spent on the order (issue 15): worth their value off the lines, what's left of them after any coupon.
    const discountableHalalas = pricing.subtotal - pricing.totalDiscount;
    const spend =
      body.points === undefined
        ? null
        : await prepareCheckoutPoints(db, {
            brandId: qr.brand.id,
            points: body.points,
            loyaltyOn: !servicesOff.includes('loyalty'),
            discountableHalalas,
          });
    if (spend) pricing = priceCart({ ...pricingInput, pointsHalalas: spend.valueHalalas });
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
    };
    const outcome = spend
      ? await placeSpendingPoints(branch.id, write, { spend, discountableHalalas, now })
      : await placements.write(branch.id, write);
    if (outcome.kind === 'signed_out') throw new AppError('session_expired');
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

  return {
    /**
     * Places an order. Nothing is written before the one statement that writes it, which also checks the session
     * and claims the key: a refusal leaves nothing behind, so the same attempt can be retried once the cause is
     * fixed. A key taken already answers its first response (a replay), or 422 when the body differs; a key won by a
     * concurrent duplicate at the write answers 409.
     */
    async placeOrder(
      context: PlacementContext,
      signedIn: { customer: CustomerPrincipal; check: Omit<CustomerSessionCheck, 'now'> },
      key: string,
      body: PlaceOrderInput,
      /** The diner's language, for the card provider's pages. */
      language: Language = DEFAULT_LANGUAGE,
    ): Promise<PlacedOrder> {
      const { customer } = signedIn;
      let qr = context.row;
      const requestHash = createHash('sha256')
        .update(JSON.stringify({ uuid: qr.qr.uuid, body }))
        .digest('base64url');
      const session = { ...signedIn.check, now: ctx.now() };
      // A context from this process's cache is only trusted to let an order through: the write checks its version.
      let cached = context.cached;
      let placed: Awaited<ReturnType<typeof placeNew>>;
      for (let stale = 0; ; ) {
        try {
          placed = await placeNew(qr, customer, session, key, requestHash, body, language);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          // A refusal on a cached context is made again on a fresh one: the cache never refuses what the database
          // would allow (a branch opened, a service switched back on since it was read).
          if (cached) {
            qr = await context.reread();
            cached = false;
            continue;
          }
          // A refusal. A signed-out diner is told that first; a replay of an order placed before answers that order,
          // whatever the menu or the branch says now.
          if (!(await isCustomerSessionLive(db, session))) throw new AppError('session_expired');
          const replay = await replayOf(qr, customer, key, requestHash, language);
          if (replay) return replay;
          throw error;
        }
        if (placed !== 'stale_context') break;
        // The brand's settings changed after the context was read (nothing was written): read it again and rerun
        // every rule. Only settings that keep changing under the write run out of tries.
        if (++stale > STALE_CONTEXT_RETRIES) throw new AppError('settings_changing');
        qr = await context.reread();
        cached = false;
      }
      if (placed === 'key_racing') {
        const existing = await findIdempotencyKey(db, customer.id, key);
        if (existing && existing.requestHash !== requestHash) throw new AppError('idempotency_key_reused');
        throw new AppError('idempotency_key_in_flight');
      }
      if (placed === 'key_taken') {
        // (Gone again only if its customer was deleted meanwhile: then this is a retry's business.)
        const replay = await replayOf(qr, customer, key, requestHash, language);
        if (!replay) throw new AppError('idempotency_key_in_flight');
        return replay;
      }
      const { order, payment } = placed;
      if (!payment) return { status: 201, body: order, replayed: false };
      // The order and its first attempt are written (unpaid, not yet handed to the kitchen); now the provider's
      // answer. A provider that does not answer → 502 with the order id; a retry with the same key replays and
      // tries the provider again.
      const redirect = await payment.finish();
      return { status: 201, body: { ...order, payment: redirect }, replayed: false };
    },

    async listForCustomer(customer: CustomerPrincipal, page: number, pageSize: number): Promise<OrderListResponse> {
      const rows = await listCustomerOrders(db, customer.id, customer.brandId, pageSize + 1, (page - 1) * pageSize);
      const shown = rows.slice(0, pageSize);
      const lines = await listLinesOf(
        db,
        shown.map((r) => r.order.id),
      );
      return {
        orders: shown.map((r) =>
          toOrder(
            r,
            lines.filter((l) => l.orderId === r.order.id),
          ),
        ),
        page,
        pageSize,
        hasMore: rows.length > pageSize,
      };
    },

    /** Another customer's order (or one at another brand) is not found, as if it did not exist. */
    async getForCustomer(customer: CustomerPrincipal, id: number): Promise<Order> {
      const row = await findCustomerOrder(db, id, customer.id, customer.brandId);
      if (!row) throw new AppError('order_not_found');
      return toOrder(row, await listLinesOf(db, [id]));
    },

    /** The board: orders of the staff user's branches (a branch outside them answers 403, like the stream and tables). */
    async listForStaff(
      staff: StaffPrincipal,
      query: { branchId?: number | undefined; status?: OrderStatus | undefined; limit: number },
    ): Promise<StaffOrder[]> {
      if (query.branchId !== undefined && !staff.branchIds.includes(query.branchId)) {
        throw new AppError('branch_out_of_scope');
      }
      const branchIds = query.branchId === undefined ? staff.branchIds : [query.branchId];
      const rows = await listBranchOrders(db, staff.brandId, branchIds, query.status, query.limit);
      const lines = await listLinesOf(
        db,
        rows.map((r) => r.order.id),
      );
      return rows.map((r) =>
        toStaffOrder(
          r,
          lines.filter((l) => l.orderId === r.order.id),
        ),
      );
    },

    /** Moves an order as the shared machine allows (else 409); cancel needs a reason; the move and its outbox row are one transaction. */
    async changeStatus(
      staff: StaffPrincipal,
      id: number,
      to: OrderStatus,
      reason: string | undefined,
    ): Promise<StaffOrder> {
      const row = await findStaffOrder(db, id, staff.brandId);
      if (!row || !staff.branchIds.includes(row.order.branchId)) throw new AppError('order_not_found');
      // A card order not yet paid was never handed to the kitchen: staff do not see it.
      if (row.order.paymentMethod === 'card' && row.order.paymentStatus === 'unpaid') {
        throw new AppError('order_not_found');
      }
      const from = row.order.status;
      if (!isOrderStatus(from) || !canTransition(row.order.orderType as OrderType, from, to)) {
        throw new AppError('order_transition_not_allowed', { from, to });
      }
      if (to === 'canceled' && !reason) throw new AppError('cancel_reason_required');
      const now = ctx.now();
      let refundOwed = false;
      const updated = await db.transaction(async (tx) => {
        const order = await updateOrderStatus(tx, id, from, to, to === 'canceled' ? (reason ?? null) : null, now);
        // Someone else moved it first: the move was decided on a status it no longer has.
        if (!order) throw new AppError('order_transition_not_allowed', { from, to });
        await insertOutboxEvent(tx, {
          orderId: id,
          event: 'order_status_changed',
          payload: { orderId: id, branchId: order.branchId, from, to },
        });
        // The board and the diner hear of it only once this commits (NOTIFY is delivered at commit).
        await notifyLive(tx, {
          kind: 'order_updated',
          orderId: id,
          brandId: order.brandId,
          branchId: order.branchId,
          customerId: order.customerId,
        });
        // The lifecycle's reactions (loyalty's earn on completion, its give-back on a cancel), in this transaction.
        for (const moment of momentsOfMove(to)) await deps.lifecycle.raise(tx, { moment, order, from, to, at: now });
        // A paid card order canceled owes the diner their money: written here, sent to the provider after commit.
        if (to === 'canceled' && order.paymentMethod === 'card' && order.paymentStatus === 'paid') {
          refundOwed = await deps.payments().owePaidOrderRefund(tx, id);
        }
        return order;
      });
      if (refundOwed) deps.payments().onRefundQueued();
      return toStaffOrder({ ...row, order: updated }, await listLinesOf(db, [id]));
    },

    /**
     * The board's "cash received": a cash order's money taken, recorded with the staff user and the time, and the
     * order paid. Any role in the order's branch may (the cashier takes the money); another branch's or brand's staff
     * get 404, as for status moves. Refused with 409 when it is not a cash order, is canceled or returned, or was
     * recorded already (two taps record it once: the update is conditional).
     */
    async recordCash(staff: StaffPrincipal, id: number): Promise<StaffOrder> {
      const row = await findStaffOrder(db, id, staff.brandId);
      if (!row || !staff.branchIds.includes(row.order.branchId)) throw new AppError('order_not_found');
      if (row.order.paymentMethod === 'card' && row.order.paymentStatus === 'unpaid') {
        throw new AppError('order_not_found');
      }
      const refuse = (order: OrderRow) =>
        new AppError(
          order.paymentMethod === 'cash' && order.paymentStatus === 'paid'
            ? 'cash_already_received'
            : 'cash_not_receivable',
        );
      if (
        row.order.paymentMethod !== 'cash' ||
        row.order.paymentStatus !== 'unpaid' ||
        CASH_CLOSED_STATUSES.includes(row.order.status)
      ) {
        throw refuse(row.order);
      }
      const updated = await db.transaction(async (tx) => {
        const order = await recordCashReceived(tx, id, staff.id, ctx.now());
        // Moved meanwhile (recorded by another tap, or canceled): say which, from the row as it is now.
        if (!order) {
          const now = await findStaffOrder(tx, id, staff.brandId);
          throw now ? refuse(now.order) : new AppError('order_not_found');
        }
        // The diner's page and history, and every board, see it paid once this commits.
        await notifyLive(tx, {
          kind: 'order_updated',
          orderId: id,
          brandId: order.brandId,
          branchId: order.branchId,
          customerId: order.customerId,
        });
        return order;
      });
      // Read again for the recorder's name (a join), as every board will read it from the live notice.
      const after = (await findStaffOrder(db, id, staff.brandId)) ?? { ...row, order: updated };
      return toStaffOrder(after, await listLinesOf(db, [id]));
    },
  };
}

function pricingColumns(p: CartPricing) {
  return {
    taxMode: p.taxMode,
    subtotal: p.subtotal,
    branchTaxes: p.branchTaxes,
    modifiersTaxes: p.modifiersTaxes,
    chargeAmount: p.chargeAmount,
    chargesTaxes: p.chargesTaxes,
    deliveryFee: p.deliveryFee,
    taxesPrice: p.taxesPrice,
    totalDiscount: p.totalDiscount,
    total: p.total,
    foodicsTaxes: p.foodicsTaxes,
    foodicsCharges: p.foodicsCharges,
    foodicsTotal: p.foodicsTotal,
  };
}

export function toOrder({ order: o, branchNameAr, branchNameEn }: OrderWithBranch, lines: OrderLineRow[]): Order {
  const paymentMethod = o.paymentMethod === 'card' ? 'card' : 'cash';
  const paymentStatus = o.paymentStatus === 'paid' || o.paymentStatus === 'refunded' ? o.paymentStatus : 'unpaid';
  const status = isOrderStatus(o.status) ? o.status : 'pending';
  return {
    id: o.id,
    number: o.number,
    branchId: o.branchId,
    branchName: { ar: branchNameAr, en: branchNameEn },
    orderType: o.orderType as OrderType,
    status,
    paymentMethod,
    paymentStatus,
    table: o.tableId !== null && o.tableNumber !== null ? { id: o.tableId, number: o.tableNumber } : null,
    address: o.address ?? null,
    notes: o.notes,
    receiveAt: o.receiveAt ? o.receiveAt.toISOString() : null,
    pricing: {
      taxMode: o.taxMode === 'exclusive' ? 'exclusive' : 'inclusive',
      subtotal: o.subtotal,
      branchTaxes: o.branchTaxes,
      modifiersTaxes: o.modifiersTaxes,
      chargeAmount: o.chargeAmount,
      chargesTaxes: o.chargesTaxes,
      deliveryFee: o.deliveryFee,
      taxesPrice: o.taxesPrice,
      totalDiscount: o.totalDiscount,
      total: o.total,
      foodicsTaxes: o.foodicsTaxes,
      foodicsCharges: o.foodicsCharges,
      foodicsTotal: o.foodicsTotal,
    },
    lines: lines.map((l) => ({
      kind: l.kind === 'combo' ? 'combo' : 'product',
      itemId: l.itemId,
      name: { ar: l.nameAr, en: l.nameEn },
      quantity: l.quantity,
      unitPriceHalalas: l.unitPriceHalalas,
      subtotal: l.subtotal,
      tax: l.tax,
      total: l.total,
      modifiers: l.modifiers,
      slots: l.slots,
    })),
    cancelReason: o.cancelReason,
    cashReceivedAt: o.cashReceivedAt ? o.cashReceivedAt.toISOString() : null,
    refund: orderRefundState({ paymentMethod, paymentStatus, status }),
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

export function toStaffOrder(row: StaffOrderRow, lines: OrderLineRow[]): StaffOrder {
  return {
    ...toOrder(row, lines),
    customer:
      row.order.customerId !== null && row.customerName !== null && row.customerPhone !== null
        ? { id: row.order.customerId, fullName: row.customerName, phone: row.customerPhone }
        : null,
    cashReceivedBy:
      row.order.cashReceivedBy !== null && row.cashReceivedByName !== null
        ? { id: row.order.cashReceivedBy, name: row.cashReceivedByName }
        : null,
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
