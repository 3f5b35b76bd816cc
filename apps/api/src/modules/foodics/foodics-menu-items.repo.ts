import { and, eq, inArray, like, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { branches } from '../../db/schema/branches.ts';
import { foodicsIds } from '../../db/schema/foodics.ts';
import { branchItems, comboSlotChoices, comboSlots, itemModifierGroups, menuItems } from '../../db/schema/menu.ts';
import { link, loadKind } from './foodics-mapping.repo.ts';
import {
  branchSale,
  caloriesOf,
  descriptionsOf,
  differs,
  type FoodicsMenu,
  type ImportCounts,
  isLive,
  namesOf,
  planCombo,
  priceOf,
  slugFor,
} from './foodics-menu.rules.ts';

/**
 * The menu import's second half (in the caller's transaction): Foodics' products and combos as our items (found by
 * their mapped ids, else created and mapped), their modifier links and combo slots, mapped items Foodics no longer
 * lists made inactive, and branch prices and availability at our mapped branches. `categoryOf` and `groupOf` are the
 * first half's Foodics id → our id. Returns how many were left out (their category is not in the import).
 */
export async function writeFoodicsItems(
  tx: Transaction,
  brandId: number,
  menu: FoodicsMenu,
  counts: ImportCounts,
  { categoryOf, groupOf }: { categoryOf: Map<string, number>; groupOf: Map<string, number> },
): Promise<number> {
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
  return skipped;
}
