import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { branches, tables } from '../../db/schema/branches.ts';

export type TableRow = typeof tables.$inferSelect;

/** A table with its brand (through the branch), or undefined when it isn't that brand's. */
export async function findBrandTable(db: Queryable, id: number, brandId: number): Promise<TableRow | undefined> {
  const [row] = await db
    .select({ table: tables })
    .from(tables)
    .innerJoin(branches, eq(branches.id, tables.branchId))
    .where(and(eq(tables.id, id), eq(branches.brandId, brandId)));
  return row?.table;
}

export async function listBranchTables(db: Queryable, branchIds: number[]): Promise<TableRow[]> {
  if (branchIds.length === 0) return [];
  // Numbers as printed ("2" before "10"): by length, then text.
  return db
    .select()
    .from(tables)
    .where(inArray(tables.branchId, branchIds))
    .orderBy(asc(tables.branchId), sql`length(${tables.number})`, asc(tables.number));
}

/** Sets the status unless it already is that; undefined when nothing changed. */
export async function updateTableStatus(
  db: Queryable,
  id: number,
  status: string,
  now: Date,
): Promise<TableRow | undefined> {
  const [row] = await db
    .update(tables)
    .set({ status, updatedAt: now })
    .where(and(eq(tables.id, id), ne(tables.status, status)))
    .returning();
  return row;
}
