/** What every part of the seed shares: statements kept under PostgreSQL's bind limit, and data keys made ids. */
import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../client.ts';
import { menuItems } from '../schema/menu.ts';

// PostgreSQL allows 65,535 bind parameters per statement; stay well below.
const MAX_PARAMS = 30_000;

export function chunks<T>(rows: T[], columns: number): T[][] {
  const size = Math.max(1, Math.floor(MAX_PARAMS / columns));
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

export function need<T>(map: Map<string, T>, key: string, what: string, brand: string): T {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Seed data of brand "${brand}": unknown ${what} "${key}"`);
  return value;
}

/** The brand's menu items named by these slugs, as slug → id (no query when there are none). */
export async function itemIdsBySlug(db: Queryable, brandId: number, slugs: string[]): Promise<Map<string, number>> {
  if (slugs.length === 0) return new Map();
  const items = await db
    .select({ id: menuItems.id, slug: menuItems.slug })
    .from(menuItems)
    .where(and(eq(menuItems.brandId, brandId), inArray(menuItems.slug, slugs)));
  return new Map(items.map((i) => [i.slug, i.id]));
}
