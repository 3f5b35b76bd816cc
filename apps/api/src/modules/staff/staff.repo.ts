import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
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

/**
 * Failed sign-ins since `since` under one key: this email (all addresses), this address (all emails) or both. With
 * `sinceSuccess`, only those after the key's last success count (NIST's "consecutive" failures).
 */
export async function failedLoginsSince(
  db: Queryable,
  key: { email?: string; ip?: string },
  since: Date,
  sinceSuccess: boolean,
) {
  const t = staffLoginAttempts;
  const sameEmail = key.email === undefined ? sql`true` : sql`s.email = ${key.email}`;
  const sameIp = key.ip === undefined ? sql`true` : sql`s.ip = ${key.ip}`;
  const lastSuccess = sql`(select max(s.created_at) from ${t} s where s.success and ${sameEmail} and ${sameIp})`;
  const [row] = await db
    .select({
      n: sql<number>`count(*)::int`,
      last: sql<string | null>`max(${t.createdAt})`,
      oldest: sql<string | null>`min(${t.createdAt})`,
    })
    .from(t)
    .where(
      and(
        key.email === undefined ? undefined : eq(t.email, key.email),
        key.ip === undefined ? undefined : eq(t.ip, key.ip),
        eq(t.success, false),
        gt(t.createdAt, since),
        sinceSuccess ? sql`${t.createdAt} > coalesce(${lastSuccess}, '-infinity'::timestamptz)` : undefined,
      ),
    );
  return {
    count: row?.n ?? 0,
    last: row?.last ? new Date(row.last) : null,
    oldest: row?.oldest ? new Date(row.oldest) : null,
  };
}

/** Whether this account signed in from this address since `since` (an address its owner uses). */
export async function signedInFromSince(db: Queryable, email: string, ip: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: staffLoginAttempts.id })
    .from(staffLoginAttempts)
    .where(
      and(
        eq(staffLoginAttempts.email, email),
        eq(staffLoginAttempts.ip, ip),
        eq(staffLoginAttempts.success, true),
        gt(staffLoginAttempts.createdAt, since),
      ),
    )
    .limit(1);
  return row !== undefined;
}
