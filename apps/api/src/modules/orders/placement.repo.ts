import { and, eq, sql } from 'drizzle-orm';
import type { AnyCheckoutExtra, Carried, ColumnValue } from '../../core/checkout-extras.rules.ts';
import type { OrderInsert, OrderLineInsert } from '../../core/order-rows.repo.ts';
import { brandContextVersionSql } from '../../core/qr-context.repo.ts';
import { type CustomerSessionCheck, customerSessionLiveSelect } from '../../core/sessions.repo.ts';
import type { Queryable } from '../../db/client.ts';
import { isUniqueViolation, pgErrorCode } from '../../db/errors.ts';
import { preparedFor } from '../../db/prepared.ts';
import { branchOrderCounters, idempotencyKeys } from '../../db/schema/orders.ts';
import { placementStatement } from './placement-statement.repo.ts';

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
  /** The checkout extras the order carries (points, a coupon, a reward: core/checkout-extras.rules), each with its value. */
  extras?: readonly Carried[];
  /** Hand the order to the kitchen in this write (the lifecycle's plan): the kitchen's hand-off extra writes it. */
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
 * Thrown by the statement when an extra's guard did not hold (a wallet, a day's limit, a coupon's counter or a reward
 * moved since the rules were checked): nothing was written; the checkout write (placement-write) asks the extras
 * which writes to refuse, and writes the batch again without them.
 */
export class ExtraRefused extends Error {
  constructor() {
    super('a checkout extra was refused');
  }
}

/** The extras a batch's statement folds in: those its writes carry, and those in every batch; in lock order. */
export function extrasOfBatch(
  writes: readonly PlacedOrderWrite[],
  registered: readonly AnyCheckoutExtra[],
): AnyCheckoutExtra[] {
  return registered.filter((e) => e.inEveryBatch || writes.some((w) => w.extras?.some((c) => c.extra === e)));
}

/** A write's inputs for the batch's extras: each extra's columns, null where the write does not carry it. */
function extrasInput(w: PlacedOrderWrite, extras: readonly AnyCheckoutExtra[], at: Date) {
  const row: Record<string, ColumnValue> = {};
  for (const extra of extras) {
    const carried = w.extras?.find((c) => c.extra === extra);
    if (carried) Object.assign(row, extra.input(carried.value, at));
  }
  return row;
}

/** The batch's writes as the statement's one jsonb parameter (placement-statement.repo inputCte reads it). */
function placementInput(writes: PlacedOrderWrite[], extras: readonly AnyCheckoutExtra[], at: Date): string {
  return JSON.stringify(writes.map((w, i) => ({ ...inputRow(w, i), ...extrasInput(w, extras, at) })));
}

const time = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** One write as a row of the statement's input: its order, key, first attempt and lines. */
function inputRow(w: PlacedOrderWrite, i: number) {
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
    prep_minutes: o.prepMinutes ?? null,
    delivery_minutes: o.deliveryMinutes ?? null,
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
  registered: readonly AnyCheckoutExtra[] = [],
  at: Date = new Date(),
): Promise<PlacementOutcome[]> {
  if (writes.some((w) => w.order.branchId !== branchId)) throw new Error('a batch of placements spans branches');
  // Hand-written (placement-statement.repo.ts, a fragment per group of CTEs) rather than built from drizzle's
  // builders: the text is the same for every batch (the orders and their lines travel as one jsonb array), and
  // building five builders' SQL on every request showed as ~8 % of the server's CPU profile under load
  // (`npm run bench -- --only orders --cpu-prof=DIR`).
  const extras = extrasOfBatch(writes, registered);
  const input = placementInput(writes, extras, at);
  let result: unknown;
  try {
    result = await db.execute(placementStatement(branchId, input, extras, at.toISOString()));
  } catch (error) {
    if (pgErrorCode(error) === EXTRA_REFUSED) throw new ExtraRefused();
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

/**
 * Locks the branch's order counter row (creating it at 0 for a branch with no order yet), for a batch whose extras
 * lock first (core/checkout-extras.rules locksFirst): the statement that follows then sees every order placed at the branch.
 */
export async function lockBranchCounter(tx: Queryable, branchId: number): Promise<void> {
  await tx.execute(sql`
    insert into ${branchOrderCounters} (branch_id, last_number) values (${branchId}::int, 0)
    on conflict (branch_id) do update set last_number = ${branchOrderCounters}.last_number`);
}
