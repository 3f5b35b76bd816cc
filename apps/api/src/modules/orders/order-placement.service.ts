import { randomUUID } from 'node:crypto';
import type { Language } from '@sufra/shared/language';
import { DEFAULT_DELIVERY_MINUTES, type PreparationTime, preparationMinutes } from '@sufra/shared/order-estimate';
import { ORDER_TYPES, type OrderType } from '@sufra/shared/order-types';
import type { Order, OrderAddressSnapshot } from '@sufra/shared/schemas/order';
import type { PlacedOrderResponse } from '@sufra/shared/schemas/payment';
import type { AppContext } from '../../app-context.ts';
import type { CheckoutOffers } from '../../core/checkout-extras.rules.ts';
import type { OrderLifecycle } from '../../core/order-lifecycle.service.ts';
import type { OrderLineRow, OrderRow } from '../../core/order-rows.repo.ts';
import { toOrder } from '../../core/orders.view.ts';
import type { QrContextRow } from '../../core/qr-context.repo.ts';
import type { CustomerSessionCheck } from '../../core/sessions.repo.ts';
import { createGroupCommit } from '../../lib/group-commit.ts';
import type { CustomerPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import type { MenuService } from '../menu/menu.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import { type PlaceOrderInput, pricingColumns } from './order-lines.service.ts';
import { findIdempotencyKey, type PlacedOrderWrite, prepareCardPlacement, type ReservedIds } from './placement.repo.ts';
import {
  assertOrderSize,
  type PricedOrder,
  placingBranch,
  placingDelivery,
  placingTable,
  priceOrder,
} from './placement-rules.service.ts';
import { type BatchOutcome, writeCheckoutBatch } from './placement-write.service.ts';

/** What placement answers: the first response for this key (a replay answers the same). */
export interface PlacedOrder {
  status: number;
  body: PlacedOrderResponse;
  replayed: boolean;
}

/**
 * The most placements one statement writes. Under load each statement carries the placements that queued while
 * the last one ran (about a pool's worth); this only caps the statement's size.
 */
const PLACEMENT_BATCH_MAX = 64;

/**
 * The card side of orders: a card order's payment is asked of the provider during the order's write (its id is
 * reserved before), and a cancel of a paid card order owes a refund. A plain object: payments takes toOrder from
 * core, so it is built before orders.
 */
export interface OrdersPayments {
  beginAttempt: PaymentsService['beginAttempt'];
  providerName: PaymentsService['providerName'];
  redirectForReplay: PaymentsService['redirectForReplay'];
  owePaidOrderRefund: PaymentsService['owePaidOrderRefund'];
  onRefundQueued: () => void;
}

/**
 * The order and its lines as they will be stored (number 0 and, for a cash order, id 0 until the write draws them):
 * every figure from the server's pricing, never from the body.
 */
function orderRows(input: {
  id: number;
  qr: QrContextRow;
  branchId: number;
  customerId: number;
  orderType: OrderType;
  body: PlaceOrderInput;
  priced: Pick<PricedOrder, 'lines' | 'pricing'>;
  table: { id: number; number: string } | null;
  delivery: { address: OrderAddressSnapshot; zone: { id: number; estimatedMinutes?: number | null } } | null;
  /** The branch's preparation time, counted over the order's units (shared/order-times). */
  preparation: PreparationTime;
  now: Date;
}): { row: OrderRow; lineRows: OrderLineRow[] } {
  const { qr, body, priced, table, delivery, now } = input;
  const counterDineIn = input.orderType === ORDER_TYPES.dineIn && !qr.table;
  const row: OrderRow = {
    id: input.id,
    number: 0,
    brandId: qr.brand.id,
    branchId: input.branchId,
    customerId: input.customerId,
    orderType: input.orderType,
    status: 'pending',
    paymentMethod: body.paymentMethod,
    paymentStatus: 'unpaid',
    ...pricingColumns(priced.pricing),
    notes: body.notes ? body.notes : null,
    receiveAt: body.receiveAt ? new Date(body.receiveAt) : null,
    // Kept only where it was checked (dine-in from a counter QR).
    lat: counterDineIn ? (body.location?.lat ?? null) : null,
    lng: counterDineIn ? (body.location?.lng ?? null) : null,
    address: delivery?.address ?? null,
    deliveryZoneId: delivery?.zone.id ?? null,
    tableId: table?.id ?? null,
    tableNumber: table?.number ?? null,
    cancelReason: null,
    // The server's own figures for the estimate (never the client's): the branch's time over these lines, the zone's drive.
    prepMinutes: preparationMinutes(
      input.preparation,
      priced.lines.map((l) => l.row.quantity),
    ),
    deliveryMinutes: delivery ? (delivery.zone.estimatedMinutes ?? DEFAULT_DELIVERY_MINUTES) : null,
    statusTimes: {},
    acceptDelayMinutes: null,
    declineReason: null,
    cashReceivedAt: null,
    cashReceivedBy: null,
    paymentChecks: 0,
    paymentCheckAt: null,
    createdAt: now,
    updatedAt: now,
  };
  const lineRows: OrderLineRow[] = priced.lines.map((l, i) => {
    const p = priced.pricing.lines[i];
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
  return { row, lineRows };
}

/**
 * What placement's functions share: the app, the menu, the payments, the lifecycle, the checkout's
 * offers and extras (registered at the composition root, checkout-extras.ts), the group commit.
 */
export interface PlacementDeps {
  ctx: AppContext;
  menu: MenuService;
  payments: OrdersPayments;
  lifecycle: OrderLifecycle;
  offers: CheckoutOffers;
  /** Placements at one branch, written in groups (lib/group-commit). */
  placements: ReturnType<typeof createGroupCommit<number, PlacedOrderWrite, BatchOutcome>>;
}

/**
 * Placement's write side, moved out of orders.service: every rule and the one statement that writes an order
 * (placeNew), and the replay of a key used before (replayOf), bound to the app.
 */
export function createOrderPlacement(
  ctx: AppContext,
  deps: { menu: MenuService; payments: OrdersPayments; lifecycle: OrderLifecycle; offers: CheckoutOffers },
) {
  // Placements at one branch are written in groups (lib/group-commit): alone when the branch is quiet, together
  // when they queue for its counter row; the extras their writes carry are folded into the same statement
  // (placement-write), in their lock order.
  const { extras } = deps.offers;
  const placements = createGroupCommit<number, PlacedOrderWrite, BatchOutcome>({
    maxBatch: PLACEMENT_BATCH_MAX,
    writeBatch: (branchId, writes) => writeCheckoutBatch(ctx.db, branchId, writes, extras, ctx.now()),
  });
  const placement: PlacementDeps = { ctx, ...deps, placements };
  return { placeNew: placeNew.bind(null, placement), replayOf: replayOf.bind(null, placement) };
}

/** A new placement's answer: the order and a card order's payment, or why nothing was written for this key. */
export type NewPlacement =
  | { order: Order; payment: ReturnType<OrdersPayments['beginAttempt']> | null }
  | 'key_taken'
  | 'key_racing'
  | 'stale_context';

/**
 * Every rule (placement-rules.service.ts, in the order the diner is told about them), then one atomic statement: the
 * session and key checks, order, lines, outbox row, and the key with its response. A key found taken is answered
 * by the caller (a replay, or a duplicate racing this one).
 */
export async function placeNew(
  deps: PlacementDeps,
  qr: QrContextRow,
  customer: CustomerPrincipal,
  session: CustomerSessionCheck,
  key: string,
  requestHash: string,
  body: PlaceOrderInput,
  language: Language,
): Promise<NewPlacement> {
  const { ctx } = deps;
  const now = ctx.now();
  const placing = await checkedPlacement(deps, qr, customer.id, body, now);

  // The order as it will be stored; the answer is built from it before the write, which then adds only the id
  // (a cash order's) and the branch's number (also to the key's response, in the same statement).
  // A card order's ids are drawn first, with its session and key checks: its payment is asked of the provider while
  // the order is written, and a replay must not create a second payment there. A cash order's id is drawn by the
  // write (0 until then).
  let reserved: ReservedIds | null = null;
  if (body.paymentMethod === 'card') {
    const card = await prepareCardPlacement(ctx.db, session, key, qr.contextVersion);
    if (!card.live) throw new AppError('session_expired');
    if (card.keyTaken) return 'key_taken';
    // Checked before the provider is asked, so a stale context costs no payment there.
    if (!card.current) return 'stale_context';
    reserved = card;
  }
  const { branch } = placing;
  const { row, lineRows } = orderRows({
    id: reserved?.orderId ?? 0,
    qr,
    branchId: branch.id,
    customerId: customer.id,
    orderType: placing.orderType,
    body,
    priced: placing.priced,
    table: placing.table,
    delivery: placing.delivery,
    preparation: { baseMinutes: branch.prepBaseMinutes, perItemMinutes: branch.prepPerItemMinutes },
    now,
  });
  const answer = toOrder({ order: row, branchNameAr: branch.nameAr, branchNameEn: branch.nameEn }, lineRows);
  const attempt = reserved ? { id: reserved.attemptId, idempotencyKey: randomUUID() } : null;
  // A card order's payment is asked of the provider while the order is written, not after: it needs only the
  // order's id and total, known now. Its answer is recorded once the order is (finish); if the write fails (or a
  // duplicate racing it wins the key), the provider is left with a payment nobody was sent to, which is never paid.
  const payment =
    reserved && attempt
      ? deps.payments.beginAttempt({ id: reserved.orderId, total: row.total }, qr.qr.uuid, attempt, language)
      : null;
  const write = placedWrite(deps, {
    qr,
    customerId: customer.id,
    session,
    key,
    requestHash,
    body,
    reserved,
    attempt,
    priced: placing.priced,
    row,
    lineRows,
    answer,
  });
  const outcome = await deps.placements.write(branch.id, write);
  if (outcome.kind === 'signed_out') throw new AppError('session_expired');
  if (outcome.kind === 'refused') throw new AppError(outcome.code);
  if (outcome.kind !== 'placed') return outcome.kind;
  return { order: { ...answer, id: outcome.id, number: outcome.number }, payment };
}

/** Placement's rules in the order the diner is told about them: size, branch and time, table, address, price. */
async function checkedPlacement(
  deps: PlacementDeps,
  qr: QrContextRow,
  customerId: number,
  body: PlaceOrderInput,
  now: Date,
) {
  const { db } = deps.ctx;
  assertOrderSize(body);
  const orderType = body.orderType as OrderType;
  const { branch, servicesOff } = await placingBranch(db, qr, body, orderType, now);
  const table = orderType === ORDER_TYPES.dineIn ? await placingTable(db, qr, branch, body) : null;
  const delivery = orderType === ORDER_TYPES.delivery ? await placingDelivery(db, customerId, branch, body) : null;
  const zone = delivery?.zone ?? null;
  const priced = await priceOrder(db, deps.menu, deps.offers, {
    qr,
    branch,
    servicesOff,
    orderType,
    customerId,
    body,
    zone,
    now,
  });
  return { orderType, branch, table, delivery, priced };
}

/**
 * What group commit writes for this placement: the stored order and lines (but the ids and number the statement
 * draws), the session and key it checks, the response kept with the key, a card order's first attempt, the extras
 * (points, coupon, reward) and the lifecycle's plan for the kitchen.
 */
function placedWrite(
  deps: PlacementDeps,
  input: {
    qr: QrContextRow;
    customerId: number;
    session: CustomerSessionCheck;
    key: string;
    requestHash: string;
    body: PlaceOrderInput;
    reserved: ReservedIds | null;
    attempt: { id: number; idempotencyKey: string } | null;
    priced: PricedOrder;
    row: OrderRow;
    lineRows: OrderLineRow[];
    answer: Order;
  },
): PlacedOrderWrite {
  const { qr, reserved, attempt, row } = input;
  const { id: _id, number: _number, ...orderColumns } = row;
  return {
    ...(reserved ? { id: reserved.orderId } : {}),
    order: { ...orderColumns, customerId: input.customerId },
    lines: input.lineRows.map(({ orderId: _orderId, ...line }) => line),
    familyId: input.session.familyId,
    contextVersion: qr.contextVersion,
    key: input.key,
    requestHash: input.requestHash,
    responseStatus: 201,
    responseBody: input.answer,
    ...(attempt ? { paymentAttempt: { ...attempt, provider: deps.payments.providerName } } : {}),
    ...(input.priced.extras.length > 0 ? { extras: input.priced.extras } : {}),
    // The lifecycle's `placed`: its planners (the kitchen's hand-off rule) say what the statement writes with it.
    handToKitchen: deps.lifecycle.planPlacement(row).handToKitchen,
  };
}

/**
 * The first response kept with this customer's key, as a replay; null when the key was never used. The same key
 * with another body is 422. (A key without a response was claimed by a request of an older version that never
 * finished; migration 0009 removed those, and none are written now.)
 */
export async function replayOf(
  deps: PlacementDeps,
  qr: QrContextRow,
  customer: CustomerPrincipal,
  key: string,
  requestHash: string,
  language: Language,
): Promise<PlacedOrder | null> {
  const existing = await findIdempotencyKey(deps.ctx.db, customer.id, key);
  if (!existing) return null;
  if (existing.requestHash !== requestHash) throw new AppError('idempotency_key_reused');
  if (existing.responseStatus == null) throw new AppError('idempotency_key_in_flight');
  // Responses kept before cash could be recorded lack the field; a placed order's is always null.
  const stored = existing.responseBody as Order;
  const first: Order = { ...stored, cashReceivedAt: stored.cashReceivedAt ?? null };
  if (first.paymentMethod !== 'card') return { status: existing.responseStatus, body: first, replayed: true };
  // A card order's replay also says where to pay (the open attempt's page, or a new attempt's), so a placement
  // whose provider call failed is retried with the same key and never makes a second order.
  const payment = await deps.payments.redirectForReplay(first.id, qr.qr.uuid, language);
  return { status: existing.responseStatus, body: payment ? { ...first, payment } : first, replayed: true };
}
