import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { sessionLiveSql } from '../../core/sessions.repo.ts';
import type { Queryable } from '../../db/client.ts';
import { preparedFor } from '../../db/prepared.ts';
import { authSessions } from '../../db/schema/auth.ts';
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

const liveStaffQuery = preparedFor((db) =>
  db
    .select({
      id: staffUsers.id,
      brandId: staffUsers.brandId,
      role: staffUsers.role,
      // An owner sees every branch of the brand; anyone else the branches linked to them. The outer columns are
      // named with their table: in a select list Drizzle writes a column bare ("brand_id"), which inside the subquery
      // meant the branch's own brand_id, so an owner's scope held every brand's branches (issue 24).
      branchIds: sql<number[]>`case when "staff_users"."role" = 'owner'
        then coalesce((select array_agg(b.id order by b.id) from ${branches} b
          where b.brand_id = "staff_users"."brand_id"), '{}')
        else coalesce((select array_agg(l.branch_id order by l.branch_id) from ${staffUserBranches} l
          where l.staff_user_id = "staff_users"."id"), '{}') end`,
    })
    .from(staffUsers)
    .where(
      and(
        eq(staffUsers.id, sql.placeholder('id')),
        eq(staffUsers.active, true),
        sql`exists (select 1 from ${authSessions} s where s.family_id = ${sql.placeholder('familyId')}
          and s.subject_kind = 'staff' and s.subject_id = ${staffUsers.id}
          and ${sessionLiveSql('s', sql.placeholder('now'))})`,
      ),
    )
    .prepare('staff_live_principal'),
);

/**
 * The staff guard's one query (every staff request runs it): the active user with the branch ids in scope, only
 * while their session family is signed in (a token of it neither revoked nor expired). undefined otherwise.
 */
export async function findLiveStaffPrincipal(
  db: Queryable,
  input: { id: number; familyId: string; now: Date },
): Promise<{ id: number; brandId: number; role: string; branchIds: number[] } | undefined> {
  const [row] = await liveStaffQuery(db).execute({ ...input, now: input.now.toISOString() });
  return row ? { ...row, branchIds: row.branchIds.map(Number) } : undefined;
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

/** A branch's manual open switch, its row locked for the change that follows; undefined when not the brand's. */
export async function lockBranchOpen(db: Queryable, branchId: number, brandId: number): Promise<boolean | undefined> {
  const [row] = await db
    .select({ isOpen: branches.isOpen })
    .from(branches)
    .where(and(eq(branches.id, branchId), eq(branches.brandId, brandId)))
    .for('update');
  return row?.isOpen;
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
