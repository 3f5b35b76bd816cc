import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A restaurant brand (tenant). Every other row hangs off a brand. */
export const brands = pgTable(
  'brands',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    slug: text().notNull().unique(),
    nameAr: text().notNull(),
    nameEn: text().notNull(),
    logo: text(),
    cover: text(),
    /** Page hosts (without port) that pick this brand. */
    hosts: text().array().notNull().default(sql`'{}'::text[]`),
    taxMode: text().notNull().default('inclusive'),
    vatRateBp: integer().notNull().default(1500),
    /** The brand's VAT registration number (ZATCA): 15 digits, starting and ending with 3; null until set. */
    vatNumber: text(),
    /** The brand colour (#rrggbb) the console lets owners set; white text on it must pass WCAG AA (shared). */
    brandColor: text(),
    /** The language a diner without a stored choice starts in. */
    defaultLanguage: text().notNull().default('ar'),
    /** Moved by every save of the brand settings (the console's version check: a stale save gets 409). */
    settingsVersion: integer().notNull().default(1),
    /** Bumped by every menu write; the menu cache compares it (see menu.service.ts). */
    menuVersion: integer().notNull().default(1),
    /** Whether managers may edit the brand-wide menu (categories, items); owners always may. */
    managersEditMenu: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('brands_tax_mode_check', sql`${t.taxMode} in ('inclusive', 'exclusive')`),
    check('brands_vat_check', sql`${t.vatRateBp} >= 0`),
    check('brands_vat_number_check', sql`${t.vatNumber} ~ '^3[0-9]{13}3$'`),
    check('brands_brand_color_check', sql`${t.brandColor} ~ '^#[0-9a-f]{6}$'`),
    check('brands_default_language_check', sql`${t.defaultLanguage} in ('ar', 'en')`),
    index('brands_hosts_idx').using('gin', t.hosts),
  ],
);

/**
 * A brand's context version: bumped when a change to what a QR code's context holds commits (the brand, its
 * branches, QR codes, tables, payment choices and service switches; deferred triggers of migration 0011). Order
 * placement caches QR contexts and its write checks this version, so a placement never goes ahead on a stale one.
 * No row yet reads as version 0.
 */
export const brandContextVersions = pgTable('brand_context_versions', {
  brandId: integer()
    .primaryKey()
    .references(() => brands.id, { onDelete: 'cascade' }),
  version: integer().notNull(),
});
