import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { branches, tables } from '../../db/schema/branches.ts';
import { type FoodicsIdKind, foodicsIds } from '../../db/schema/foodics.ts';
import { menuItems } from '../../db/schema/menu.ts';

// The brand's ids at Foodics (foodics_ids): read by kind both ways, linked by the menu import, listed and set by the
// console's mapping page (docs/adr/0680).

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

export interface LocalMappingRow {
  kind: 'branch' | 'product' | 'combo_size' | 'table';
  id: number;
  nameAr: string;
  nameEn: string;
  active: boolean;
  foodicsId: string | null;
  /** Tables only: the table's branch. */
  branchId: number | null;
  branchNameAr: string | null;
  branchNameEn: string | null;
}

/** The brand's branches, items and tables with the Foodics id each is mapped to (null: unmapped). */
export async function listLocalMapping(db: Queryable, brandId: number): Promise<LocalMappingRow[]> {
  const result = await db.execute(sql`
    select 'branch' as kind, b.id, b.name_ar as "nameAr", b.name_en as "nameEn", true as active,
      f.foodics_id as "foodicsId", null::int as "branchId", null::text as "branchNameAr", null::text as "branchNameEn"
    from ${branches} b
    left join ${foodicsIds} f on f.brand_id = b.brand_id and f.kind = 'branch' and f.local_key = b.id::text
    where b.brand_id = ${brandId}
    union all
    select case when i.is_combo then 'combo_size' else 'product' end, i.id, i.name_ar, i.name_en, i.active,
      f.foodics_id, null::int, null::text, null::text
    from ${menuItems} i
    left join ${foodicsIds} f on f.brand_id = i.brand_id and f.local_key = i.id::text
      and f.kind = case when i.is_combo then 'combo_size' else 'product' end
    where i.brand_id = ${brandId}
    union all
    select 'table', t.id, t.number, t.number, true, f.foodics_id, b.id, b.name_ar, b.name_en
    from ${tables} t
    join ${branches} b on b.id = t.branch_id
    left join ${foodicsIds} f on f.brand_id = b.brand_id and f.kind = 'table' and f.local_key = t.id::text
    where b.brand_id = ${brandId}`);
  return (result as unknown as { rows: LocalMappingRow[] }).rows.map((r) => ({
    ...r,
    id: Number(r.id),
    branchId: r.branchId === null ? null : Number(r.branchId),
  }));
}

/**
 * Whether the brand has this branch, this table (at one of its branches), or this item of this kind (a combo for
 * combo_size, else not a combo). A table answers its branch (the audit row's), others true.
 */
export async function ownsTarget(
  db: Queryable,
  brandId: number,
  kind: 'branch' | 'product' | 'combo_size' | 'table',
  id: number,
): Promise<boolean | { branchId: number }> {
  if (kind === 'table') {
    const [row] = await db
      .select({ branchId: tables.branchId })
      .from(tables)
      .innerJoin(branches, eq(branches.id, tables.branchId))
      .where(and(eq(tables.id, id), eq(branches.brandId, brandId)));
    return row ?? false;
  }
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
