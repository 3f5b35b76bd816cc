import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { branches } from '../../db/schema/branches.ts';
import { brands } from '../../db/schema/brands.ts';
import {
  branchItems,
  comboSlotChoices,
  comboSlots,
  itemModifierGroups,
  menuCategories,
  menuItems,
  modifierGroups,
  modifierOptions,
} from '../../db/schema/menu.ts';

export type CategoryRow = typeof menuCategories.$inferSelect;
export type ItemRow = typeof menuItems.$inferSelect;
export type BranchItemRow = typeof branchItems.$inferSelect;
export type CategoryColumns = Pick<
  typeof menuCategories.$inferInsert,
  'nameAr' | 'nameEn' | 'descriptionAr' | 'descriptionEn' | 'visibleFromMinute' | 'visibleUntilMinute'
>;
export type ItemColumns = Pick<
  typeof menuItems.$inferInsert,
  | 'categoryId'
  | 'nameAr'
  | 'nameEn'
  | 'descriptionAr'
  | 'descriptionEn'
  | 'priceHalalas'
  | 'taxRateBp'
  | 'calories'
  | 'allergens'
  | 'active'
  | 'isCombo'
>;

/** Whether managers may edit the brand-wide menu (the brand's setting). */
export async function managersEditMenu(db: Queryable, brandId: number): Promise<boolean> {
  const [row] = await db.select({ allowed: brands.managersEditMenu }).from(brands).where(eq(brands.id, brandId));
  return row?.allowed ?? false;
}

export async function listBranches(db: Queryable, brandId: number, branchIds: readonly number[]) {
  if (branchIds.length === 0) return [];
  return db
    .select({ id: branches.id, nameAr: branches.nameAr, nameEn: branches.nameEn, timeZone: branches.timeZone })
    .from(branches)
    .where(and(eq(branches.brandId, brandId), inArray(branches.id, [...branchIds])))
    .orderBy(asc(branches.id));
}

export async function listCategories(db: Queryable, brandId: number) {
  return db
    .select({
      category: menuCategories,
      // Qualified by hand: inside the subquery an unqualified "id" would be the item's.
      itemCount: sql<number>`(select count(*)::int from menu_items mi where mi.category_id = "menu_categories"."id")`,
    })
    .from(menuCategories)
    .where(eq(menuCategories.brandId, brandId))
    .orderBy(asc(menuCategories.sort), asc(menuCategories.id));
}

/** Every item of the brand with its links, and its rows at the branches in `branchIds`. */
export async function listItems(db: Queryable, brandId: number, branchIds: readonly number[], onlyIds?: number[]) {
  const itemFilter = onlyIds
    ? and(eq(menuItems.brandId, brandId), inArray(menuItems.id, onlyIds))
    : eq(menuItems.brandId, brandId);
  const items = await db
    .select()
    .from(menuItems)
    .innerJoin(menuCategories, eq(menuCategories.id, menuItems.categoryId))
    .where(itemFilter)
    .orderBy(asc(menuCategories.sort), asc(menuCategories.id), asc(menuItems.sort), asc(menuItems.id));
  const groups = await db
    .select({ itemId: itemModifierGroups.itemId, groupId: itemModifierGroups.groupId })
    .from(itemModifierGroups)
    .innerJoin(menuItems, eq(menuItems.id, itemModifierGroups.itemId))
    .where(itemFilter)
    .orderBy(asc(itemModifierGroups.itemId), asc(itemModifierGroups.sort));
  const slots = await db
    .select({ slot: comboSlots })
    .from(comboSlots)
    .innerJoin(menuItems, eq(menuItems.id, comboSlots.comboItemId))
    .where(itemFilter)
    .orderBy(asc(comboSlots.comboItemId), asc(comboSlots.sort), asc(comboSlots.id));
  const choices = await db
    .select({ choice: comboSlotChoices })
    .from(comboSlotChoices)
    .innerJoin(comboSlots, eq(comboSlots.id, comboSlotChoices.slotId))
    .innerJoin(menuItems, eq(menuItems.id, comboSlots.comboItemId))
    .where(itemFilter)
    .orderBy(asc(comboSlotChoices.slotId), asc(comboSlotChoices.sort));
  const atBranches =
    branchIds.length === 0
      ? []
      : await db
          .select({ row: branchItems })
          .from(branchItems)
          .innerJoin(menuItems, eq(menuItems.id, branchItems.itemId))
          .where(and(itemFilter, inArray(branchItems.branchId, [...branchIds])));
  return {
    items: items.map((r) => r.menu_items),
    groups,
    slots: slots.map((s) => s.slot),
    choices: choices.map((c) => c.choice),
    branchRows: atBranches.map((r) => r.row),
  };
}

export type ItemListing = Awaited<ReturnType<typeof listItems>>;

export async function listModifierGroups(db: Queryable, brandId: number) {
  const groups = await db
    .select()
    .from(modifierGroups)
    .where(eq(modifierGroups.brandId, brandId))
    .orderBy(asc(modifierGroups.id));
  const options = await db
    .select({ option: modifierOptions })
    .from(modifierOptions)
    .innerJoin(modifierGroups, eq(modifierGroups.id, modifierOptions.groupId))
    .where(eq(modifierGroups.brandId, brandId))
    .orderBy(asc(modifierOptions.groupId), asc(modifierOptions.sort), asc(modifierOptions.id));
  return { groups, options: options.map((o) => o.option) };
}

/** The brand's category, locked for the write that follows (undefined: none, or another brand's). */
export async function lockCategory(tx: Queryable, brandId: number, id: number): Promise<CategoryRow | undefined> {
  const [row] = await tx
    .select()
    .from(menuCategories)
    .where(and(eq(menuCategories.id, id), eq(menuCategories.brandId, brandId)))
    .for('update');
  return row;
}

export async function insertCategory(tx: Queryable, brandId: number, columns: CategoryColumns): Promise<CategoryRow> {
  const [row] = await tx
    .insert(menuCategories)
    .values({
      ...columns,
      brandId,
      sort: sql`coalesce((select max(${menuCategories.sort}) + 1 from ${menuCategories} where ${menuCategories.brandId} = ${brandId}), 0)`,
    })
    .returning();
  if (!row) throw new Error('category insert returned nothing');
  return row;
}

/** Writes the category at `version` (moving it on); undefined when the row has moved on since (a stale save). */
export async function updateCategory(
  tx: Queryable,
  brandId: number,
  id: number,
  version: number,
  columns: Partial<CategoryColumns> & { sort?: number },
): Promise<CategoryRow | undefined> {
  const [row] = await tx
    .update(menuCategories)
    .set({ ...columns, version: sql`${menuCategories.version} + 1` })
    .where(and(eq(menuCategories.id, id), eq(menuCategories.brandId, brandId), eq(menuCategories.version, version)))
    .returning();
  return row;
}

export async function deleteCategory(tx: Queryable, brandId: number, id: number): Promise<void> {
  await tx.delete(menuCategories).where(and(eq(menuCategories.id, id), eq(menuCategories.brandId, brandId)));
}

export async function lockBrandCategories(tx: Queryable, brandId: number): Promise<CategoryRow[]> {
  return tx
    .select()
    .from(menuCategories)
    .where(eq(menuCategories.brandId, brandId))
    .orderBy(asc(menuCategories.sort), asc(menuCategories.id))
    .for('update');
}

export async function setCategorySort(tx: Queryable, id: number, sort: number): Promise<void> {
  await tx
    .update(menuCategories)
    .set({ sort, version: sql`${menuCategories.version} + 1` })
    .where(eq(menuCategories.id, id));
}

export async function lockItem(tx: Queryable, brandId: number, id: number): Promise<ItemRow | undefined> {
  const [row] = await tx
    .select()
    .from(menuItems)
    .where(and(eq(menuItems.id, id), eq(menuItems.brandId, brandId)))
    .for('update');
  return row;
}

/** The slugs of the brand that start with `base` (to pick a free one for a new item). */
export async function slugsLike(tx: Queryable, brandId: number, base: string): Promise<Set<string>> {
  const rows = await tx
    .select({ slug: menuItems.slug })
    .from(menuItems)
    .where(and(eq(menuItems.brandId, brandId), sql`${menuItems.slug} like ${`${base}%`}`));
  return new Set(rows.map((r) => r.slug));
}

export async function insertItem(tx: Queryable, brandId: number, slug: string, columns: ItemColumns): Promise<ItemRow> {
  const [row] = await tx
    .insert(menuItems)
    .values({
      ...columns,
      brandId,
      slug,
      sort: sql`coalesce((select max(${menuItems.sort}) + 1 from ${menuItems} where ${menuItems.categoryId} = ${columns.categoryId}), 0)`,
    })
    .returning();
  if (!row) throw new Error('item insert returned nothing');
  return row;
}

/** Writes the item at `version` (moving it on); undefined when the row has moved on since (a stale save). */
export async function updateItem(
  tx: Queryable,
  brandId: number,
  id: number,
  version: number,
  columns: Partial<ItemColumns>,
): Promise<ItemRow | undefined> {
  const [row] = await tx
    .update(menuItems)
    .set({ ...columns, version: sql`${menuItems.version} + 1` })
    .where(and(eq(menuItems.id, id), eq(menuItems.brandId, brandId), eq(menuItems.version, version)))
    .returning();
  return row;
}

/** Bulk: moves the items' versions on too, so an editor holding one of them is told of the change. */
export async function updateItems(
  tx: Queryable,
  brandId: number,
  ids: number[],
  columns: Partial<Pick<ItemColumns, 'categoryId' | 'active'>>,
): Promise<ItemRow[]> {
  return tx
    .update(menuItems)
    .set({ ...columns, version: sql`${menuItems.version} + 1` })
    .where(and(eq(menuItems.brandId, brandId), inArray(menuItems.id, ids)))
    .returning();
}

export async function replaceItemGroups(tx: Queryable, itemId: number, groupIds: number[]): Promise<void> {
  await tx.delete(itemModifierGroups).where(eq(itemModifierGroups.itemId, itemId));
  if (groupIds.length > 0) {
    await tx.insert(itemModifierGroups).values(groupIds.map((groupId, sort) => ({ itemId, groupId, sort })));
  }
}

export interface SlotInput {
  nameAr: string;
  nameEn: string;
  choices: { itemId: number; extraPriceHalalas: number }[];
}

export async function replaceComboSlots(tx: Queryable, comboItemId: number, slots: SlotInput[]): Promise<void> {
  await tx.delete(comboSlots).where(eq(comboSlots.comboItemId, comboItemId));
  for (const [sort, slot] of slots.entries()) {
    const [row] = await tx
      .insert(comboSlots)
      .values({ comboItemId, nameAr: slot.nameAr, nameEn: slot.nameEn, sort })
      .returning({ id: comboSlots.id });
    if (!row) throw new Error('slot insert returned nothing');
    await tx.insert(comboSlotChoices).values(
      slot.choices.map((c, i) => ({
        slotId: row.id,
        itemId: c.itemId,
        extraPriceHalalas: c.extraPriceHalalas,
        sort: i,
      })),
    );
  }
}

/** How many of `ids` are the brand's (categories, modifier groups, items, plain items (no combo), branches). */
export async function countOwn(
  tx: Queryable,
  brandId: number,
  kind: 'category' | 'group' | 'item' | 'plainItem' | 'branch',
  ids: readonly number[],
): Promise<number> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return 0;
  const [table, brandColumn, idColumn] =
    kind === 'category'
      ? [menuCategories, menuCategories.brandId, menuCategories.id]
      : kind === 'group'
        ? [modifierGroups, modifierGroups.brandId, modifierGroups.id]
        : kind === 'branch'
          ? [branches, branches.brandId, branches.id]
          : [menuItems, menuItems.brandId, menuItems.id];
  const extra = kind === 'plainItem' ? eq(menuItems.isCombo, false) : undefined;
  const [row] = await tx
    .select({ n: count() })
    .from(table)
    .where(and(eq(brandColumn, brandId), inArray(idColumn, unique), extra));
  return row?.n ?? 0;
}

/** The brand's items among `ids`, locked for the write that follows (in id order, so two writers never deadlock). */
export async function lockItems(tx: Queryable, brandId: number, ids: readonly number[]): Promise<ItemRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(menuItems)
    .where(and(eq(menuItems.brandId, brandId), inArray(menuItems.id, [...ids])))
    .orderBy(asc(menuItems.id))
    .for('update');
}

/** The brand's categories by their names in either language (lower-cased), for the CSV import. */
export async function categoriesByName(tx: Queryable, brandId: number): Promise<Map<string, number>> {
  const rows = await tx
    .select({ id: menuCategories.id, nameAr: menuCategories.nameAr, nameEn: menuCategories.nameEn })
    .from(menuCategories)
    .where(eq(menuCategories.brandId, brandId));
  const map = new Map<string, number>();
  for (const r of rows) {
    map.set(r.nameAr.trim().toLowerCase(), r.id);
    map.set(r.nameEn.trim().toLowerCase(), r.id);
  }
  return map;
}

export async function lockBrandItems(tx: Queryable, brandId: number): Promise<ItemRow[]> {
  return tx.select().from(menuItems).where(eq(menuItems.brandId, brandId)).for('update');
}

export async function setItemImage(tx: Queryable, id: number, image: string, imageColor: string): Promise<void> {
  await tx
    .update(menuItems)
    .set({ image, imageColor, version: sql`${menuItems.version} + 1` })
    .where(eq(menuItems.id, id));
}

/** A new item is sold at every branch of the brand (available); each branch can then take it off. */
export async function addItemToAllBranches(tx: Queryable, brandId: number, itemId: number): Promise<void> {
  await tx.execute(sql`insert into ${branchItems} (branch_id, item_id)
    select ${branches.id}, ${itemId} from ${branches} where ${branches.brandId} = ${brandId}
    on conflict do nothing`);
}

/** A new branch sells every active item of the brand (available, at the brand's price); it can then take any off. */
export async function addAllItemsToBranch(tx: Queryable, brandId: number, branchId: number): Promise<void> {
  await tx.execute(sql`insert into ${branchItems} (branch_id, item_id)
    select ${branchId}, ${menuItems.id} from ${menuItems}
    where ${menuItems.brandId} = ${brandId} and ${menuItems.active}
    on conflict do nothing`);
}

/** Many new items at once (the CSV import), in chunks; each at the end of its category. */
export async function insertItemsBatch(
  tx: Queryable,
  brandId: number,
  rows: (ItemColumns & { slug: string })[],
): Promise<ItemRow[]> {
  const inserted: ItemRow[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    inserted.push(
      ...(await tx
        .insert(menuItems)
        .values(chunk.map((r, j) => ({ ...r, brandId, sort: 100_000 + i + j })))
        .returning()),
    );
  }
  return inserted;
}

/** New items are sold at every branch of the brand (available). */
export async function addItemsToAllBranches(tx: Queryable, brandId: number, itemIds: number[]): Promise<void> {
  if (itemIds.length === 0) return;
  await tx.execute(sql`insert into ${branchItems} (branch_id, item_id)
    select ${branches.id}, i from ${branches}, unnest(${`{${itemIds.join(',')}}`}::int[]) as i
    where ${branches.brandId} = ${brandId}
    on conflict do nothing`);
}
