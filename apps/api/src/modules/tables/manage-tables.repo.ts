import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { branches, qrCodes, tables } from '../../db/schema/branches.ts';
import { brands } from '../../db/schema/brands.ts';

export type QrCodeRow = typeof qrCodes.$inferSelect;
export type ManagedTableRow = Pick<
  typeof tables.$inferSelect,
  'id' | 'branchId' | 'number' | 'seats' | 'area' | 'version'
>;

const tableColumns = {
  id: tables.id,
  branchId: tables.branchId,
  number: tables.number,
  seats: tables.seats,
  area: tables.area,
  version: tables.version,
};

/** The branch with its brand's names and page hosts, when it is that brand's. */
export async function findBrandBranch(db: Queryable, brandId: number, branchId: number) {
  const [row] = await db
    .select({
      id: branches.id,
      nameAr: branches.nameAr,
      nameEn: branches.nameEn,
      brandNameAr: brands.nameAr,
      brandNameEn: brands.nameEn,
      hosts: brands.hosts,
    })
    .from(branches)
    .innerJoin(brands, eq(brands.id, branches.brandId))
    .where(and(eq(branches.id, branchId), eq(branches.brandId, brandId)));
  return row;
}

/** The branch's tables, numbers as printed ("2" before "10"). */
export function listTables(db: Queryable, branchId: number): Promise<ManagedTableRow[]> {
  return db
    .select(tableColumns)
    .from(tables)
    .where(eq(tables.branchId, branchId))
    .orderBy(sql`length(${tables.number})`, asc(tables.number));
}

/** Every code of the branch (tables' and counter's), active first, newest first. */
export function listCodes(db: Queryable, branchId: number): Promise<QrCodeRow[]> {
  return db
    .select()
    .from(qrCodes)
    .where(eq(qrCodes.branchId, branchId))
    .orderBy(desc(qrCodes.active), desc(qrCodes.createdAt), asc(qrCodes.uuid));
}

/** A table of the brand (through its branch), locked for the edit when `lock`. */
export async function findTable(db: Queryable, brandId: number, id: number, lock = false) {
  const query = db
    .select(tableColumns)
    .from(tables)
    .innerJoin(branches, eq(branches.id, tables.branchId))
    .where(and(eq(tables.id, id), eq(branches.brandId, brandId)));
  const [row] = await (lock ? query.for('update', { of: tables }) : query);
  return row;
}

/** Undefined when the number is taken (the unique key decides, so two at once cannot both win). */
export async function insertTable(
  db: Queryable,
  values: { branchId: number; number: string; seats: number; area: string },
): Promise<ManagedTableRow | undefined> {
  const [row] = await db.insert(tables).values(values).onConflictDoNothing().returning(tableColumns);
  return row;
}

/** Writes the edit if `version` is still current; undefined when it is not. */
export async function updateTable(
  db: Queryable,
  id: number,
  version: number,
  values: { number: string; seats: number; area: string },
): Promise<ManagedTableRow | undefined> {
  const [row] = await db
    .update(tables)
    .set({ ...values, version: sql`${tables.version} + 1` })
    .where(and(eq(tables.id, id), eq(tables.version, version)))
    .returning(tableColumns);
  return row;
}

export async function deleteTable(db: Queryable, id: number): Promise<void> {
  await db.delete(tables).where(eq(tables.id, id));
}

export async function numberTaken(db: Queryable, branchId: number, number: string, exceptId: number) {
  const [row] = await db
    .select({ id: tables.id })
    .from(tables)
    .where(and(eq(tables.branchId, branchId), eq(tables.number, number), sql`${tables.id} <> ${exceptId}`));
  return row !== undefined;
}

export async function insertCode(
  db: Queryable,
  values: { uuid: string; branchId: number; tableId: number | null },
): Promise<QrCodeRow> {
  const [row] = await db.insert(qrCodes).values(values).returning();
  if (!row) throw new Error('qr code insert returned nothing');
  return row;
}

/** A code of the brand (through its branch), locked. */
export async function findCode(db: Queryable, brandId: number, uuid: string): Promise<QrCodeRow | undefined> {
  const [row] = await db
    .select({ qr: qrCodes })
    .from(qrCodes)
    .innerJoin(branches, eq(branches.id, qrCodes.branchId))
    .where(and(eq(qrCodes.uuid, uuid), eq(branches.brandId, brandId)))
    .for('update', { of: qrCodes });
  return row?.qr;
}

/** Deactivates the code (and names its successor when replaced); undefined when it was not active. */
export async function deactivateCode(
  db: Queryable,
  uuid: string,
  replacedBy: string | null,
): Promise<QrCodeRow | undefined> {
  const [row] = await db
    .update(qrCodes)
    .set({ active: false, replacedBy })
    .where(and(eq(qrCodes.uuid, uuid), eq(qrCodes.active, true)))
    .returning();
  return row;
}

/** The table's codes all made inactive (the table is going away); their uuids. */
export async function deactivateTableCodes(db: Queryable, tableId: number): Promise<string[]> {
  const rows = await db
    .update(qrCodes)
    .set({ active: false })
    .where(and(eq(qrCodes.tableId, tableId), eq(qrCodes.active, true)))
    .returning({ uuid: qrCodes.uuid });
  return rows.map((r) => r.uuid);
}

/** The active codes of these tables of the branch (one card each), for the printed sheet. */
export function activeTableCodes(db: Queryable, branchId: number, tableIds: number[] | null) {
  return db
    .select({ uuid: qrCodes.uuid, tableId: tables.id, number: tables.number })
    .from(qrCodes)
    .innerJoin(tables, eq(tables.id, qrCodes.tableId))
    .where(
      and(
        eq(qrCodes.branchId, branchId),
        eq(qrCodes.active, true),
        tableIds ? inArray(tables.id, tableIds) : undefined,
      ),
    )
    .orderBy(sql`length(${tables.number})`, asc(tables.number), asc(qrCodes.createdAt));
}
