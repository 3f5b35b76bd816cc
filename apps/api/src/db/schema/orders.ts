import { ORDER_STATUSES, TERMINAL_ORDER_STATUSES } from '@sufra/shared/machines/order-status';
import { ACCEPT_DELAY_LIMITS, DECLINE_REASONS } from '@sufra/shared/order-times';
import { ORDER_PAYMENT_STATUSES, type OrderAddressSnapshot, type OrderLine } from '@sufra/shared/schemas/order';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { branches, tables } from './branches.ts';
import { brands } from './brands.ts';
import { customers } from './customers.ts';
import { staffUsers } from './staff.ts';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));
/** A money column that holds a sum: bigint in the database, a JS number here (integer halalas stay far below 2^53). */
export const halalas = () => bigint({ mode: 'number' });

/** The next order number of each branch: `update … set next_number = next_number + 1 returning` in the order's transaction. */
export const branchOrderCounters = pgTable(
  'branch_order_counters',
  {
    branchId: integer()
      .primaryKey()
      .references(() => branches.id, { onDelete: 'cascade' }),
    lastNumber: integer().notNull().default(0),
  },
  (t) => [check('branch_order_counters_check', sql`${t.lastNumber} >= 0`)],
);

/** An order as placed: the server's prices (halalas) and snapshots of what was ordered, so menu edits never rewrite it. */
export const orders = pgTable(
  'orders',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    branchId: integer()
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    // Orders are the restaurant's records: a deleted account leaves them, without the customer.
    customerId: integer().references(() => customers.id, { onDelete: 'set null' }),
    number: integer().notNull(),
    orderType: integer().notNull(),
    status: text().notNull().default('pending'),
    paymentMethod: text().notNull(),
    paymentStatus: text().notNull().default('unpaid'),
    taxMode: text().notNull(),
    // Money that is a sum (of lines, taxes, charges) is bigint: an int column answered a total past 2^31 halalas
    // (21.4M SAR) with a 500. Placement refuses far smaller orders (ORDER_LIMITS), so this is the second guard.
    subtotal: halalas().notNull(),
    branchTaxes: halalas().notNull(),
    modifiersTaxes: halalas().notNull(),
    chargeAmount: halalas().notNull(),
    chargesTaxes: halalas().notNull(),
    deliveryFee: halalas().notNull(),
    taxesPrice: halalas().notNull(),
    totalDiscount: halalas().notNull(),
    total: halalas().notNull(),
    foodicsTaxes: halalas().notNull(),
    foodicsCharges: halalas().notNull(),
    foodicsTotal: halalas().notNull(),
    notes: text(),
    receiveAt: timestamp({ withTimezone: true }),
    /** Dine-in: where the diner said they were. */
    lat: doublePrecision(),
    lng: doublePrecision(),
    address: jsonb().$type<OrderAddressSnapshot>(),
    deliveryZoneId: integer(),
    tableId: integer().references(() => tables.id, { onDelete: 'set null' }),
    tableNumber: text(),
    cancelReason: text(),
    /**
     * Order times (issue 28 item 3): the preparation minutes and a delivery's drive counted at placement (null for
     * orders placed before), when each status was reached (status → ISO instant, the last time it was reached; the
     * placement is created_at), the board's "ready in N min" when it accepted, and a decline's reason from the list.
     */
    prepMinutes: integer(),
    deliveryMinutes: integer(),
    statusTimes: jsonb().$type<Record<string, string>>().notNull().default({}),
    acceptDelayMinutes: integer(),
    declineReason: text(),
    /**
     * A cash order's money taken (issue 13, item 17): when, and by which staff user (kept, without the user, if the
     * user is deleted). Set with payment_status = 'paid' by one conditional update; null until then.
     */
    cashReceivedAt: timestamp({ withTimezone: true }),
    cashReceivedBy: integer().references(() => staffUsers.id, { onDelete: 'set null' }),
    /**
     * The expiry sweeper's lease on an unpaid card order (payment-expiry.ts): claims counted (the lease token), and
     * when it may be looked at again (null: as soon as it is due).
     */
    paymentChecks: integer().notNull().default(0),
    paymentCheckAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_customer_idx').on(t.customerId, t.id),
    index('orders_branch_status_idx').on(t.branchId, t.status, t.id),
    // The reports' roll-up of a brand's day (docs/adr/0610) reads its orders by placement time.
    index('orders_brand_created_idx').on(t.brandId, t.createdAt),
    // The console's customer list (issue 27 item 8): each diner's orders, spend and last order summed from this index
    // alone (an index-only scan of the brand's live orders, docs/adr/0490).
    index('orders_brand_customer_stats_idx')
      .on(t.brandId, t.customerId, t.createdAt, t.total)
      .where(sql`${t.customerId} is not null and ${t.status} <> 'canceled'`),
    // Its landing view, diners by last order: the brand's live orders newest first, each diner at their newest one.
    index('orders_brand_recent_customer_idx')
      .on(t.brandId, t.createdAt.desc(), t.customerId.desc())
      .where(sql`${t.customerId} is not null and ${t.status} <> 'canceled'`),
    // The expiry sweep reads only card orders still waiting for their money: few rows, whatever the table's size.
    index('orders_card_unpaid_idx')
      .on(t.createdAt)
      .where(sql`${t.paymentMethod} = 'card' and ${t.paymentStatus} = 'unpaid' and ${t.status} <> 'canceled'`),
    // A table is Occupied while it has open orders (tables.repo): this finds them without reading finished ones.
    index('orders_open_by_table_idx')
      .on(t.tableId)
      .where(sql`${t.tableId} is not null and ${t.status} not in (${inList(TERMINAL_ORDER_STATUSES)})`),
    // The order number is unique per branch (the counter makes it; this guards it).
    unique('orders_branch_number_uq').on(t.branchId, t.number),
    check('orders_order_type_check', sql`${t.orderType} in (1, 2, 3)`),
    check('orders_status_check', sql`${t.status} in (${inList(ORDER_STATUSES)})`),
    check('orders_payment_method_check', sql`${t.paymentMethod} in ('cash', 'card')`),
    check('orders_payment_status_check', sql`${t.paymentStatus} in (${inList(ORDER_PAYMENT_STATUSES)})`),
    check('orders_tax_mode_check', sql`${t.taxMode} in ('inclusive', 'exclusive')`),
    check(
      'orders_money_check',
      sql`${t.subtotal} >= 0 and ${t.branchTaxes} >= 0 and ${t.modifiersTaxes} >= 0 and ${t.chargeAmount} >= 0 and ${t.chargesTaxes} >= 0 and ${t.deliveryFee} >= 0 and ${t.taxesPrice} >= 0 and ${t.totalDiscount} >= 0 and ${t.total} >= 0 and ${t.foodicsTaxes} >= 0 and ${t.foodicsCharges} >= 0 and ${t.foodicsTotal} >= 0`,
    ),
    check('orders_number_check', sql`${t.number} >= 1`),
    // Only a cash order, once paid, carries the moment its cash was taken.
    check(
      'orders_cash_received_check',
      sql`${t.cashReceivedAt} is null or (${t.paymentMethod} = 'cash' and ${t.paymentStatus} = 'paid')`,
    ),
    check('orders_prep_minutes_check', sql`${t.prepMinutes} is null or ${t.prepMinutes} between 0 and 600`),
    check('orders_delivery_minutes_check', sql`${t.deliveryMinutes} is null or ${t.deliveryMinutes} between 0 and 600`),
    check(
      'orders_accept_delay_check',
      sql`${t.acceptDelayMinutes} is null or ${t.acceptDelayMinutes} between ${sql.raw(String(ACCEPT_DELAY_LIMITS.min))} and ${sql.raw(String(ACCEPT_DELAY_LIMITS.max))}`,
    ),
    check(
      'orders_decline_reason_check',
      sql`${t.declineReason} is null or ${t.declineReason} in (${inList(DECLINE_REASONS)})`,
    ),
    check('orders_status_times_check', sql`jsonb_typeof(${t.statusTimes}) = 'object'`),
    check('orders_notes_check', sql`${t.notes} is null or length(${t.notes}) <= 500`),
    check(
      'orders_location_check',
      sql`(${t.lat} is null and ${t.lng} is null) or (${t.lat} between -90 and 90 and ${t.lng} between -180 and 180)`,
    ),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    kind: text().notNull(),
    itemId: integer().notNull(),
    nameAr: text().notNull(),
    nameEn: text().notNull(),
    quantity: integer().notNull(),
    unitPriceHalalas: halalas().notNull(),
    subtotal: halalas().notNull(),
    tax: halalas().notNull(),
    total: halalas().notNull(),
    /** What was chosen, with names and prices as they were. */
    modifiers: jsonb().$type<OrderLine['modifiers']>().notNull(),
    slots: jsonb().$type<OrderLine['slots']>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.position] }),
    check('order_lines_kind_check', sql`${t.kind} in ('product', 'combo')`),
    check('order_lines_quantity_check', sql`${t.quantity} between 1 and 99`),
    check(
      'order_lines_money_check',
      sql`${t.unitPriceHalalas} >= 0 and ${t.subtotal} >= 0 and ${t.tax} >= 0 and ${t.total} >= 0`,
    ),
  ],
);

/** Events for the kitchen's at-least-once destinations (a POS), written in the order's transaction. */
export const orderOutbox = pgTable(
  'order_outbox',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    event: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The relay's claim walks the undelivered rows in id order and stops at its batch; rows not due yet (leased,
    // backing off) are few and skipped. Neither index holds next_attempt_at or attempts, so a claim (which changes
    // only those) is a HOT update and leaves no index entry behind (migration 0008 also lowers the fillfactor).
    index('order_outbox_undelivered_idx').on(t.id).where(sql`${t.deliveredAt} is null`),
    // The claim's "no earlier undelivered row of the same order" probe: one index lookup per candidate. Without
    // it the probe scanned every pending row per candidate, and a backlog fed itself (1,516 pending: 6.8 s a claim).
    index('order_outbox_order_undelivered_idx').on(t.orderId, t.id).where(sql`${t.deliveredAt} is null`),
    check('order_outbox_event_check', sql`${t.event} in ('order_placed', 'order_status_changed')`),
  ],
);

/**
 * One row per (customer, Idempotency-Key), written by the statement that writes its order, with the response: a
 * later request finding it is a replay (the stored status and body); one whose write collides with it is a
 * concurrent duplicate (409). (The response columns are nullable from when the key was claimed first.)
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    requestHash: text().notNull(),
    responseStatus: integer(),
    responseBody: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_customer_key_pk', columns: [t.customerId, t.key] }),
    check('idempotency_keys_key_check', sql`length(${t.key}) between 1 and 200`),
  ],
);
