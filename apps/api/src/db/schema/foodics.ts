import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { branches } from './branches.ts';
import { brands } from './brands.ts';
import { orders } from './orders.ts';
import { staffUsers } from './staff.ts';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * A brand connected to a Foodics business (issue 28 item 1): what identifies the business, the webhook's secret path,
 * and, when an owner connected it from the console (OAuth 2, docs/adr/0650), its tokens encrypted with
 * FOODICS_TOKEN_KEY (AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`, base64url). Without tokens the server's
 * FOODICS_ACCESS_TOKEN serves the brand (the demo).
 */
export const foodicsConnections = pgTable(
  'foodics_connections',
  {
    brandId: integer()
      .primaryKey()
      .references(() => brands.id, { onDelete: 'cascade' }),
    /** whoami's `business.reference`: every webhook's `business.reference` must be this. */
    businessReference: integer().notNull(),
    /** The webhook's path segment (/api/foodics/webhooks/{secret}): Foodics signs nothing, so the path is the secret. */
    webhookSecret: text().notNull(),
    /** An External-type payment method for card orders (cash orders send no payment); none: no payment sent. */
    cardPaymentMethodId: text(),
    /** whoami's business id and name, shown on the console's connection page. */
    businessId: text(),
    businessName: text(),
    /** OAuth tokens, encrypted (never the plain token); null: the server's FOODICS_ACCESS_TOKEN. */
    accessTokenEnc: text(),
    refreshTokenEnc: text(),
    tokenExpiresAt: timestamp({ withTimezone: true }),
    connectedBy: integer().references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('foodics_connections_secret_uq').on(t.webhookSecret),
    check('foodics_connections_secret_check', sql`length(${t.webhookSecret}) >= 32`),
  ],
);

/**
 * What our ids are at Foodics. `localKey` is our id as text (a combo option: "slotId:itemId"; a charge: its name).
 * A Foodics id is mapped to one of ours per kind at most (`foodics_ids_foodics_uq`): the import and the console's
 * mapping page find our object by it.
 */
export const FOODICS_ID_KINDS = [
  'branch',
  'table',
  'product',
  'modifier_option',
  'combo_size',
  'combo_option',
  'delivery_charge',
  'tax',
  // — menu import (h/foodicsmenu, docs/adr/0680): a category, a modifier (our modifier group), a combo (our combo
  //   item) and a combo group (our combo slot), so a second import updates what the first made —
  'category',
  'modifier',
  'combo',
  'combo_group',
] as const;
export type FoodicsIdKind = (typeof FOODICS_ID_KINDS)[number];

export const foodicsIds = pgTable(
  'foodics_ids',
  {
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    kind: text().$type<FoodicsIdKind>().notNull(),
    localKey: text().notNull(),
    foodicsId: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.kind, t.localKey] }),
    unique('foodics_ids_foodics_uq').on(t.brandId, t.kind, t.foodicsId),
    check('foodics_ids_kind_check', sql`${t.kind} in (${inList(FOODICS_ID_KINDS)})`),
  ],
);

/**
 * The hand-off of one order to Foodics: `queued` (waiting for its turn or a retry), `sent` (Foodics has it: its id),
 * `dead` (given up after FOODICS_MAX_ATTEMPTS failures or a refusal: staff retry it or mark it handled), `handled`.
 * `attempts` counts claims (the lease token); `failures` counts the tries that failed (a 429 is not one).
 * `createTriedAt`: a create went out whose answer we do not know: look the order up by our reference before another.
 */
export const FOODICS_HAND_OFF_STATES = ['queued', 'sent', 'dead', 'handled'] as const;
export type FoodicsHandOffState = (typeof FOODICS_HAND_OFF_STATES)[number];

export const foodicsOrders = pgTable(
  'foodics_orders',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    branchId: integer()
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    state: text().$type<FoodicsHandOffState>().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    failures: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createTriedAt: timestamp({ withTimezone: true }),
    lastError: text(),
    foodicsOrderId: text(),
    foodicsReference: integer(),
    /** Foodics' order status (1 Pending … 8 Draft) and delivery status as last seen. */
    foodicsStatus: integer(),
    foodicsDeliveryStatus: integer(),
    sentAt: timestamp({ withTimezone: true }),
    /** The poll's turn: when this order is next asked about (null: not polled: not sent, or finished). */
    pollAt: timestamp({ withTimezone: true }),
    /**
     * When the board's pending alert was raised: the order still Pending at Foodics FOODICS_PENDING_ALERT_MINUTES
     * after it was sent (the relay raises it once and announces the order to the board).
     */
    pendingAlertAt: timestamp({ withTimezone: true }),
    handledBy: integer().references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('foodics_orders_order_uq').on(t.orderId),
    unique('foodics_orders_foodics_id_uq').on(t.foodicsOrderId),
    index('foodics_orders_queued_idx').on(t.id).where(sql`${t.state} = 'queued'`),
    index('foodics_orders_poll_idx').on(t.pollAt).where(sql`${t.pollAt} is not null`),
    index('foodics_orders_brand_state_idx').on(t.brandId, t.state, t.id),
    index('foodics_orders_pending_idx')
      .on(t.sentAt)
      .where(sql`${t.state} = 'sent' and ${t.foodicsStatus} = 1 and ${t.pendingAlertAt} is null`),
    check('foodics_orders_state_check', sql`${t.state} in (${inList(FOODICS_HAND_OFF_STATES)})`),
    check('foodics_orders_sent_check', sql`${t.state} <> 'sent' or ${t.foodicsOrderId} is not null`),
    check('foodics_orders_counts_check', sql`${t.attempts} >= 0 and ${t.failures} >= 0`),
  ],
);

/**
 * Status changes heard from Foodics, once each, keyed by the Foodics order and the status of ours it maps to (a
 * pickup's "ready" is a kitchen timestamp, not a Foodics status): a webhook repeated, or a poll after it, is a no-op.
 */
export const foodicsStatusEvents = pgTable(
  'foodics_status_events',
  {
    foodicsOrderId: text().notNull(),
    /** Our order status it maps to. */
    status: text().notNull(),
    foodicsStatus: integer().notNull(),
    foodicsDeliveryStatus: integer(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** webhook | poll */
    source: text().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.foodicsOrderId, t.status] }),
    index('foodics_status_events_order_idx').on(t.orderId),
    check('foodics_status_events_source_check', sql`${t.source} in ('webhook', 'poll')`),
  ],
);
