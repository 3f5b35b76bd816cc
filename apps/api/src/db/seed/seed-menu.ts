import type { Queryable } from '../client.ts';
import {
  branchItems,
  comboSlotChoices,
  comboSlots,
  itemModifierGroups,
  menuCategories,
  menuItems,
  modifierGroups,
  modifierOptions,
} from '../schema/menu.ts';
import { chunks, need } from './seed-inserts.ts';
import type { SeedBrand, SeedItem } from './seed-types.ts';

type MenuEntry = { item: SeedItem; isCombo: boolean };

/**
 * The brand's menu: categories, modifier groups with their options, items and combos (combos are items too), the
 * combos' slots, and what each branch sells. Returns the items' ids by data key.
 */
export async function seedMenu(
  tx: Queryable,
  brandId: number,
  branchIds: Map<string, number>,
  data: SeedBrand,
): Promise<Map<string, number>> {
  const categoryIds = await seedCategories(tx, brandId, data);
  const groupIds = await seedModifierGroups(tx, brandId, data);
  const allItems: MenuEntry[] = [
    ...data.items.map((item) => ({ item, isCombo: false })),
    ...data.combos.map((c) => ({ item: c.item, isCombo: true })),
  ];
  const itemIds = await seedItems(tx, brandId, allItems, { categoryIds, groupIds }, data.slug);
  await seedComboSlots(tx, itemIds, data);
  await seedBranchItems(tx, branchIds, itemIds, allItems, data);
  return itemIds;
}

async function seedCategories(tx: Queryable, brandId: number, data: SeedBrand): Promise<Map<string, number>> {
  const categoryIds = new Map<string, number>();
  if (data.categories.length === 0) return categoryIds;
  const rows = await tx
    .insert(menuCategories)
    .values(data.categories.map((c, sort) => ({ brandId, nameAr: c.name.ar, nameEn: c.name.en, image: c.image, sort })))
    .returning({ id: menuCategories.id });
  data.categories.forEach((c, i) => {
    const row = rows[i];
    if (!row) throw new Error('category insert returned too few rows');
    categoryIds.set(c.key, row.id);
  });
  return categoryIds;
}

/** Modifier groups and their options. */
async function seedModifierGroups(tx: Queryable, brandId: number, data: SeedBrand): Promise<Map<string, number>> {
  const groupIds = new Map<string, number>();
  if (data.modifierGroups.length === 0) return groupIds;
  const rows = await tx
    .insert(modifierGroups)
    .values(
      data.modifierGroups.map((g) => ({
        brandId,
        nameAr: g.name.ar,
        nameEn: g.name.en,
        minChoices: g.min,
        maxChoices: g.max,
      })),
    )
    .returning({ id: modifierGroups.id });
  data.modifierGroups.forEach((g, i) => {
    const row = rows[i];
    if (!row) throw new Error('modifier group insert returned too few rows');
    groupIds.set(g.key, row.id);
  });
  const optionRows = data.modifierGroups.flatMap((g) =>
    g.options.map((o, sort) => ({
      groupId: need(groupIds, g.key, 'modifier group', data.slug),
      nameAr: o.name.ar,
      nameEn: o.name.en,
      priceHalalas: o.priceHalalas,
      calories: o.calories,
      available: o.available ?? true,
      sort,
    })),
  );
  for (const chunk of chunks(optionRows, 7)) await tx.insert(modifierOptions).values(chunk);
  return groupIds;
}

/** Items (combos are items too), sorted within their category in data order, with their modifier groups. */
async function seedItems(
  tx: Queryable,
  brandId: number,
  allItems: MenuEntry[],
  ids: { categoryIds: Map<string, number>; groupIds: Map<string, number> },
  label: string,
): Promise<Map<string, number>> {
  const sortInCategory = new Map<string, number>();
  const itemRows = allItems.map(({ item, isCombo }) => {
    const sort = sortInCategory.get(item.category) ?? 0;
    sortInCategory.set(item.category, sort + 1);
    return {
      brandId,
      categoryId: need(ids.categoryIds, item.category, 'category', label),
      slug: item.slug,
      nameAr: item.name.ar,
      nameEn: item.name.en,
      descriptionAr: item.description.ar,
      descriptionEn: item.description.en,
      image: item.image,
      priceHalalas: item.priceHalalas,
      taxRateBp: item.taxRateBasisPoints,
      calories: item.calories,
      sort,
      isCombo,
    };
  });
  const idBySlug = new Map<string, number>();
  for (const chunk of chunks(itemRows, 13)) {
    const rows = await tx.insert(menuItems).values(chunk).returning({ id: menuItems.id, slug: menuItems.slug });
    for (const r of rows) idBySlug.set(r.slug, r.id);
  }
  const itemIds = new Map<string, number>();
  for (const { item } of allItems) itemIds.set(item.key, need(idBySlug, item.slug, 'item slug', label));

  const itemGroupRows = allItems.flatMap(({ item }) =>
    item.modifierGroups.map((g, sort) => ({
      itemId: need(itemIds, item.key, 'item', label),
      groupId: need(ids.groupIds, g, 'modifier group', label),
      sort,
    })),
  );
  for (const chunk of chunks(itemGroupRows, 3)) await tx.insert(itemModifierGroups).values(chunk);
  return itemIds;
}

/** Combo slots and their choices. */
async function seedComboSlots(tx: Queryable, itemIds: Map<string, number>, data: SeedBrand): Promise<void> {
  const label = data.slug;
  const slotInputs = data.combos.flatMap((c) =>
    c.slots.map((slot, sort) => ({ comboItemId: need(itemIds, c.item.key, 'item', label), slot, sort })),
  );
  if (slotInputs.length === 0) return;
  const rows = await tx
    .insert(comboSlots)
    .values(
      slotInputs.map((s) => ({
        comboItemId: s.comboItemId,
        nameAr: s.slot.name.ar,
        nameEn: s.slot.name.en,
        sort: s.sort,
      })),
    )
    .returning({ id: comboSlots.id });
  const choiceRows = slotInputs.flatMap((s, i) => {
    const slotId = rows[i]?.id;
    if (slotId === undefined) throw new Error('combo slot insert returned too few rows');
    return s.slot.choices.map((choice, sort) => ({
      slotId,
      itemId: need(itemIds, choice.item, 'item', label),
      extraPriceHalalas: choice.extraPriceHalalas,
      sort,
    }));
  });
  for (const chunk of chunks(choiceRows, 4)) await tx.insert(comboSlotChoices).values(chunk);
}

/** What each branch sells: every item except `itemsNotSold`; `itemsSoldOut` are sold but unavailable. */
async function seedBranchItems(
  tx: Queryable,
  branchIds: Map<string, number>,
  itemIds: Map<string, number>,
  allItems: MenuEntry[],
  data: SeedBrand,
): Promise<void> {
  const label = data.slug;
  const branchItemRows = data.branches.flatMap((b) => {
    const branchId = need(branchIds, b.key, 'branch', label);
    const notSold = new Set(b.itemsNotSold);
    const soldOut = new Set(b.itemsSoldOut);
    for (const key of [...notSold, ...soldOut]) need(itemIds, key, 'item', label);
    return allItems
      .filter(({ item }) => !notSold.has(item.key))
      .map(({ item }) => ({
        branchId,
        itemId: need(itemIds, item.key, 'item', label),
        isAvailable: !soldOut.has(item.key),
      }));
  });
  for (const chunk of chunks(branchItemRows, 3)) await tx.insert(branchItems).values(chunk);
}
