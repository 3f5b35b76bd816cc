import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { branches, deliveryZones, paymentChoices } from '../../db/schema/branches.ts';

export type BranchRow = typeof branches.$inferSelect;
export type BranchValues = Omit<typeof branches.$inferInsert, 'id' | 'brandId' | 'createdAt' | 'version'>;
export type ZoneRow = typeof deliveryZones.$inferSelect;
export type ZoneValues = Omit<typeof deliveryZones.$inferInsert, 'id' | 'branchId'>;

/** The brand's branches among `ids` (the staff user's scope), main first. */
export async function listScopedBranches(db: Queryable, brandId: number, ids: readonly number[]): Promise<BranchRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(branches)
    .where(and(eq(branches.brandId, brandId), inArray(branches.id, [...ids])))
    .orderBy(sql`${branches.isMain} desc`, asc(branches.id));
}

export async function listZonesOf(db: Queryable, branchIds: readonly number[]): Promise<ZoneRow[]> {
  if (branchIds.length === 0) return [];
  return db
    .select()
    .from(deliveryZones)
    .where(inArray(deliveryZones.branchId, [...branchIds]))
    .orderBy(sql`${deliveryZones.priority} desc`, asc(deliveryZones.id));
}

export async function listMethodsOf(db: Queryable, branchIds: readonly number[]) {
  if (branchIds.length === 0) return [];
  return db
    .select({ branchId: paymentChoices.branchId, method: paymentChoices.method })
    .from(paymentChoices)
    .where(inArray(paymentChoices.branchId, [...branchIds]));
}

/** The branch row under a row lock (the edit's read of "before"), only within the brand. */
export async function lockBranch(tx: Queryable, brandId: number, id: number): Promise<BranchRow | undefined> {
  const [row] = await tx
    .select()
    .from(branches)
    .where(and(eq(branches.id, id), eq(branches.brandId, brandId)))
    .for('update');
  return row;
}

export async function insertBranch(tx: Queryable, brandId: number, values: BranchValues): Promise<BranchRow> {
  const [row] = await tx
    .insert(branches)
    .values({ ...values, brandId })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

/** Writes the branch at `version` and moves it on; undefined when the version has moved meanwhile. */
export async function updateBranchAt(
  tx: Queryable,
  id: number,
  version: number,
  values: BranchValues,
): Promise<BranchRow | undefined> {
  const [row] = await tx
    .update(branches)
    .set({ ...values, version: sql`${branches.version} + 1` })
    .where(and(eq(branches.id, id), eq(branches.version, version)))
    .returning();
  return row;
}

/** The branch's cash and card choices as asked: missing ones added (every order type), unwanted ones removed. */
export async function setPaymentMethods(tx: Queryable, branchId: number, wanted: { cash: boolean; card: boolean }) {
  const names = { cash: { ar: 'نقدًا', en: 'Cash' }, card: { ar: 'بطاقة', en: 'Card' } } as const;
  const present = new Set((await listMethodsOf(tx, [branchId])).map((r) => r.method));
  for (const method of ['cash', 'card'] as const) {
    if (wanted[method] && !present.has(method)) {
      await tx.insert(paymentChoices).values({
        branchId,
        method,
        nameAr: names[method].ar,
        nameEn: names[method].en,
        orderTypes: [1, 2, 3],
        sort: method === 'cash' ? 0 : 1,
      });
    } else if (!wanted[method] && present.has(method)) {
      await tx
        .delete(paymentChoices)
        .where(and(eq(paymentChoices.branchId, branchId), eq(paymentChoices.method, method)));
    }
  }
}

export async function findZone(tx: Queryable, branchId: number, zoneId: number, lock = false) {
  const query = tx
    .select()
    .from(deliveryZones)
    .where(and(eq(deliveryZones.id, zoneId), eq(deliveryZones.branchId, branchId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertZone(tx: Queryable, branchId: number, values: ZoneValues): Promise<ZoneRow> {
  const [row] = await tx
    .insert(deliveryZones)
    .values({ ...values, branchId })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

export async function updateZone(tx: Queryable, zoneId: number, values: ZoneValues): Promise<ZoneRow | undefined> {
  const [row] = await tx.update(deliveryZones).set(values).where(eq(deliveryZones.id, zoneId)).returning();
  return row;
}

export async function deleteZone(tx: Queryable, zoneId: number): Promise<void> {
  await tx.delete(deliveryZones).where(eq(deliveryZones.id, zoneId));
}
