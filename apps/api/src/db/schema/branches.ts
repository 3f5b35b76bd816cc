import type { OpeningSpan, SpecialDay } from '@sufra/shared/schemas/branch';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { brands } from './brands.ts';

export const branches = pgTable(
  'branches',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    nameAr: text().notNull(),
    nameEn: text().notNull(),
    addressAr: text().notNull().default(''),
    addressEn: text().notNull().default(''),
    phone: text(),
    lat: doublePrecision().notNull(),
    lng: doublePrecision().notNull(),
    timeZone: text().notNull().default('Asia/Riyadh'),
    openingHours: jsonb().$type<OpeningSpan[]>().notNull().default([]),
    /** Manual switch: false closes the branch whatever its hours say. */
    isOpen: boolean().notNull().default(true),
    isMain: boolean().notNull().default(false),
    integrated: boolean().notNull().default(false),
    dineInRadiusM: integer().notNull().default(100),
    dineIn: boolean().notNull().default(true),
    pickup: boolean().notNull().default(true),
    delivery: boolean().notNull().default(false),
    /** Holidays and special days: on a local date, other ranges than the week's (none = closed all day). */
    specialDays: jsonb().$type<SpecialDay[]>().notNull().default([]),
    /** Preparation time (issue 28 item 3): a base for every order plus minutes per item (shared/order-times). */
    prepBaseMinutes: integer().notNull().default(15),
    prepPerItemMinutes: integer().notNull().default(1),
    /** Moves on every console edit; a save made from an older version is refused (409 with both values). */
    version: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('branches_brand_idx').on(t.brandId),
    check('branches_radius_check', sql`${t.dineInRadiusM} >= 0`),
    check(
      'branches_prep_check',
      sql`${t.prepBaseMinutes} between 0 and 240 and ${t.prepPerItemMinutes} between 0 and 30`,
    ),
  ],
);

export interface GeoJsonGeometry {
  type: 'Polygon' | 'MultiPolygon';
  coordinates: unknown[];
}

export const deliveryZones = pgTable(
  'delivery_zones',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    branchId: integer()
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    nameAr: text().notNull(),
    nameEn: text().notNull(),
    feeHalalas: integer().notNull().default(0),
    minimumOrderHalalas: integer().notNull().default(0),
    /** GeoJSON Polygon / MultiPolygon, [lng, lat] pairs. */
    geometry: jsonb().$type<GeoJsonGeometry>().notNull(),
    /** Where zones overlap, the highest priority containing the address wins (then the lowest id). */
    priority: integer().notNull().default(0),
    /** Optional estimated delivery time shown to diners, in minutes. */
    estimatedMinutes: integer(),
  },
  (t) => [
    index('delivery_zones_branch_idx').on(t.branchId),
    check('delivery_zones_money_check', sql`${t.feeHalalas} >= 0 and ${t.minimumOrderHalalas} >= 0`),
    check(
      'delivery_zones_estimate_check',
      sql`${t.estimatedMinutes} is null or (${t.estimatedMinutes} between 1 and 600)`,
    ),
  ],
);

export const tables = pgTable(
  'tables',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    branchId: integer()
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    number: text().notNull(),
    /** Seats and the floor area (console, issue 26 item 6). */
    seats: integer().notNull().default(4),
    area: text().notNull().default(''),
    /** Bumped by each console edit; a save names the version it read (a stale one answers 409). */
    version: integer().notNull().default(1),
    status: text().notNull().default('free'),
    /** When the status last changed (the staff board orders concurrent changes by it). */
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('tables_branch_number_uq').on(t.branchId, t.number),
    check('tables_status_check', sql`${t.status} in ('free', 'occupied', 'reserved', 'check_printed')`),
    check('tables_seats_check', sql`${t.seats} between 1 and 99`),
  ],
);

export const qrCodes = pgTable(
  'qr_codes',
  {
    uuid: uuid().primaryKey(),
    branchId: integer()
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    tableId: integer().references(() => tables.id, { onDelete: 'set null' }),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The code that took this one's place (console "replace"); a replaced code is inactive. */
    replacedBy: uuid(),
  },
  (t) => [
    index('qr_codes_branch_idx').on(t.branchId),
    index('qr_codes_table_idx').on(t.tableId),
    check('qr_codes_replaced_check', sql`${t.replacedBy} is null or not ${t.active}`),
  ],
);

export const paymentChoices = pgTable(
  'payment_choices',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    branchId: integer()
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    method: text().notNull(),
    nameAr: text().notNull(),
    nameEn: text().notNull(),
    /** Order types (1 dine-in, 2 pickup, 3 delivery) this choice is offered for. */
    orderTypes: integer().array().notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [
    index('payment_choices_branch_idx').on(t.branchId),
    check('payment_choices_method_check', sql`${t.method} in ('cash', 'card')`),
    check('payment_choices_order_types_check', sql`${t.orderTypes} <@ array[1, 2, 3]`),
  ],
);
