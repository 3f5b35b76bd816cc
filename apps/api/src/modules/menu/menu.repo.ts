import { and, asc, eq, sql } from 'drizzle-orm';
import { servicesOffSql } from '../../core/branch-context.repo.ts';
import type { Queryable } from '../../db/client.ts';
import { branches, qrCodes } from '../../db/schema/branches.ts';
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

/**
 * The hot-path lookup for a menu request: the QR code → its branch → its brand's menu version and
 * switched-off services, in one query over primary keys. Cached menus are compared with `menuVersion`.
 */
export async function findMenuKey(db: Queryable, uuid: string) {
  let query = menuKeyQueries.get(db);
  if (!query) {
    query = menuKeyQuery(db);
    menuKeyQueries.set(db, query);
  }
  const [row] = await query.execute({ uuid });
  return row;
}

function menuKeyQuery(db: Queryable) {
  return db
    .select({
      active: qrCodes.active,
      branchId: qrCodes.branchId,
      brandId: brands.id,
      menuVersion: brands.menuVersion,
      servicesOff: servicesOffSql(brands.id, branches.id),
    })
    .from(qrCodes)
    .innerJoin(branches, eq(branches.id, qrCodes.branchId))
    .innerJoin(brands, eq(brands.id, branches.brandId))
    .where(eq(qrCodes.uuid, sql.placeholder('uuid')))
    .prepare('menu_key');
}

// Built once per database (and prepared per connection by PostgreSQL): this runs on every menu request.
const menuKeyQueries = new WeakMap<Queryable, ReturnType<typeof menuKeyQuery>>();

/** Bumps the brand's menu version so every instance's cached menus of that brand are rebuilt. */
export async function bumpMenuVersion(db: Queryable, brandId: number): Promise<number | undefined> {
  const [row] = await db
    .update(brands)
    .set({ menuVersion: sql`${brands.menuVersion} + 1` })
    .where(eq(brands.id, brandId))
    .returning({ menuVersion: brands.menuVersion });
  return row?.menuVersion;
}

/** Everything a branch's menu is built from. Read in one repeatable-read transaction so the parts agree. */
export async function loadBranchMenu(db: Queryable, brandId: number, branchId: number) {
  return db.transaction(
    async (tx) => {
      const brand = await tx
        .select({ taxMode: brands.taxMode, vatRateBp: brands.vatRateBp, timeZone: branches.timeZone })
        .from(brands)
        .innerJoin(branches, and(eq(branches.brandId, brands.id), eq(branches.id, branchId)))
        .where(eq(brands.id, brandId));
      const categories = await tx
        .select()
        .from(menuCategories)
        .where(eq(menuCategories.brandId, brandId))
        .orderBy(asc(menuCategories.sort), asc(menuCategories.id));
      const items = await tx
        .select({
          item: menuItems,
          isAvailable: branchItems.isAvailable,
          soldOutUntil: branchItems.soldOutUntil,
          branchPrice: branchItems.priceHalalas,
        })
        .from(branchItems)
        .innerJoin(menuItems, eq(menuItems.id, branchItems.itemId))
        .innerJoin(menuCategories, eq(menuCategories.id, menuItems.categoryId))
        // An inactive item is on no diner's menu (the console keeps it).
        .where(and(eq(branchItems.branchId, branchId), eq(menuItems.brandId, brandId), eq(menuItems.active, true)))
        .orderBy(asc(menuCategories.sort), asc(menuCategories.id), asc(menuItems.sort), asc(menuItems.id));
      const itemGroups = await tx
        .select({ itemId: itemModifierGroups.itemId, groupId: itemModifierGroups.groupId })
        .from(itemModifierGroups)
        .innerJoin(branchItems, eq(branchItems.itemId, itemModifierGroups.itemId))
        .innerJoin(menuItems, eq(menuItems.id, itemModifierGroups.itemId))
        .where(and(eq(branchItems.branchId, branchId), eq(menuItems.active, true)))
        .orderBy(asc(itemModifierGroups.itemId), asc(itemModifierGroups.sort), asc(itemModifierGroups.groupId));
      const groups = await tx
        .select()
        .from(modifierGroups)
        .where(eq(modifierGroups.brandId, brandId))
        .orderBy(asc(modifierGroups.id));
      const options = await tx
        .select({ option: modifierOptions })
        .from(modifierOptions)
        .innerJoin(modifierGroups, eq(modifierGroups.id, modifierOptions.groupId))
        .where(eq(modifierGroups.brandId, brandId))
        .orderBy(asc(modifierOptions.groupId), asc(modifierOptions.sort), asc(modifierOptions.id));
      const slots = await tx
        .select({ slot: comboSlots })
        .from(comboSlots)
        .innerJoin(menuItems, eq(menuItems.id, comboSlots.comboItemId))
        .where(eq(menuItems.brandId, brandId))
        .orderBy(asc(comboSlots.comboItemId), asc(comboSlots.sort), asc(comboSlots.id));
      const choices = await tx
        .select({ choice: comboSlotChoices })
        .from(comboSlotChoices)
        .innerJoin(comboSlots, eq(comboSlots.id, comboSlotChoices.slotId))
        .innerJoin(menuItems, eq(menuItems.id, comboSlots.comboItemId))
        .where(eq(menuItems.brandId, brandId))
        .orderBy(asc(comboSlotChoices.slotId), asc(comboSlotChoices.sort), asc(comboSlotChoices.itemId));
      return {
        brand: brand[0],
        categories,
        items,
        itemGroups,
        groups,
        options: options.map((o) => o.option),
        slots: slots.map((s) => s.slot),
        choices: choices.map((c) => c.choice),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

export type BranchMenuRows = Awaited<ReturnType<typeof loadBranchMenu>>;

/** Whether an item (by id or slug) belongs to the brand at all: tells "not sold here" from "no such item". */
export async function itemExistsInBrand(
  db: Queryable,
  brandId: number,
  ref: { id: number } | { slug: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: menuItems.id })
    .from(menuItems)
    .where(and(eq(menuItems.brandId, brandId), 'id' in ref ? eq(menuItems.id, ref.id) : eq(menuItems.slug, ref.slug)))
    .limit(1);
  return row !== undefined;
}
