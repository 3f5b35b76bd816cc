import { startOfLocalDay } from '@sufra/shared/branch-hours';
import { and, eq, sql } from 'drizzle-orm';
import type { OrderInsert, OrderLineInsert } from '../../core/order-rows.repo.ts';
import { brandContextVersionSql } from '../../core/qr-context.repo.ts';
import { type CustomerSessionCheck, customerSessionLiveSelect } from '../../core/sessions.repo.ts';
import type { Queryable } from '../../db/client.ts';
import { isUniqueViolation, pgErrorCode } from '../../db/errors.ts';
import { preparedFor } from '../../db/prepared.ts';
import { idempotencyKeys } from '../../db/schema/orders.ts';
import type { PlacedCouponWrite } from '../coupons/coupon-uses.ts';
import type { CheckoutPointsWrite } from '../loyalty/checkout-points.ts';
import type { OrderRewardWrite } from '../loyalty/order-rewards.ts';
import { foldedExtrasSql, placementStatement } from './placement-statement.repo.ts';

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;

/**
 * A card placement's ids, drawn before its write so the provider's payment can be created while the order is
 * being written (the provider needs the order's id). Ids need not be gap-free (numbers are): a placement that ends
 * in a refusal just leaves a hole in the sequence.
 */
export interface ReservedIds {
  orderId: number;
  attemptId: number;
}

const cardPlacementQuery = preparedFor((db) => {
  const live = db.$with('live').as(customerSessionLiveSelect(db));
  return db
    .with(live)
    .select({
      orderId: sql<number>`nextval('orders_id_seq')::int`.as('order_id'),
      attemptId: sql<number>`nextval('payment_attempts_id_seq')::int`.as('attempt_id'),
      live: sql<boolean>`exists (select 1 from ${live})`.as('live'),
      keyTaken:
        sql<boolean>`exists (select 1 from ${idempotencyKeys} where ${idempotencyKeys.customerId} = ${sql.placeholder('customerId')} and ${idempotencyKeys.key} = ${sql.placeholder('key')}::text)`.as(
          'key_taken',
        ),
      current:
        sql<boolean>`${brandContextVersionSql(sql`${sql.placeholder('brandId')}::int`)} = ${sql.placeholder('contextVersion')}::int`.as(
          'current',
        ),
    })
    .from(sql`(select 1) as one`)
    .prepare('card_placement_ids');
});

/**
 * A card placement's first round trip, before the provider is asked: its ids, whether the session is live,
 * whether the key is taken already (a replay must not create a second payment at the provider) and whether the
 * QR context the rules ran on is still current (its brand's context version).
 */
export async function prepareCardPlacement(
  db: Queryable,
  session: CustomerSessionCheck,
  key: string,
  contextVersion: number,
): Promise<ReservedIds & { live: boolean; keyTaken: boolean; current: boolean }> {
  const [row] = await cardPlacementQuery(db).execute({
    familyId: session.familyId,
    customerId: session.customerId,
    brandId: session.brandId,
    now: session.now.toISOString(),
    key,
    contextVersion,
  });
  if (!row) throw new Error('no ids drawn');
  return row;
}

export async function findIdempotencyKey(
  db: Queryable,
  customerId: number,
  key: string,
): Promise<IdempotencyKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.customerId, customerId), eq(idempotencyKeys.key, key)));
  return row;
}

export interface PlacedOrderWrite {
  /** A card order's id, drawn before (prepareCardPlacement); a cash order's is drawn by the write. */
  id?: number;
  /** The order row but its id and number (the branch's counter gives it). */
  order: Omit<OrderInsert, 'id' | 'number'> & { branchId: number; brandId: number; customerId: number };
  lines: Omit<OrderLineInsert, 'orderId'>[];
  /** The access token's session family: the write checks it is still signed in. */
  familyId: string;
  /** The brand's context version the QR context was read at: the write goes ahead only if it is still current. */
  contextVersion: number;
  /** The Idempotency-Key, its request's hash, and the response to keep with it (its id and number are added). */
  key: string;
  requestHash: string;
  responseStatus: number;
  responseBody: unknown;
  /** A card order's first payment attempt, its id drawn with the order's. */
  paymentAttempt?: { id: number; provider: string; idempotencyKey: string };
  /** Points spent at checkout: written by their placement extra (loyalty/checkout-points), not by this statement. */
  points?: CheckoutPointsWrite;
  /** A free-item reward used in the order: claimed by its placement extra (loyalty/order-rewards). */
  reward?: OrderRewardWrite;
  /** A coupon used on the order: its use recorded by its placement extra (coupons/coupon-uses). */
  coupon?: PlacedCouponWrite;
  /** Hand the order to the kitchen in this write (the lifecycle's plan, kitchen-hand-off.ts): outbox row and notice. */
  handToKitchen: boolean;
}

/**
 * What became of one write of a batch: placed; refused because the session is no longer signed in; or not written
 * because its key is taken: by a request that finished before (`key_taken`: a replay) or by one racing it
 * (`key_racing`: a concurrent duplicate, told apart because the key's insert waited for it and failed); or left out
 * because the QR context its rules ran on is no longer its brand's current one (`stale_context`: nothing written,
 * the key free, to be placed again on a fresh read).
 */
export type PlacementOutcome =
  | { kind: 'placed'; id: number; number: number; attemptId: number | null }
  | { kind: 'signed_out' }
  | { kind: 'key_taken' }
  | { kind: 'key_racing' }
  | { kind: 'stale_context' };

/** What the placement statement answers per write (in the batch's order). */
interface PlacementRow {
  ord: number;
  live: boolean;
  taken: boolean;
  current: boolean;
  id: number | null;
  number: number | null;
  attempt_id: number | null;
}

/** The SQLSTATE placement_extras_held raises with (migration 0027). */
const EXTRA_REFUSED = 'SU001';

/**
 * Thrown by a statement with folded extras when one of them was refused (a wallet, a day's limit or a coupon's
 * counter moved since the rules were checked): nothing was written; placement-extras writes the batch again the
 * careful way, which says which write to refuse and why.
 */
export class FoldedExtraRefused extends Error {
  constructor() {
    super('a placement extra folded into the statement was refused');
  }
}

/** Whether a write's extras can be folded into the placement statement (placement-extras, foldedExtrasInput). */
export function canFoldExtras(write: PlacedOrderWrite): boolean {
  return write.reward === undefined && write.coupon?.newCustomersOnly !== true;
}

/** A write's points and coupon as the statement's input carries them (all null when there are none, or not folded). */
function foldedExtrasInput(w: PlacedOrderWrite, at: Date | undefined) {
  const spend = at ? w.points?.spend : undefined;
  const coupon = at ? w.coupon : undefined;
  return {
    points: spend?.points ?? null,
    since: spend ? startOfLocalDay(at as Date, spend.rules.timeZone).toISOString() : null,
    point_value: spend?.rules.pointValueHalalas ?? null,
    min_points: spend?.rules.minPointsPerRedemption ?? null,
    max_tx: spend?.rules.maxPointsPerTransaction ?? null,
    max_day: spend?.rules.maxPointsPerDay ?? null,
    max_count: spend?.rules.maxRedemptionsPerDay ?? null,
    time_zone: spend?.rules.timeZone ?? null,
    coupon_id: coupon?.couponId ?? null,
    coupon_limit: coupon?.perCustomerLimit ?? null,
    coupon_discount: coupon?.discountHalalas ?? null,
    coupon_version: coupon?.version ?? null,
  };
}

/** The batch's writes as the statement's one jsonb parameter (placement-statement.repo inputCte reads it). */
function placementInput(writes: PlacedOrderWrite[], at: Date | undefined): string {
  return JSON.stringify(writes.map((w, i) => inputRow(w, i, at)));
}

const time = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** One write as a row of the statement's input: its order, key, first attempt, folded extras and lines. */
function inputRow(w: PlacedOrderWrite, i: number, at: Date | undefined) {
  const { order: o, lines, paymentAttempt } = w;
  return {
    ord: i + 1,
    id: w.id ?? null,
    brand_id: o.brandId,
    customer_id: o.customerId,
    family_id: w.familyId,
    order_type: o.orderType,
    status: o.status,
    payment_method: o.paymentMethod,
    payment_status: o.paymentStatus,
    tax_mode: o.taxMode,
    subtotal: o.subtotal,
    branch_taxes: o.branchTaxes,
    modifiers_taxes: o.modifiersTaxes,
    charge_amount: o.chargeAmount,
    charges_taxes: o.chargesTaxes,
    delivery_fee: o.deliveryFee,
    taxes_price: o.taxesPrice,
    total_discount: o.totalDiscount,
    total: o.total,
    foodics_taxes: o.foodicsTaxes,
    foodics_charges: o.foodicsCharges,
    foodics_total: o.foodicsTotal,
    notes: o.notes ?? null,
    receive_at: time(o.receiveAt),
    lat: o.lat ?? null,
    lng: o.lng ?? null,
    address: o.address ?? null,
    delivery_zone_id: o.deliveryZoneId ?? null,
    table_id: o.tableId ?? null,
    table_number: o.tableNumber ?? null,
    created_at: time(o.createdAt),
    updated_at: time(o.updatedAt),
    context_version: w.contextVersion,
    key: w.key,
    request_hash: w.requestHash,
    response_status: w.responseStatus,
    response_body: w.responseBody,
    attempt_id: paymentAttempt?.id ?? null,
    attempt_provider: paymentAttempt?.provider ?? null,
    attempt_key: paymentAttempt?.idempotencyKey ?? null,
    hand_to_kitchen: w.handToKitchen,
    ...foldedExtrasInput(w, at),
    lines: lines.map(inputLine),
  };
}

/** One order line as the statement's input carries it (placement-statement.repo linesCte). */
function inputLine(l: Omit<OrderLineInsert, 'orderId'>) {
  return {
    position: l.position,
    kind: l.kind,
    item_id: l.itemId,
    name_ar: l.nameAr,
    name_en: l.nameEn,
    quantity: l.quantity,
    unit_price_halalas: l.unitPriceHalalas,
    subtotal: l.subtotal,
    tax: l.tax,
    total: l.total,
    modifiers: l.modifiers,
    slots: l.slots,
  };
}

/**
 * The whole write of one branch's placements as one statement (data-modifying CTEs, atomic like a transaction):
 * each write's session check and key claim, the branch's next numbers, the orders, their lines, the outbox rows,
 * the idempotency keys with their responses and a card order's first attempt. One round trip, so the branch's
 * counter row (which every order at the branch must lock, to number orders 1, 2, 3 … without gaps) is held only
 * while PostgreSQL runs this statement, not across several round trips from Node: that lock is what bounds a
 * branch's orders per second, and writing the placements that waited for it together (lib/group-commit) pays it,
 * the commit and the round trip once per batch. A placement makes no other write: a refused one leaves nothing.
 *
 * A write whose session is not live, whose key exists already (or twice in the batch), or whose QR context version is
 * not its brand's now, is left out and takes no number. A key inserted by a concurrent statement is a unique violation that fails the batch (atomic: nothing
 * written); group commit then writes its placements one at a time, and this one answers `key_racing`. Foreign keys
 * are checked at the end of the statement, as in a transaction. Answers one outcome per write, in order.
 */
export async function insertPlacedOrders(
  db: Queryable,
  branchId: number,
  writes: PlacedOrderWrite[],
  folded?: { at: Date },
): Promise<PlacementOutcome[]> {
  if (writes.some((w) => w.order.branchId !== branchId)) throw new Error('a batch of placements spans branches');
  // Hand-written (placement-statement.repo.ts, a fragment per group of CTEs) rather than built from drizzle's
  // builders: the text is the same for every batch (the orders and their lines travel as one jsonb array), and
  // building five builders' SQL on every request showed as ~8 % of the server's CPU profile under load
  // (`npm run bench -- --only orders --cpu-prof=DIR`).
  const input = placementInput(writes, folded?.at);
  const extras = folded ? foldedExtrasSql(branchId, folded.at.toISOString()) : null;
  let result: unknown;
  try {
    result = await db.execute(placementStatement(branchId, input, extras));
  } catch (error) {
    if (pgErrorCode(error) === EXTRA_REFUSED) throw new FoldedExtraRefused();
    // A key inserted by a concurrent placement: alone, this write lost the race; in a batch, group commit retries
    // the batch's writes one at a time to find which.
    if (writes.length === 1 && isUniqueViolation(error, 'idempotency_keys_customer_key_pk')) {
      return [{ kind: 'key_racing' }];
    }
    throw error;
  }
  const { rows } = result as { rows: PlacementRow[] };
  if (rows.length !== writes.length) throw new Error(`${writes.length} placements written, ${rows.length} answered`);
  return rows.map((row): PlacementOutcome => {
    if (row.id !== null && row.number !== null) {
      return {
        kind: 'placed',
        id: Number(row.id),
        number: Number(row.number),
        attemptId: row.attempt_id === null ? null : Number(row.attempt_id),
      };
    }
    if (!row.live) return { kind: 'signed_out' };
    // Live and not placed: its key was taken (or doubled in the batch, a current copy went ahead), else its QR
    // context was stale.
    return row.taken || row.current ? { kind: 'key_taken' } : { kind: 'stale_context' };
  });
}
