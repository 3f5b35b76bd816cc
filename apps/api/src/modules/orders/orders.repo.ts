import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { preparedFor } from '../../db/prepared.ts';
import { branches } from '../../db/schema/branches.ts';
import { customerAddresses, customers } from '../../db/schema/customers.ts';
import { branchOrderCounters, idempotencyKeys, orderLines, orderOutbox, orders } from '../../db/schema/orders.ts';
import { paymentAttempts } from '../../db/schema/payments.ts';
import { type CustomerSessionCheck, customerSessionLiveSelect } from '../auth/sessions.repo.ts';
import { OUTBOX_WAKE_CHANNEL } from '../kitchen/order-outbox.repo.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderInsert = typeof orders.$inferInsert;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderLineInsert = typeof orderLines.$inferInsert;
export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;

/**
 * The ids a placement will write its order and (card) first payment attempt with, drawn with the key's claim so a
 * card order's payment can be asked of the provider while the order is being written (the provider needs the order's
 * id). Ids need not be gap-free (numbers are): a claim that ends in a refusal, or a cash order's unused attempt id,
 * just leaves a hole in the sequence.
 */
export interface ReservedIds {
  orderId: number;
  attemptId: number;
}

const reservedIds = {
  orderId: sql<number>`nextval('orders_id_seq')::int`.as('order_id'),
  attemptId: sql<number>`nextval('payment_attempts_id_seq')::int`.as('attempt_id'),
};

const claimForSessionQuery = preparedFor((db) => {
  const live = db.$with('live').as(customerSessionLiveSelect(db));
  return db
    .with(live)
    .insert(idempotencyKeys)
    .select(
      db
        .select({
          customerId: live.customerId,
          key: sql`${sql.placeholder('key')}::text`.as('key'),
          requestHash: sql`${sql.placeholder('requestHash')}::text`.as('request_hash'),
          // (insert … select takes every column, in the table's order)
          responseStatus: sql`null::int`.as('response_status'),
          responseBody: sql`null::jsonb`.as('response_body'),
          createdAt: sql`${sql.placeholder('createdAt')}::timestamptz`.as('created_at'),
        })
        .from(live),
    )
    .onConflictDoNothing()
    .returning(reservedIds)
    .prepare('claim_idempotency_key_for_session');
});

/**
 * Placement's first statement: the customer's live-session check and the key's claim in one round trip. Ids: the
 * session is live and this request now owns the key (the ids are its order's). Null: either the session is not live
 * or the key was taken; the caller tells them apart with the session check alone (a rare path: replays, duplicates,
 * signed-out tokens).
 */
export async function claimIdempotencyKeyForSession(
  db: Queryable,
  session: CustomerSessionCheck,
  claim: { key: string; requestHash: string },
): Promise<ReservedIds | null> {
  const now = session.now.toISOString();
  const inserted = await claimForSessionQuery(db).execute({
    familyId: session.familyId,
    customerId: session.customerId,
    brandId: session.brandId,
    now,
    key: claim.key,
    requestHash: claim.requestHash,
    createdAt: now,
  });
  return inserted[0] ?? null;
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

/**
 * Takes over a key whose request never finished (the process died between the claim and the order's commit):
 * only when it has no response and was claimed before `staleBefore`. Ids (as the claim's) when this request now
 * owns it.
 */
export async function reclaimStaleIdempotencyKey(
  db: Queryable,
  customerId: number,
  key: string,
  requestHash: string,
  staleBefore: Date,
  now: Date,
): Promise<ReservedIds | null> {
  const rows = await db
    .update(idempotencyKeys)
    .set({ createdAt: now })
    .where(
      and(
        eq(idempotencyKeys.customerId, customerId),
        eq(idempotencyKeys.key, key),
        eq(idempotencyKeys.requestHash, requestHash),
        isNull(idempotencyKeys.responseStatus),
        sql`${idempotencyKeys.createdAt} < ${staleBefore.toISOString()}`,
      ),
    )
    .returning(reservedIds);
  return rows[0] ?? null;
}

/** Frees a key whose request was refused (nothing was written), so the same attempt can be retried. */
export async function releaseIdempotencyKey(db: Queryable, customerId: number, key: string): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.customerId, customerId),
        eq(idempotencyKeys.key, key),
        isNull(idempotencyKeys.responseStatus),
      ),
    );
}

export interface PlacedOrderWrite {
  /** The order's id, reserved with the key's claim. */
  id: number;
  /** The order row but its id and number (the branch's counter gives it). */
  order: Omit<OrderInsert, 'id' | 'number'> & { branchId: number; brandId: number; customerId: number };
  lines: Omit<OrderLineInsert, 'orderId'>[];
  /** The idempotency key this request claimed, and the response to keep with it (its id and number are added). */
  key: string;
  responseStatus: number;
  responseBody: unknown;
  /** A card order's first payment attempt, its id reserved with the key's claim. */
  paymentAttempt?: { id: number; provider: string; idempotencyKey: string };
}

/**
 * The whole write of one branch's placements as one statement (data-modifying CTEs, atomic like a transaction):
 * the branch's next numbers, the orders, their lines, the outbox rows and the idempotency keys' responses. One
 * round trip, so the branch's counter row (which every order at the branch must lock, to number orders 1, 2, 3 …
 * without gaps) is held only while PostgreSQL runs this statement, not across several round trips from Node: that
 * lock is what bounds a branch's orders per second, and writing the placements that waited for it together
 * (lib/group-commit) pays it, the commit and the round trip once per batch. Foreign keys are checked at the end
 * of the statement, as in a transaction, so one bad write fails the whole batch (and writes nothing).
 * Answers one result per write, in order.
 */
export async function insertPlacedOrders(
  db: Queryable,
  branchId: number,
  writes: PlacedOrderWrite[],
): Promise<{ id: number; number: number; attemptId: number | null }[]> {
  if (writes.some((w) => w.order.branchId !== branchId)) throw new Error('a batch of placements spans branches');
  // Hand-written rather than built from drizzle's builders: the text is the same for every batch (the orders and
  // their lines travel as one jsonb array), and building five builders' SQL on every request showed as ~8 % of
  // the server's CPU profile under load (`npm run bench -- --only orders --cpu-prof=DIR`).
  const time = (d: Date | null | undefined) => (d ? d.toISOString() : null);
  const input = JSON.stringify(
    writes.map(({ id, order: o, lines, key, responseStatus, responseBody, paymentAttempt }, i) => ({
      ord: i + 1,
      id,
      brand_id: o.brandId,
      customer_id: o.customerId,
      order_type: o.orderType,
      status: o.status ?? 'pending',
      payment_method: o.paymentMethod,
      payment_status: o.paymentStatus ?? 'unpaid',
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
      key,
      response_status: responseStatus,
      response_body: responseBody,
      attempt_id: paymentAttempt?.id ?? null,
      attempt_provider: paymentAttempt?.provider ?? null,
      attempt_key: paymentAttempt?.idempotencyKey ?? null,
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
    })),
  );
  const result = await db.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${input}::jsonb) as i(ord int, id int, brand_id int, customer_id int, order_type int,
        status text, payment_method text, payment_status text, tax_mode text, subtotal int, branch_taxes int,
        modifiers_taxes int, charge_amount int, charges_taxes int, delivery_fee int, taxes_price int,
        total_discount int, total int, foodics_taxes int, foodics_charges int, foodics_total int, notes text,
        receive_at timestamptz, lat float8, lng float8, address jsonb, delivery_zone_id int, table_id int,
        table_number text, created_at timestamptz, updated_at timestamptz, key text, response_status int,
        response_body jsonb, attempt_id int, attempt_provider text, attempt_key text, lines jsonb)
    ), counter as (
      -- The batch's numbers: the n after the branch's last, the write at position ord taking last - n + ord.
      insert into ${branchOrderCounters} (branch_id, last_number) values (${branchId}::int, ${writes.length}::int)
      on conflict (branch_id) do update set last_number = ${branchOrderCounters}.last_number + ${writes.length}::int
      returning last_number - ${writes.length}::int as before
    ), new_orders as (
      insert into ${orders} (id, brand_id, branch_id, customer_id, number, order_type, status, payment_method,
        payment_status, tax_mode, subtotal, branch_taxes, modifiers_taxes, charge_amount, charges_taxes, delivery_fee,
        taxes_price, total_discount, total, foodics_taxes, foodics_charges, foodics_total, notes, receive_at, lat, lng,
        address, delivery_zone_id, table_id, table_number, created_at, updated_at)
      overriding system value
      select i.id, i.brand_id, ${branchId}::int, i.customer_id, counter.before + i.ord, i.order_type, i.status,
        i.payment_method, i.payment_status, i.tax_mode, i.subtotal, i.branch_taxes, i.modifiers_taxes,
        i.charge_amount, i.charges_taxes, i.delivery_fee, i.taxes_price, i.total_discount, i.total, i.foodics_taxes,
        i.foodics_charges, i.foodics_total, i.notes, i.receive_at, i.lat, i.lng, i.address, i.delivery_zone_id,
        i.table_id, i.table_number, i.created_at, i.updated_at
      from input i, counter
      order by i.ord
      returning id, number
    ), placed as (
      -- Each write with its order's number.
      select i.*, o.number from input i join new_orders o on o.id = i.id
    ), new_lines as (
      insert into ${orderLines} (order_id, position, kind, item_id, name_ar, name_en, quantity, unit_price_halalas,
        subtotal, tax, total, modifiers, slots)
      select p.id, l.position, l.kind, l.item_id, l.name_ar, l.name_en, l.quantity, l.unit_price_halalas,
        l.subtotal, l.tax, l.total, l.modifiers, l.slots
      from placed p, jsonb_to_recordset(p.lines) as l(position int, kind text, item_id int, name_ar text,
        name_en text, quantity int, unit_price_halalas int, subtotal int, tax int, total int, modifiers jsonb,
        slots jsonb)
    ), outbox as (
      -- A card order reaches the kitchen only once its payment is verified: its order_placed row is written by
      -- the verification's transaction instead (payments.service settle), so no row exists to deliver before.
      insert into ${orderOutbox} (order_id, event, payload)
      select p.id, 'order_placed', jsonb_build_object('orderId', p.id, 'brandId', p.brand_id,
        'branchId', ${branchId}::int, 'number', p.number)
      from placed p
      where p.payment_method <> 'card'
      order by p.ord
    ), answered as (
      update ${idempotencyKeys} k
      set response_status = p.response_status,
        response_body = p.response_body || jsonb_build_object('id', p.id, 'number', p.number)
      from placed p
      where k.customer_id = p.customer_id and k.key = p.key
    ), attempt as (
      -- A card order's first attempt, so placement makes no round trip of its own for it.
      insert into ${paymentAttempts} (id, order_id, provider, idempotency_key, amount_halalas, created_at, updated_at)
      overriding system value
      select p.attempt_id, p.id, p.attempt_provider, p.attempt_key, p.total, p.created_at, p.created_at
      from placed p
      where p.attempt_provider is not null
      returning id, order_id
    )
    -- Wakes the kitchen relays when this commits (a select CTE nobody reads would not run, so it is here;
    -- PostgreSQL sends one notification for the statement's identical ones).
    select p.ord, p.id, p.number, a.id as attempt_id, pg_notify(${OUTBOX_WAKE_CHANNEL}, '')
    from placed p left join attempt a on a.order_id = p.id
    order by p.ord`);
  const rows = (result as unknown as { rows: { ord: number; id: number; number: number; attempt_id: number | null }[] })
    .rows;
  if (rows.length !== writes.length) throw new Error(`${writes.length} orders written, ${rows.length} answered`);
  return rows.map((row) => ({
    id: Number(row.id),
    number: Number(row.number),
    attemptId: row.attempt_id === null ? null : Number(row.attempt_id),
  }));
}

/**
 * Writes an outbox row and wakes the kitchen relays (NOTIFY, delivered when the transaction commits), in one
 * statement so placement makes no extra round trip for it.
 */
export async function insertOutboxEvent(
  db: Queryable,
  row: { orderId: number; event: 'order_placed' | 'order_status_changed'; payload: Record<string, unknown> },
): Promise<void> {
  await db.execute(sql`
    with inserted as (
      insert into ${orderOutbox} (order_id, event, payload)
      values (${row.orderId}, ${row.event}, ${JSON.stringify(row.payload)}::jsonb)
      returning id
    )
    select pg_notify(${OUTBOX_WAKE_CHANNEL}, '') from inserted`);
}

export async function findCustomerAddress(db: Queryable, id: number, customerId: number) {
  const [row] = await db
    .select()
    .from(customerAddresses)
    .where(and(eq(customerAddresses.id, id), eq(customerAddresses.customerId, customerId)));
  return row;
}

const orderWithBranch = { order: orders, branchNameAr: branches.nameAr, branchNameEn: branches.nameEn };
export type OrderWithBranch = { order: OrderRow; branchNameAr: string; branchNameEn: string };

export async function findCustomerOrder(
  db: Queryable,
  id: number,
  customerId: number,
  brandId: number,
): Promise<OrderWithBranch | undefined> {
  const [row] = await db
    .select(orderWithBranch)
    .from(orders)
    .innerJoin(branches, eq(branches.id, orders.branchId))
    .where(and(eq(orders.id, id), eq(orders.customerId, customerId), eq(orders.brandId, brandId)));
  return row;
}

export async function listCustomerOrders(
  db: Queryable,
  customerId: number,
  brandId: number,
  limit: number,
  offset: number,
): Promise<OrderWithBranch[]> {
  return db
    .select(orderWithBranch)
    .from(orders)
    .innerJoin(branches, eq(branches.id, orders.branchId))
    .where(and(eq(orders.customerId, customerId), eq(orders.brandId, brandId)))
    .orderBy(desc(orders.id))
    .limit(limit)
    .offset(offset);
}

export async function listLinesOf(db: Queryable, orderIds: number[]): Promise<OrderLineRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(orderLines.orderId, orderLines.position);
}

/**
 * What staff see: every order but a card order whose payment is not verified yet (the kitchen has not been handed
 * it, and it may never be paid).
 */
export const handedToKitchen = sql`not (${orders.paymentMethod} = 'card' and ${orders.paymentStatus} = 'unpaid')`;

const staffOrderColumns = {
  ...orderWithBranch,
  customerName: customers.fullName,
  customerPhone: customers.phone,
};
export type StaffOrderRow = OrderWithBranch & { customerName: string | null; customerPhone: string | null };

export async function listBranchOrders(
  db: Queryable,
  brandId: number,
  branchIds: number[],
  status: string | undefined,
  limit: number,
): Promise<StaffOrderRow[]> {
  if (branchIds.length === 0) return [];
  return db
    .select(staffOrderColumns)
    .from(orders)
    .innerJoin(branches, eq(branches.id, orders.branchId))
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .where(
      and(
        eq(orders.brandId, brandId),
        inArray(orders.branchId, branchIds),
        status === undefined ? undefined : eq(orders.status, status),
        handedToKitchen,
      ),
    )
    .orderBy(desc(orders.id))
    .limit(limit);
}

export async function findStaffOrder(db: Queryable, id: number, brandId: number): Promise<StaffOrderRow | undefined> {
  const [row] = await db
    .select(staffOrderColumns)
    .from(orders)
    .innerJoin(branches, eq(branches.id, orders.branchId))
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .where(and(eq(orders.id, id), eq(orders.brandId, brandId)));
  return row;
}

/** Moves an order only if it is still in `from` (a concurrent move makes this return undefined). */
export async function updateOrderStatus(
  db: Queryable,
  id: number,
  from: string,
  to: string,
  cancelReason: string | null,
  now: Date,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ status: to, updatedAt: now, ...(cancelReason === null ? {} : { cancelReason }) })
    .where(and(eq(orders.id, id), eq(orders.status, from)))
    .returning();
  return row;
}
