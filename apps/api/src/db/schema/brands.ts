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
    /** Bumped by every menu write; the menu cache compares it (see menu.service.ts). */
    menuVersion: integer().notNull().default(1),
    /** Whether managers may edit the brand-wide menu (categories, items); owners always may. */
    managersEditMenu: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('brands_tax_mode_check', sql`${t.taxMode} in ('inclusive', 'exclusive')`),
    check('brands_vat_check', sql`${t.vatRateBp} >= 0`),
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
