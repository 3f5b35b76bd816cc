import { and, eq, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { brands } from '../../db/schema/brands.ts';

const columns = {
  nameAr: brands.nameAr,
  nameEn: brands.nameEn,
  logo: brands.logo,
  brandColor: brands.brandColor,
  defaultLanguage: brands.defaultLanguage,
  vatNumber: brands.vatNumber,
  vatRateBp: brands.vatRateBp,
  taxMode: brands.taxMode,
  hosts: brands.hosts,
  managersEditMenu: brands.managersEditMenu,
  version: brands.settingsVersion,
};
export type BrandSettingsRow = {
  nameAr: string;
  nameEn: string;
  logo: string | null;
  brandColor: string | null;
  defaultLanguage: string;
  vatNumber: string | null;
  vatRateBp: number;
  taxMode: string;
  hosts: string[];
  managersEditMenu: boolean;
  version: number;
};

export async function readBrandSettings(db: Queryable, brandId: number, lock = false) {
  const query = db.select(columns).from(brands).where(eq(brands.id, brandId));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** Whether another brand already answers on one of `hosts`. */
export async function hostTakenElsewhere(db: Queryable, brandId: number, hosts: string[]): Promise<boolean> {
  if (hosts.length === 0) return false;
  const [row] = await db
    .select({ id: brands.id })
    .from(brands)
    .where(and(ne(brands.id, brandId), sql`${brands.hosts} && ${sql.param(hosts)}::text[]`))
    .limit(1);
  return row !== undefined;
}

/** Writes the settings at `version`, moving it on; undefined when the version moved meanwhile. */
export async function writeBrandSettings(
  db: Queryable,
  brandId: number,
  version: number,
  values: Omit<BrandSettingsRow, 'logo' | 'version'>,
) {
  const [row] = await db
    .update(brands)
    .set({ ...values, settingsVersion: version + 1 })
    .where(and(eq(brands.id, brandId), eq(brands.settingsVersion, version)))
    .returning(columns);
  return row;
}

/** Sets (or clears) the logo at `version`, moving it on; undefined when the version moved meanwhile. */
export async function writeBrandLogo(db: Queryable, brandId: number, version: number, logo: string | null) {
  const [row] = await db
    .update(brands)
    .set({ logo, settingsVersion: version + 1 })
    .where(and(eq(brands.id, brandId), eq(brands.settingsVersion, version)))
    .returning(columns);
  return row;
}
