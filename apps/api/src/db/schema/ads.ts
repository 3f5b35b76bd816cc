import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { branches } from './branches.ts';
import { brands } from './brands.ts';

/** Promotional pop-up; `branchId` null = every branch of the brand. Shown while active and inside its window. */
export const adsPopups = pgTable(
  'ads_popups',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    branchId: integer().references(() => branches.id, { onDelete: 'cascade' }),
    backgroundImage: text().notNull(),
    textAr: text().notNull(),
    textEn: text().notNull(),
    buttonTextAr: text().notNull(),
    buttonTextEn: text().notNull(),
    redirectUrl: text().notNull(),
    active: boolean().notNull().default(true),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    /** Days of the week it shows (0 Sunday … 6 Saturday), in the branch's time zone. */
    daysOfWeek: integer().array().notNull().default(sql`'{0,1,2,3,4,5,6}'::integer[]`),
    sort: integer().notNull().default(0),
    /** Bumped by each console edit; a save names the version it read (a stale one answers 409). */
    version: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ads_popups_brand_idx').on(t.brandId, t.branchId),
    check('ads_popups_window_check', sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`),
    check('ads_popups_days_check', sql`${t.daysOfWeek} <@ array[0, 1, 2, 3, 4, 5, 6]`),
  ],
);

/** Slider ads; `branchId` null = every branch of the brand. */
export const adsSlides = pgTable(
  'ads_slides',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    branchId: integer().references(() => branches.id, { onDelete: 'cascade' }),
    image: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    titleAr: text().notNull(),
    titleEn: text().notNull(),
    redirectUrl: text(),
    sort: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    /** Days of the week it shows (0 Sunday … 6 Saturday), in the branch's time zone. */
    daysOfWeek: integer().array().notNull().default(sql`'{0,1,2,3,4,5,6}'::integer[]`),
    /** Bumped by each console edit; a save names the version it read (a stale one answers 409). */
    version: integer().notNull().default(1),
  },
  (t) => [
    index('ads_slides_brand_idx').on(t.brandId, t.branchId),
    check('ads_slides_size_check', sql`${t.width} > 0 and ${t.height} > 0`),
    check('ads_slides_window_check', sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`),
    check('ads_slides_days_check', sql`${t.daysOfWeek} <@ array[0, 1, 2, 3, 4, 5, 6]`),
  ],
);

/**
 * A diner's view or click of an ad, once per session per day (the unique key drops repeats), so the console's
 * counts are distinct sessions a day. `adKind` says which table `adId` is in.
 */
export const adEvents = pgTable(
  'ad_events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    adKind: text().notNull(),
    adId: integer().notNull(),
    event: text().notNull(),
    sessionKey: text().notNull(),
    day: date().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('ad_events_once_uq').on(t.adKind, t.adId, t.event, t.sessionKey, t.day),
    index('ad_events_ad_idx').on(t.brandId, t.adKind, t.adId),
    check('ad_events_kind_check', sql`${t.adKind} in ('popup', 'slide')`),
    check('ad_events_event_check', sql`${t.event} in ('view', 'click')`),
  ],
);
