import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { itemModifierGroups, menuItems, modifierGroups, modifierOptions } from '../../db/schema/menu.ts';

// The brand's choice groups (modifier groups) and their links to items: the menu console's group editor.

export interface GroupInput {
  nameAr: string;
  nameEn: string;
  minChoices: number;
  maxChoices: number;
  options: { id?: number; nameAr: string; nameEn: string; priceHalalas: number; available: boolean }[];
}

export async function lockModifierGroup(tx: Queryable, brandId: number, id: number) {
  const [row] = await tx
    .select()
    .from(modifierGroups)
    .where(and(eq(modifierGroups.id, id), eq(modifierGroups.brandId, brandId)))
    .for('update');
  return row;
}

/**
 * Creates (id undefined) or rewrites a modifier group (moving its version on) and its options; returns its id.
 * Options sent with their id are edited in place, so a diner's cart holding one stays valid; the others are new, and
 * the group's options not sent are deleted. An id that is not one of this group's options: `undefined` returned.
 */
export async function writeModifierGroup(
  tx: Queryable,
  brandId: number,
  id: number | undefined,
  group: GroupInput,
): Promise<number | undefined> {
  const columns = {
    nameAr: group.nameAr,
    nameEn: group.nameEn,
    minChoices: group.minChoices,
    maxChoices: group.maxChoices,
  };
  if (id === undefined) {
    const [row] = await tx
      .insert(modifierGroups)
      .values({ ...columns, brandId })
      .returning({ id: modifierGroups.id });
    if (!row) throw new Error('group insert returned nothing');
    const gid = row.id;
    await tx
      .insert(modifierOptions)
      .values(group.options.map(({ id: _, ...o }, sort) => ({ ...o, groupId: gid, sort })));
    return gid;
  }
  await tx
    .update(modifierGroups)
    .set({ ...columns, version: sql`${modifierGroups.version} + 1` })
    .where(eq(modifierGroups.id, id));
  const existing = new Set(
    (await tx.select({ id: modifierOptions.id }).from(modifierOptions).where(eq(modifierOptions.groupId, id))).map(
      (r) => r.id,
    ),
  );
  const kept = new Set(group.options.flatMap((o) => (o.id === undefined ? [] : [o.id])));
  if ([...kept].some((k) => !existing.has(k))) return undefined;
  const gone = [...existing].filter((e) => !kept.has(e));
  if (gone.length > 0) await tx.delete(modifierOptions).where(inArray(modifierOptions.id, gone));
  for (const [sort, { id: optionId, ...o }] of group.options.entries()) {
    if (optionId === undefined) await tx.insert(modifierOptions).values({ ...o, groupId: id, sort });
    else
      await tx
        .update(modifierOptions)
        .set({ ...o, sort })
        .where(eq(modifierOptions.id, optionId));
  }
  return id;
}

/** The items a modifier group is attached to. */
export async function itemsOfGroup(tx: Queryable, groupId: number): Promise<number[]> {
  const rows = await tx
    .select({ itemId: itemModifierGroups.itemId })
    .from(itemModifierGroups)
    .where(eq(itemModifierGroups.groupId, groupId));
  return rows.map((r) => r.itemId);
}

/** Attaches the group to an item (after its other groups) or takes it off; the item's version moves on. */
export async function setItemGroupLink(tx: Queryable, itemId: number, groupId: number, attached: boolean) {
  if (attached) {
    await tx.execute(sql`insert into ${itemModifierGroups} (item_id, group_id, sort)
      values (${itemId}, ${groupId},
        coalesce((select max(sort) + 1 from ${itemModifierGroups} where item_id = ${itemId}), 0))
      on conflict do nothing`);
  } else {
    await tx
      .delete(itemModifierGroups)
      .where(and(eq(itemModifierGroups.itemId, itemId), eq(itemModifierGroups.groupId, groupId)));
  }
  await tx
    .update(menuItems)
    .set({ version: sql`${menuItems.version} + 1` })
    .where(eq(menuItems.id, itemId));
}

export async function deleteModifierGroup(tx: Queryable, brandId: number, id: number): Promise<void> {
  await tx.delete(modifierGroups).where(and(eq(modifierGroups.id, id), eq(modifierGroups.brandId, brandId)));
}
