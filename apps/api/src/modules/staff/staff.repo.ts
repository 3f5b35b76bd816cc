import { and, asc, count, eq, gt, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { branches } from '../../db/schema/branches.ts';
import { brands } from '../../db/schema/brands.ts';
import { staffLoginAttempts, staffUserBranches, staffUsers } from '../../db/schema/staff.ts';

export type StaffUserRow = typeof staffUsers.$inferSelect;

export async function findStaffByEmail(db: Queryable, email: string): Promise<StaffUserRow | undefined> {
  const [row] = await db.select().from(staffUsers).where(eq(staffUsers.email, email));
  return row;
}

export async function findStaffById(db: Queryable, id: number): Promise<StaffUserRow | undefined> {
  const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, id));
  return row;
}

/** Branch ids linked to these users. */
export async function linkedBranchIds(db: Queryable, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: staffUserBranches.staffUserId, branchId: staffUserBranches.branchId })
    .from(staffUserBranches)
    .where(inArray(staffUserBranches.staffUserId, userIds));
}

export async function listBrandBranches(db: Queryable, brandId: number) {
  return db.select().from(branches).where(eq(branches.brandId, brandId)).orderBy(asc(branches.id));
}

export async function findBrand(db: Queryable, brandId: number) {
  const [row] = await db.select().from(brands).where(eq(brands.id, brandId));
  return row;
}

export async function listBrandStaff(db: Queryable, brandId: number): Promise<StaffUserRow[]> {
  return db.select().from(staffUsers).where(eq(staffUsers.brandId, brandId)).orderBy(asc(staffUsers.id));
}

export async function setBranchOpen(db: Queryable, branchId: number, brandId: number, isOpen: boolean) {
  const [row] = await db
    .update(branches)
    .set({ isOpen })
    .where(and(eq(branches.id, branchId), eq(branches.brandId, brandId)))
    .returning();
  return row;
}

export async function recordLoginAttempt(
  db: Queryable,
  row: { email: string; ip: string; success: boolean; at: Date },
): Promise<void> {
  await db.insert(staffLoginAttempts).values({ email: row.email, ip: row.ip, success: row.success, createdAt: row.at });
}

async function failuresSince(db: Queryable, column: 'email' | 'ip', value: string, since: Date) {
  const col = column === 'email' ? staffLoginAttempts.email : staffLoginAttempts.ip;
  const rows = await db
    .select({ n: count(), at: staffLoginAttempts.createdAt })
    .from(staffLoginAttempts)
    .where(and(eq(col, value), eq(staffLoginAttempts.success, false), gt(staffLoginAttempts.createdAt, since)))
    .groupBy(staffLoginAttempts.createdAt)
    .orderBy(asc(staffLoginAttempts.createdAt));
  const total = rows.reduce((sum, r) => sum + r.n, 0);
  return { count: total, oldest: rows[0]?.at ?? null };
}

export const failedLoginsForEmailSince = (db: Queryable, email: string, since: Date) =>
  failuresSince(db, 'email', email, since);
export const failedLoginsFromIpSince = (db: Queryable, ip: string, since: Date) => failuresSince(db, 'ip', ip, since);
