import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ads_popups_brand_idx').on(t.brandId, t.branchId),
    check('ads_popups_window_check', sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`),
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
  },
  (t) => [
    index('ads_slides_brand_idx').on(t.brandId, t.branchId),
    check('ads_slides_size_check', sql`${t.width} > 0 and ${t.height} > 0`),
  ],
);
