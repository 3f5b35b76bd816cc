import { startOfLocalDay } from '@sufra/shared/branch-hours';
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { isUniqueViolation, pgErrorCode } from '../../db/errors.ts';
import { preparedFor } from '../../db/prepared.ts';
import { authSessions } from '../../db/schema/auth.ts';
import { customers } from '../../db/schema/customers.ts';
import { branchOrderCounters, idempotencyKeys, orderLines, orderOutbox, orders } from '../../db/schema/orders.ts';
import { paymentAttempts } from '../../db/schema/payments.ts';
import { type CustomerSessionCheck, customerSessionLiveSelect } from '../auth/sessions.repo.ts';
import type { PlacedCouponWrite } from '../coupons/coupon-uses.ts';
import { foldedCouponCtes, foldedCouponHeld, foldedCouponUsesCte } from '../coupons/coupons.repo.ts';
import { OUTBOX_WAKE_CHANNEL } from '../kitchen/order-outbox.repo.ts';
import type { CheckoutPointsWrite } from '../loyalty/checkout-points.ts';
import { foldedRedeemRowsCte, foldedSpendCtes, foldedSpendHeld } from '../loyalty/loyalty.repo.ts';
import type { OrderRewardWrite } from '../loyalty/order-rewards.ts';
import { orderPlacedNoticeSql } from '../order-events/order-events.repo.ts';
import { brandContextVersionSql } from '../qr/qr.repo.ts';
import type { OrderInsert, OrderLineInsert } from './orders.repo.ts';

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
  // Hand-written rather than built from drizzle's builders: the text is the same for every batch (the orders and
  // their lines travel as one jsonb array), and building five builders' SQL on every request showed as ~8 % of
  // the server's CPU profile under load (`npm run bench -- --only orders --cpu-prof=DIR`).
  const time = (d: Date | null | undefined) => (d ? d.toISOString() : null);
  const input = JSON.stringify(
    writes.map((w, i) => {
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
        ...foldedExtrasInput(w, folded?.at),
        lines: lines.map((l) => ({
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
        })),
      };
    }),
  );
  const at = folded?.at.toISOString();
  const foldedExtras = at
    ? {
        ctes: sql.join([foldedSpendCtes, foldedCouponCtes(at)], sql`, `),
        held: sql`${foldedSpendHeld} and ${foldedCouponHeld}`,
        rows: sql.join([foldedRedeemRowsCte(at), foldedCouponUsesCte(branchId, at)], sql`, `),
      }
    : null;
  let result: unknown;
  try {
    result = await db.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${input}::jsonb) as i(ord int, id int, brand_id int, customer_id int, family_id uuid,
        order_type int, status text, payment_method text, payment_status text, tax_mode text, subtotal int8,
        branch_taxes int8, modifiers_taxes int8, charge_amount int8, charges_taxes int8, delivery_fee int8,
        taxes_price int8, total_discount int8, total int8, foodics_taxes int8, foodics_charges int8, foodics_total int8,
        notes text, receive_at timestamptz, lat float8, lng float8, address jsonb, delivery_zone_id int,
        table_id int, table_number text, created_at timestamptz, updated_at timestamptz, context_version int, key text,
        request_hash text, response_status int, response_body jsonb, attempt_id int, attempt_provider text,
        attempt_key text, hand_to_kitchen boolean, points int, since timestamptz, point_value int, min_points int,
        max_tx int, max_day int, max_count int, time_zone text, coupon_id int, coupon_limit int, coupon_discount int8,
        coupon_version int,
        lines jsonb)
    ), checked as (
      -- The access check every signed-in request makes (sessions.repo customerSessionLiveSelect), and the key's: one
      -- index probe per write each (lateral, limit 1). As exists() the key's check was planned as one hashed scan of
      -- the whole key table per batch while it had fewer than ~30,000 rows (a batch is estimated at 100 writes).
      select i.*, session.live is not null as live, key_row.taken is not null as taken,
        ${brandContextVersionSql(sql`i.brand_id`)} = i.context_version as current
      from input i
      left join lateral (
        select true as live from ${authSessions} s join ${customers} c on c.id = s.subject_id and c.brand_id = i.brand_id
        where s.family_id = i.family_id and s.subject_kind = 'customer' and s.subject_id = i.customer_id
          and s.revoked_at is null and s.expires_at > i.created_at
        limit 1
      ) session on true
      left join lateral (
        select true as taken from ${idempotencyKeys} k where k.customer_id = i.customer_id and k.key = i.key limit 1
      ) key_row on true
    ), candidates as (
      -- A key twice in the batch (a double submit): its first live write is the one that may go ahead.
      select c.*, row_number() over (partition by c.customer_id, c.key order by c.ord) as nth_of_key
      from checked c
      where c.live and not c.taken and c.current
    ), go as (
      select c.* from candidates c where c.nth_of_key = 1
    ), ${foldedExtras ? sql`${foldedExtras.ctes}, ` : sql``}fresh as (
      -- The writes that go ahead, their ids (a cash order's drawn here) and their rank in the batch. With folded
      -- extras, only once every one of them held (else placement_extras_held stops the statement): their rows are
      -- locked and moved here, before the branch's counter below, the lock order every transaction keeps.
      select g.*, coalesce(g.id, nextval('orders_id_seq')::int) as order_id, row_number() over (order by g.ord) as n
      from go g
      ${foldedExtras ? sql`where placement_extras_held((select ${foldedExtras.held}))` : sql``}
    ), counter as (
      -- The batch's numbers: the n after the branch's last, the write ranked n taking last - count + n.
      insert into ${branchOrderCounters} (branch_id, last_number) values (${branchId}::int, (select count(*)::int from fresh))
      on conflict (branch_id) do update set last_number = ${branchOrderCounters}.last_number + excluded.last_number
      returning last_number - (select count(*)::int from fresh) as before
    ), new_orders as (
      insert into ${orders} (id, brand_id, branch_id, customer_id, number, order_type, status, payment_method,
        payment_status, tax_mode, subtotal, branch_taxes, modifiers_taxes, charge_amount, charges_taxes, delivery_fee,
        taxes_price, total_discount, total, foodics_taxes, foodics_charges, foodics_total, notes, receive_at, lat, lng,
        address, delivery_zone_id, table_id, table_number, created_at, updated_at)
      overriding system value
      select f.order_id, f.brand_id, ${branchId}::int, f.customer_id, counter.before + f.n, f.order_type, f.status,
        f.payment_method, f.payment_status, f.tax_mode, f.subtotal, f.branch_taxes, f.modifiers_taxes,
        f.charge_amount, f.charges_taxes, f.delivery_fee, f.taxes_price, f.total_discount, f.total, f.foodics_taxes,
        f.foodics_charges, f.foodics_total, f.notes, f.receive_at, f.lat, f.lng, f.address, f.delivery_zone_id,
        f.table_id, f.table_number, f.created_at, f.updated_at
      from fresh f, counter
      order by f.n
      returning id, number
    ), placed as (
      -- Each write that went ahead, with its order's number.
      select f.*, o.number from fresh f join new_orders o on o.id = f.order_id
    ), new_lines as (
      insert into ${orderLines} (order_id, position, kind, item_id, name_ar, name_en, quantity, unit_price_halalas,
        subtotal, tax, total, modifiers, slots)
      select p.order_id, l.position, l.kind, l.item_id, l.name_ar, l.name_en, l.quantity, l.unit_price_halalas,
        l.subtotal, l.tax, l.total, l.modifiers, l.slots
      from placed p, jsonb_to_recordset(p.lines) as l(position int, kind text, item_id int, name_ar text,
        name_en text, quantity int, unit_price_halalas int8, subtotal int8, tax int8, total int8, modifiers jsonb,
        slots jsonb)
    ), outbox as (
      -- Only the orders the lifecycle hands to the kitchen now (kitchen-hand-off.ts): a card order's row is written
      -- once its payment is verified (payment-settle raises handed_to_kitchen), so none exists to deliver before.
      insert into ${orderOutbox} (order_id, event, payload)
      select p.order_id, 'order_placed', jsonb_build_object('orderId', p.order_id, 'brandId', p.brand_id,
        'branchId', ${branchId}::int, 'number', p.number)
      from placed p
      where p.hand_to_kitchen
      order by p.n
    ), claimed as (
      -- The key with its response. No "on conflict": a key a concurrent statement inserted fails this one.
      insert into ${idempotencyKeys} (customer_id, key, request_hash, response_status, response_body, created_at)
      select p.customer_id, p.key, p.request_hash, p.response_status,
        p.response_body || jsonb_build_object('id', p.order_id, 'number', p.number), p.created_at
      from placed p
    ), attempt as (
      -- A card order's first attempt, so placement makes no round trip of its own for it.
      insert into ${paymentAttempts} (id, order_id, provider, idempotency_key, amount_halalas, created_at, updated_at)
      overriding system value
      select p.attempt_id, p.order_id, p.attempt_provider, p.attempt_key, p.total, p.created_at, p.created_at
      from placed p
      where p.attempt_provider is not null
      returning id, order_id
    )${foldedExtras ? sql`, ${foldedExtras.rows}` : sql``}
    -- Wakes the kitchen relays and tells the boards when this commits (a select CTE nobody reads would not run, so
    -- it is here; PostgreSQL sends one notification for the statement's identical wake-ups).
    select c.ord, c.live, c.taken, c.current, p.order_id as id, p.number, a.id as attempt_id,
      case when p.hand_to_kitchen then pg_notify(${OUTBOX_WAKE_CHANNEL}, '') end,
      case when p.hand_to_kitchen then ${orderPlacedNoticeSql({ id: sql`p.order_id`, brandId: sql`p.brand_id`, branchId: sql`${branchId}::int`, customerId: sql`p.customer_id` })} end
    from checked c
    left join placed p on p.ord = c.ord
    left join attempt a on a.order_id = p.order_id
    order by c.ord`);
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
