import type { FoodicsImportCounts } from '@sufra/shared/schemas/foodics-menu';
import { eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { menuCategories, modifierGroups, modifierOptions } from '../../db/schema/menu.ts';
import { link, loadKind } from './foodics-mapping.repo.ts';
import {
  adopt,
  caloriesOf,
  choicesOf,
  differs,
  type FoodicsMenu,
  type ImportCounts,
  isLive,
  namesOf,
  priceOf,
} from './foodics-menu.rules.ts';
import { writeFoodicsItems } from './foodics-menu-items.repo.ts';

/** Two imports of one brand never run at once, across instances: a lock held until the transaction ends. */
export async function tryImportLock(tx: Transaction, brandId: number): Promise<boolean> {
  const result = await tx.execute(sql`select pg_try_advisory_xact_lock(72801, ${brandId}) as ok`);
  return (result as unknown as { rows: { ok: boolean }[] }).rows[0]?.ok === true;
}

const zero = (): FoodicsImportCounts => ({ created: 0, updated: 0, deactivated: 0 });

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

  const skipped = await writeFoodicsItems(tx, brandId, menu, counts, { categoryOf, groupOf });
  return { counts, skipped };
}
