import type { ItemListSort, ItemListStatus } from '@sufra/shared/schemas/menu-admin';
import { and, asc, count, desc, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { branchItems, menuCategories, menuItems } from '../../db/schema/menu.ts';

export interface ItemPageFilter {
  q: string;
  categoryId?: number;
  status: ItemListStatus;
  /** The branch statuses are read at; null: none (every item is "not sold"). */
  branchId: number | null;
  sort: ItemListSort;
  direction: 'asc' | 'desc';
  language: 'ar' | 'en';
  offset: number;
  limit: number;
  now: Date;
}

/** `%`, `_` and `\\` typed in the search box are matched as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of the brand's items as the console's list shows them (docs/adr/0710): filtered by a text (either
 * name or the slug), a category and a status at one branch, sorted, and the ids of the page in order with the
 * count of all matches. One query on the brand's rows (menu_items_brand_slug_uq leads with brand_id), the
 * branch's row joined by its primary key.
 */
export async function pageItemIds(
  db: Queryable,
  brandId: number,
  f: ItemPageFilter,
): Promise<{ ids: number[]; total: number }> {
  const at = f.branchId ?? 0;
  const joined = and(eq(branchItems.itemId, menuItems.id), eq(branchItems.branchId, at));
  const soldOutToday = and(isNotNull(branchItems.soldOutUntil), sql`${branchItems.soldOutUntil} > ${f.now}`);
  const statusFilter: Record<ItemListStatus, SQL | undefined> = {
    all: undefined,
    inactive: eq(menuItems.active, false),
    notSold: isNull(branchItems.itemId),
    soldOut: and(isNotNull(branchItems.itemId), or(eq(branchItems.isAvailable, false), soldOutToday)),
    available: and(
      eq(menuItems.active, true),
      eq(branchItems.isAvailable, true),
      or(isNull(branchItems.soldOutUntil), sql`${branchItems.soldOutUntil} <= ${f.now}`),
    ),
  };
  const pattern = f.q ? likePattern(f.q) : null;
  const where = and(
    eq(menuItems.brandId, brandId),
    f.categoryId === undefined ? undefined : eq(menuItems.categoryId, f.categoryId),
    pattern
      ? or(
          sql`${menuItems.nameAr} ilike ${pattern}`,
          sql`${menuItems.nameEn} ilike ${pattern}`,
          sql`${menuItems.slug} ilike ${pattern}`,
        )
      : undefined,
    statusFilter[f.status],
  );
  const by = f.direction === 'asc' ? asc : desc;
  const itemName = f.language === 'en' ? menuItems.nameEn : menuItems.nameAr;
  const categoryName = f.language === 'en' ? menuCategories.nameEn : menuCategories.nameAr;
  const order: Record<ItemListSort, SQL[]> = {
    menu: [by(menuCategories.sort), by(menuCategories.id), by(menuItems.sort)],
    name: [by(itemName)],
    category: [by(categoryName), by(menuCategories.id), by(menuItems.sort)],
    price: [by(menuItems.priceHalalas)],
    active: [by(menuItems.active)],
  };
  const rows = await db
    .select({ id: menuItems.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(menuItems)
    .innerJoin(menuCategories, eq(menuCategories.id, menuItems.categoryId))
    .leftJoin(branchItems, joined)
    .where(where)
    .orderBy(...order[f.sort], by(menuItems.id))
    .limit(f.limit)
    .offset(f.offset);
  if (rows.length > 0 || f.offset === 0) return { ids: rows.map((r) => r.id), total: rows[0]?.total ?? 0 };
  // Past the last page: the count still says how many there are.
  const [all] = await db.select({ n: count() }).from(menuItems).leftJoin(branchItems, joined).where(where);
  return { ids: [], total: all?.n ?? 0 };
}
