import type { FoodicsImportCounts, FoodicsImportKind } from '@sufra/shared/schemas/foodics-menu';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import type { Queryable, Transaction } from '../../db/client.ts';
import { branches } from '../../db/schema/branches.ts';
import { type FoodicsIdKind, foodicsIds } from '../../db/schema/foodics.ts';
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
import {
  branchSale,
  caloriesOf,
  choicesOf,
  descriptionsOf,
  type FoodicsMenu,
  isLive,
  namesOf,
  planCombo,
  priceOf,
  slugFor,
} from './foodics-menu.rules.ts';

export type ImportCounts = Record<FoodicsImportKind, FoodicsImportCounts>;

/** Two imports of one brand never run at once, across instances: a lock held until the transaction ends. */
export async function tryImportLock(tx: Transaction, brandId: number): Promise<boolean> {
  const result = await tx.execute(sql`select pg_try_advisory_xact_lock(72801, ${brandId}) as ok`);
  return (result as unknown as { rows: { ok: boolean }[] }).rows[0]?.ok === true;
}

/** The brand's mapping of one kind, both ways. */
export async function loadKind(db: Queryable, brandId: number, kind: FoodicsIdKind) {
  const rows = await db
    .select({ localKey: foodicsIds.localKey, foodicsId: foodicsIds.foodicsId })
    .from(foodicsIds)
    .where(and(eq(foodicsIds.brandId, brandId), eq(foodicsIds.kind, kind)));
  return {
    byFoodics: new Map(rows.map((r) => [r.foodicsId, r.localKey])),
    byLocal: new Map(rows.map((r) => [r.localKey, r.foodicsId])),
  };
}

/** Maps `localKey` of `kind` to `foodicsId`, replacing whatever either side was mapped to before. */
export async function link(tx: Queryable, brandId: number, kind: FoodicsIdKind, localKey: string, foodicsId: string) {
  await tx
    .delete(foodicsIds)
    .where(
      and(
        eq(foodicsIds.brandId, brandId),
        eq(foodicsIds.kind, kind),
        sql`(${foodicsIds.localKey} = ${localKey} or ${foodicsIds.foodicsId} = ${foodicsId})`,
      ),
    );
  await tx.insert(foodicsIds).values({ brandId, kind, localKey, foodicsId });
}

/** An unmapped row of ours with this English name, not adopted yet in this import (then it is). */
function adopt<T extends { id: number; nameEn: string }>(
  rows: Iterable<T>,
  mappedLocal: Map<string, string>,
  nameEn: string,
  adopted: Set<number>,
): T | undefined {
  for (const row of rows) {
    if (mappedLocal.has(String(row.id)) || adopted.has(row.id)) continue;
    if (row.nameEn.trim().toLowerCase() !== nameEn.toLowerCase()) continue;
    adopted.add(row.id);
    return row;
  }
  return undefined;
}

const zero = (): FoodicsImportCounts => ({ created: 0, updated: 0, deactivated: 0 });

const differs = (row: Record<string, unknown>, next: Record<string, unknown>) =>
  Object.entries(next).some(([k, v]) =>
    Array.isArray(v) ? JSON.stringify(v) !== JSON.stringify(row[k]) : (row[k] ?? null) !== (v ?? null),
  );

/**
 * Writes Foodics' menu into the brand's (in the caller's transaction): each Foodics row found by its mapped id and
 * updated when it differs (its version moved), else created and mapped; mapped items and options Foodics no longer
 * lists (or lists as deleted) made inactive, never deleted; branch prices and availability at our mapped branches.
 * Returns what changed per kind, and how many products were left out (their category is not in the import).
 */
export async function writeFoodicsMenu(
  tx: Transaction,
  brandId: number,
  menu: FoodicsMenu,
): Promise<{ counts: ImportCounts; skipped: number }> {
  const counts: ImportCounts = {
    categories: zero(),
    products: zero(),
    modifiers: zero(),
    modifierOptions: zero(),
    combos: zero(),
    branchItems: zero(),
  };

  // — categories —
  const catIds = await loadKind(tx, brandId, 'category');
  const ownCats = new Map(
    (await tx.select().from(menuCategories).where(eq(menuCategories.brandId, brandId))).map((c) => [c.id, c]),
  );
  const categoryOf = new Map<string, number>();
  const adoptedCats = new Set<number>();
  const baseSort = Math.max(0, ...[...ownCats.values()].map((c) => c.sort)) + 1;
  for (const [index, cat] of menu.categories.filter(isLive).entries()) {
    const next = namesOf(cat);
    const mapped = Number(catIds.byFoodics.get(cat.id));
    // Not mapped yet: one of ours of the same English name, not mapped to another, is adopted (a menu made by hand
    // before the first import, or the demo's).
    const row = ownCats.get(mapped) ?? adopt(ownCats.values(), catIds.byLocal, next.nameEn, adoptedCats);
    if (row && !catIds.byFoodics.has(cat.id)) await link(tx, brandId, 'category', String(row.id), cat.id);
    if (row) {
      if (differs(row, next)) {
        await tx
          .update(menuCategories)
          .set({ ...next, version: sql`${menuCategories.version} + 1` })
          .where(eq(menuCategories.id, row.id));
        counts.categories.updated += 1;
      }
      categoryOf.set(cat.id, row.id);
      continue;
    }
    const [made] = await tx
      .insert(menuCategories)
      .values({ brandId, ...next, sort: baseSort + index })
      .returning({ id: menuCategories.id });
    if (!made) throw new Error('category not written');
    await link(tx, brandId, 'category', String(made.id), cat.id);
    categoryOf.set(cat.id, made.id);
    counts.categories.created += 1;
  }

  // — modifiers (our modifier groups) and their options —
  const pivots = new Map<string, { minimum_options?: number | null; maximum_options?: number | null }>();
  for (const p of menu.products.filter(isLive))
    for (const m of p.modifiers ?? []) if (!pivots.has(m.id) && m.pivot) pivots.set(m.id, m.pivot);
  const groupIds = await loadKind(tx, brandId, 'modifier');
  const optionIds = await loadKind(tx, brandId, 'modifier_option');
  const ownGroups = new Map(
    (await tx.select().from(modifierGroups).where(eq(modifierGroups.brandId, brandId))).map((g) => [g.id, g]),
  );
  const ownOptions = new Map(
    (
      await tx
        .select({ option: modifierOptions })
        .from(modifierOptions)
        .innerJoin(modifierGroups, eq(modifierGroups.id, modifierOptions.groupId))
        .where(eq(modifierGroups.brandId, brandId))
    ).map((r) => [r.option.id, r.option]),
  );
  const groupOf = new Map<string, number>();
  const seenOptions = new Set<number>();
  const adoptedGroups = new Set<number>();
  for (const mod of menu.modifiers.filter(isLive)) {
    const options = (mod.options ?? []).filter(isLive);
    const next = { ...namesOf(mod), ...choicesOf(pivots.get(mod.id), options.length) };
    const row =
      ownGroups.get(Number(groupIds.byFoodics.get(mod.id))) ??
      adopt(ownGroups.values(), groupIds.byLocal, next.nameEn, adoptedGroups);
    if (row && !groupIds.byFoodics.has(mod.id)) await link(tx, brandId, 'modifier', String(row.id), mod.id);
    let groupId: number;
    let changed = false;
    if (row) {
      groupId = row.id;
      changed = differs(row, next);
    } else {
      const [made] = await tx
        .insert(modifierGroups)
        .values({ brandId, ...next })
        .returning({ id: modifierGroups.id });
      if (!made) throw new Error('modifier group not written');
      groupId = made.id;
      await link(tx, brandId, 'modifier', String(groupId), mod.id);
      counts.modifiers.created += 1;
    }
    groupOf.set(mod.id, groupId);
    for (const [sort, option] of options.entries()) {
      const values = {
        groupId,
        ...namesOf(option),
        priceHalalas: priceOf(option.price),
        calories: caloriesOf(option.calories),
        available: option.is_active !== false,
        sort,
      };
      let own = ownOptions.get(Number(optionIds.byFoodics.get(option.id)));
      if (!own && row) {
        // An option of this group of ours by the same English name, not yet matched in this import, is adopted.
        own = [...ownOptions.values()].find(
          (o) =>
            o.groupId === groupId && !seenOptions.has(o.id) && o.nameEn.toLowerCase() === values.nameEn.toLowerCase(),
        );
        if (own) await link(tx, brandId, 'modifier_option', String(own.id), option.id);
      }
      if (own) {
        seenOptions.add(own.id);
        if (differs(own, values)) {
          await tx.update(modifierOptions).set(values).where(eq(modifierOptions.id, own.id));
          counts.modifierOptions.updated += 1;
          changed = true;
        }
        continue;
      }
      const [made] = await tx.insert(modifierOptions).values(values).returning({ id: modifierOptions.id });
      if (!made) throw new Error('modifier option not written');
      seenOptions.add(made.id);
      await link(tx, brandId, 'modifier_option', String(made.id), option.id);
      counts.modifierOptions.created += 1;
      if (row) changed = true;
    }
    if (row && changed) {
      await tx
        .update(modifierGroups)
        .set({ ...next, version: sql`${modifierGroups.version} + 1` })
        .where(eq(modifierGroups.id, row.id));
      counts.modifiers.updated += 1;
    }
  }
  // Options mapped to Foodics that it no longer lists: unavailable, kept.
  for (const [localKey] of optionIds.byLocal) {
    const own = ownOptions.get(Number(localKey));
    if (!own || seenOptions.has(own.id) || !own.available) continue;
    await tx.update(modifierOptions).set({ available: false }).where(eq(modifierOptions.id, own.id));
    await tx
      .update(modifierGroups)
      .set({ version: sql`${modifierGroups.version} + 1` })
      .where(eq(modifierGroups.id, own.groupId));
    counts.modifierOptions.deactivated += 1;
  }

  // — products and combos (our items) —
  const productIds = await loadKind(tx, brandId, 'product');
  const comboIds = await loadKind(tx, brandId, 'combo');
  const comboSizeIds = await loadKind(tx, brandId, 'combo_size');
  const ownItems = new Map(
    (await tx.select().from(menuItems).where(eq(menuItems.brandId, brandId))).map((i) => [i.id, i]),
  );
  const itemOf = new Map<string, number>();
  const seenItems = new Set<number>();
  const sales: { itemId: number; price: number; branches: FoodicsMenu['products'][number]['branches'] }[] = [];
  let skipped = 0;

  const upsertItem = async (
    kind: 'products' | 'combos',
    own: typeof menuItems.$inferSelect | undefined,
    values: Omit<typeof menuItems.$inferInsert, 'brandId' | 'slug'>,
    slug: string,
  ): Promise<number> => {
    if (own) {
      seenItems.add(own.id);
      if (differs(own, values)) {
        await tx
          .update(menuItems)
          .set({ ...values, version: sql`${menuItems.version} + 1` })
          .where(eq(menuItems.id, own.id));
        counts[kind].updated += 1;
      }
      return own.id;
    }
    const [made] = await tx
      .insert(menuItems)
      .values({ brandId, slug, ...values })
      .returning({ id: menuItems.id });
    if (!made) throw new Error('item not written');
    seenItems.add(made.id);
    counts[kind].created += 1;
    return made.id;
  };

  for (const product of menu.products.filter(isLive)) {
    const categoryId = product.category ? categoryOf.get(product.category.id) : undefined;
    if (categoryId === undefined) {
      skipped += 1;
      continue;
    }
    const own = ownItems.get(Number(productIds.byFoodics.get(product.id)));
    const values = {
      categoryId,
      ...namesOf(product),
      ...descriptionsOf(product),
      priceHalalas: priceOf(product.price),
      calories: caloriesOf(product.calories),
      isCombo: false,
      active: product.is_active !== false,
    };
    const itemId = await upsertItem('products', own, values, slugFor('foodics', product.id));
    if (!own) await link(tx, brandId, 'product', String(itemId), product.id);
    itemOf.set(product.id, itemId);
    sales.push({ itemId, price: values.priceHalalas, branches: product.branches });
    // Its modifiers, as Foodics links them (when included).
    if (product.modifiers !== undefined) {
      const groups = product.modifiers.map((m) => groupOf.get(m.id)).filter((g) => g !== undefined);
      const current = await tx
        .select({ groupId: itemModifierGroups.groupId })
        .from(itemModifierGroups)
        .where(eq(itemModifierGroups.itemId, itemId))
        .orderBy(itemModifierGroups.sort);
      if (JSON.stringify(current.map((c) => c.groupId)) !== JSON.stringify(groups)) {
        await tx.delete(itemModifierGroups).where(eq(itemModifierGroups.itemId, itemId));
        if (groups.length > 0)
          await tx.insert(itemModifierGroups).values(groups.map((groupId, sort) => ({ itemId, groupId, sort })));
        if (own && !differs(own, values)) {
          await tx
            .update(menuItems)
            .set({ version: sql`${menuItems.version} + 1` })
            .where(eq(menuItems.id, itemId));
          counts.products.updated += 1;
        }
      }
    }
  }

  const groupSlotIds = await loadKind(tx, brandId, 'combo_group');
  for (const combo of menu.combos.filter(isLive)) {
    const plan = planCombo(combo);
    const categoryId = combo.category ? categoryOf.get(combo.category.id) : undefined;
    if (!plan || categoryId === undefined) {
      skipped += 1;
      continue;
    }
    // Found by the combo's id, else by its size's (the hand-off's mapping, the demo seed's).
    const own =
      ownItems.get(Number(comboIds.byFoodics.get(combo.id))) ??
      ownItems.get(Number(comboSizeIds.byFoodics.get(plan.sizeId)));
    const values = {
      categoryId,
      ...namesOf(combo),
      priceHalalas: plan.priceHalalas,
      isCombo: true,
      active: combo.is_active !== false,
    };
    const itemId = await upsertItem('combos', own, values, slugFor('foodics-combo', combo.id));
    if (comboIds.byFoodics.get(combo.id) !== String(itemId)) await link(tx, brandId, 'combo', String(itemId), combo.id);
    if (comboSizeIds.byFoodics.get(plan.sizeId) !== String(itemId))
      await link(tx, brandId, 'combo_size', String(itemId), plan.sizeId);
    sales.push({ itemId, price: plan.priceHalalas, branches: combo.branches });
    // Its slots (Foodics' groups) and their choices, rewritten when they differ.
    const slots = await tx.select().from(comboSlots).where(eq(comboSlots.comboItemId, itemId));
    const keep = new Set<number>();
    let slotsChanged = false;
    for (const [sort, { group, choices }] of plan.groups.entries()) {
      const names = namesOf(group);
      let slot = slots.find((s) => String(s.id) === groupSlotIds.byFoodics.get(group.id));
      if (!slot) {
        const [made] = await tx
          .insert(comboSlots)
          .values({ comboItemId: itemId, ...names, sort })
          .returning();
        if (!made) throw new Error('combo slot not written');
        slot = made;
        await link(tx, brandId, 'combo_group', String(slot.id), group.id);
        slotsChanged = true;
      } else if (differs(slot, { ...names, sort })) {
        await tx
          .update(comboSlots)
          .set({ ...names, sort })
          .where(eq(comboSlots.id, slot.id));
        slotsChanged = true;
      }
      keep.add(slot.id);
      const wanted = choices
        .map((c, i) => ({ ...c, itemId: itemOf.get(c.productId), sort: i }))
        .filter((c): c is typeof c & { itemId: number } => c.itemId !== undefined);
      const current = await tx.select().from(comboSlotChoices).where(eq(comboSlotChoices.slotId, slot.id));
      const same =
        current.length === wanted.length &&
        wanted.every((w) =>
          current.some((c) => c.itemId === w.itemId && c.extraPriceHalalas === w.extraHalalas && c.sort === w.sort),
        );
      if (!same) {
        slotsChanged = true;
        await tx.delete(comboSlotChoices).where(eq(comboSlotChoices.slotId, slot.id));
        if (wanted.length > 0)
          await tx.insert(comboSlotChoices).values(
            wanted.map((w) => ({
              slotId: slot.id,
              itemId: w.itemId,
              extraPriceHalalas: w.extraHalalas,
              sort: w.sort,
            })),
          );
      }
      // The hand-off's combo option ids, "slotId:itemId".
      await tx
        .delete(foodicsIds)
        .where(
          and(
            eq(foodicsIds.brandId, brandId),
            eq(foodicsIds.kind, 'combo_option'),
            like(foodicsIds.localKey, `${slot.id}:%`),
          ),
        );
      for (const w of wanted) await link(tx, brandId, 'combo_option', `${slot.id}:${w.itemId}`, w.optionId);
    }
    const gone = slots.filter((s) => !keep.has(s.id)).map((s) => s.id);
    if (gone.length > 0) {
      slotsChanged = true;
      await tx.delete(comboSlots).where(inArray(comboSlots.id, gone));
      await tx.delete(foodicsIds).where(
        and(
          eq(foodicsIds.brandId, brandId),
          inArray(foodicsIds.kind, ['combo_group', 'combo_option']),
          sql`split_part(${foodicsIds.localKey}, ':', 1) in (${sql.join(
            gone.map((g) => sql`${String(g)}`),
            sql`, `,
          )})`,
        ),
      );
    }
    if (slotsChanged && own && !differs(own, values)) {
      await tx
        .update(menuItems)
        .set({ version: sql`${menuItems.version} + 1` })
        .where(eq(menuItems.id, itemId));
      counts.combos.updated += 1;
    }
  }

  // Items mapped to Foodics (a product, a combo or its size) that it no longer lists: inactive, kept.
  const mappedItems = new Set(
    [...productIds.byLocal.keys(), ...comboIds.byLocal.keys(), ...comboSizeIds.byLocal.keys()].map(Number),
  );
  for (const id of mappedItems) {
    const own = ownItems.get(id);
    if (!own || seenItems.has(id) || !own.active) continue;
    await tx
      .update(menuItems)
      .set({ active: false, version: sql`${menuItems.version} + 1` })
      .where(eq(menuItems.id, id));
    counts[own.isCombo ? 'combos' : 'products'].deactivated += 1;
  }

  // — branch prices and availability, at our branches mapped to Foodics —
  const branchIds = await loadKind(tx, brandId, 'branch');
  const ownBranches = new Set(
    (await tx.select({ id: branches.id }).from(branches).where(eq(branches.brandId, brandId))).map((b) => b.id),
  );
  const mappedBranches = [...branchIds.byLocal].filter(([local]) => ownBranches.has(Number(local)));
  if (mappedBranches.length > 0 && sales.length > 0) {
    const current = await tx
      .select()
      .from(branchItems)
      .where(
        and(
          inArray(
            branchItems.branchId,
            mappedBranches.map(([local]) => Number(local)),
          ),
          inArray(
            branchItems.itemId,
            sales.map((s) => s.itemId),
          ),
        ),
      );
    const rowOf = new Map(current.map((r) => [`${r.branchId}:${r.itemId}`, r]));
    for (const sale of sales) {
      for (const [local, foodicsBranch] of mappedBranches) {
        const branchId = Number(local);
        const wanted = branchSale(sale.branches, foodicsBranch, sale.price);
        if (wanted === undefined) continue;
        const row = rowOf.get(`${branchId}:${sale.itemId}`);
        if (wanted === null) {
          if (!row) continue;
          await tx
            .delete(branchItems)
            .where(and(eq(branchItems.branchId, branchId), eq(branchItems.itemId, sale.itemId)));
          counts.branchItems.deactivated += 1;
        } else if (!row) {
          await tx.insert(branchItems).values({ branchId, itemId: sale.itemId, ...wanted });
          counts.branchItems.created += 1;
        } else if (differs(row, wanted)) {
          await tx
            .update(branchItems)
            .set(wanted)
            .where(and(eq(branchItems.branchId, branchId), eq(branchItems.itemId, sale.itemId)));
          counts.branchItems.updated += 1;
        }
      }
    }
  }
  return { counts, skipped };
}

export interface LocalMappingRow {
  kind: 'branch' | 'product' | 'combo_size';
  id: number;
  nameAr: string;
  nameEn: string;
  active: boolean;
  foodicsId: string | null;
}

/** The brand's branches and items with the Foodics id each is mapped to (null: unmapped). */
export async function listLocalMapping(db: Queryable, brandId: number): Promise<LocalMappingRow[]> {
  const result = await db.execute(sql`
    select 'branch' as kind, b.id, b.name_ar as "nameAr", b.name_en as "nameEn", true as active,
      f.foodics_id as "foodicsId"
    from ${branches} b
    left join ${foodicsIds} f on f.brand_id = b.brand_id and f.kind = 'branch' and f.local_key = b.id::text
    where b.brand_id = ${brandId}
    union all
    select case when i.is_combo then 'combo_size' else 'product' end, i.id, i.name_ar, i.name_en, i.active,
      f.foodics_id
    from ${menuItems} i
    left join ${foodicsIds} f on f.brand_id = i.brand_id and f.local_key = i.id::text
      and f.kind = case when i.is_combo then 'combo_size' else 'product' end
    where i.brand_id = ${brandId}`);
  return (result as unknown as { rows: LocalMappingRow[] }).rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** Whether the brand has this branch, or this item of this kind (a combo for combo_size, else not a combo). */
export async function ownsTarget(
  db: Queryable,
  brandId: number,
  kind: 'branch' | 'product' | 'combo_size',
  id: number,
): Promise<boolean> {
  if (kind === 'branch') {
    const [row] = await db
      .select({ id: branches.id })
      .from(branches)
      .where(and(eq(branches.id, id), eq(branches.brandId, brandId)));
    return row !== undefined;
  }
  const [row] = await db
    .select({ id: menuItems.id })
    .from(menuItems)
    .where(and(eq(menuItems.id, id), eq(menuItems.brandId, brandId), eq(menuItems.isCombo, kind === 'combo_size')));
  return row !== undefined;
}

/** The local key a Foodics id of this kind is mapped to, if any. */
export async function mappedTo(
  db: Queryable,
  brandId: number,
  kind: FoodicsIdKind,
  foodicsId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ localKey: foodicsIds.localKey })
    .from(foodicsIds)
    .where(and(eq(foodicsIds.brandId, brandId), eq(foodicsIds.kind, kind), eq(foodicsIds.foodicsId, foodicsId)));
  return row?.localKey;
}

/** The Foodics id a local key of this kind is mapped to, if any. */
export async function mappingOf(
  db: Queryable,
  brandId: number,
  kind: FoodicsIdKind,
  localKey: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ foodicsId: foodicsIds.foodicsId })
    .from(foodicsIds)
    .where(and(eq(foodicsIds.brandId, brandId), eq(foodicsIds.kind, kind), eq(foodicsIds.localKey, localKey)));
  return row?.foodicsId;
}

/** Sets (upsert) or removes (null) one mapping; the unique key refuses a Foodics id mapped twice (a race). */
export async function setMapping(
  db: Queryable,
  brandId: number,
  kind: FoodicsIdKind,
  localKey: string,
  foodicsId: string | null,
): Promise<void> {
  if (foodicsId === null) {
    await db
      .delete(foodicsIds)
      .where(and(eq(foodicsIds.brandId, brandId), eq(foodicsIds.kind, kind), eq(foodicsIds.localKey, localKey)));
    return;
  }
  await db
    .insert(foodicsIds)
    .values({ brandId, kind, localKey, foodicsId })
    .onConflictDoUpdate({ target: [foodicsIds.brandId, foodicsIds.kind, foodicsIds.localKey], set: { foodicsId } });
}
