import { AGE_GROUPS, GENDERS } from '@sufra/shared/schemas/customer';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { brands } from './brands.ts';
import { menuItems } from './menu.ts';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** A diner of one brand (the same phone at two brands is two customers), keyed by phone in E.164. */
export const customers = pgTable(
  'customers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    phone: text().notNull(),
    fullName: text().notNull(),
    /** Lower-case; null when not given. */
    email: text(),
    ageGroup: text(),
    gender: text(),
    city: text(),
    /** The language the diner used last (SMS text). */
    language: text().notNull().default('ar'),
    /** The diner said no to order and prize texts (issue 28 item 4); verification codes are sent all the same. */
    smsOptOut: boolean().notNull().default(false),
    walletPoints: integer().notNull().default(0),
    lifetimePoints: integer().notNull().default(0),
    /**
     * Points spent at checkout on the customer's current day (its start in the loyalty rule's time zone), and how many
     * times: the daily limits are checked on this row by the spend's conditional update, which PostgreSQL re-checks
     * on the row's newest version after waiting for its lock (the ledger's sums could not be: a statement's snapshot
     * predates that wait). Moved only with a checkout's `redeem` ledger rows; a new day starts them again.
     */
    redeemDayStart: timestamp({ withTimezone: true }),
    redeemDayPoints: integer().notNull().default(0),
    redeemDayCount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('customers_brand_phone_uq').on(t.brandId, t.phone),
    // The console's customer list (issue 27 item 8, docs/adr/0490): a phone typed from its start (text_pattern_ops
    // serves `like '+9665…%'` whatever the collation), and the keyset orders by name and by lifetime points (level).
    index('customers_brand_phone_prefix_idx').on(t.brandId, t.phone.op('text_pattern_ops')),
    index('customers_brand_name_idx').on(t.brandId, t.fullName, t.id),
    index('customers_brand_lifetime_idx').on(t.brandId, t.lifetimePoints, t.id),
    check('customers_phone_check', sql`${t.phone} ~ '^\\+[1-9][0-9]{6,14}$'`),
    check('customers_name_check', sql`length(${t.fullName}) between 1 and 80`),
    check(
      'customers_email_check',
      sql`${t.email} is null or (${t.email} = lower(${t.email}) and length(${t.email}) <= 254)`,
    ),
    check('customers_age_group_check', sql`${t.ageGroup} is null or ${t.ageGroup} in (${inList(AGE_GROUPS)})`),
    check('customers_gender_check', sql`${t.gender} is null or ${t.gender} in (${inList(GENDERS)})`),
    check('customers_language_check', sql`${t.language} in ('ar', 'en')`),
    check('customers_points_check', sql`${t.walletPoints} >= 0 and ${t.lifetimePoints} >= 0`),
    check('customers_redeem_day_check', sql`${t.redeemDayPoints} >= 0 and ${t.redeemDayCount} >= 0`),
  ],
);

/** Saved delivery addresses of a customer (spec §3). */
export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text().notNull(),
    doorNumber: text(),
    levelNumber: text(),
    blockNumber: text(),
    /** E.164 or null. */
    phone: text(),
    lat: doublePrecision().notNull(),
    lng: doublePrecision().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('customer_addresses_customer_idx').on(t.customerId),
    check('customer_addresses_lat_check', sql`${t.lat} between -90 and 90 and ${t.lng} between -180 and 180`),
  ],
);

/**
 * The dishes a signed-in diner marked as favourites (issue 13 item 21). Both sides belong to one brand: the service
 * only adds an item of the customer's brand, and deleting either side (account, dish) drops the row.
 */
export const customerFavourites = pgTable(
  'customer_favourites',
  {
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    menuItemId: integer()
      .notNull()
      .references(() => menuItems.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // The key makes adding twice a no-op; the item index serves the cascade when a dish is deleted.
  (t) => [
    primaryKey({ columns: [t.customerId, t.menuItemId] }),
    index('customer_favourites_item_idx').on(t.menuItemId),
  ],
);
