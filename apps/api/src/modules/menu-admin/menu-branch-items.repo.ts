import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { branchItems } from '../../db/schema/menu.ts';
import type { BranchItemRow } from './menu-admin.repo.ts';

// A branch's rows of the menu console: availability, its price, and "sold out today" (menu-admin.service.ts).

export async function findBranchItem(tx: Queryable, branchId: number, itemId: number) {
  const [row] = await tx
    .select()
    .from(branchItems)
    .where(and(eq(branchItems.branchId, branchId), eq(branchItems.itemId, itemId)))
    .for('update');
  return row;
}

export async function upsertBranchItem(
  tx: Queryable,
  row: Pick<BranchItemRow, 'branchId' | 'itemId' | 'isAvailable' | 'soldOutUntil' | 'priceHalalas'>,
): Promise<void> {
  await tx
    .insert(branchItems)
    .values(row)
    .onConflictDoUpdate({
      target: [branchItems.branchId, branchItems.itemId],
      set: { isAvailable: row.isAvailable, soldOutUntil: row.soldOutUntil, priceHalalas: row.priceHalalas },
    });
}

export async function deleteBranchItem(tx: Queryable, branchId: number, itemId: number): Promise<void> {
  await tx.delete(branchItems).where(and(eq(branchItems.branchId, branchId), eq(branchItems.itemId, itemId)));
}

/** Sets sold-out-until on the items sold at the branch; returns the rows before. */
export async function setSoldOutUntil(
  tx: Queryable,
  branchId: number,
  itemIds: number[],
  until: Date | null,
): Promise<BranchItemRow[]> {
  const before = await tx
    .select()
    .from(branchItems)
    .where(and(eq(branchItems.branchId, branchId), inArray(branchItems.itemId, itemIds)))
    .for('update');
  if (before.length === 0) return [];
  await tx
    .update(branchItems)
    .set(until === null ? { soldOutUntil: null, isAvailable: true } : { soldOutUntil: until })
    .where(and(eq(branchItems.branchId, branchId), inArray(branchItems.itemId, itemIds)));
  return before;
}
