import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { revokeSubject } from '../../core/sessions.repo.ts';
import type { Queryable } from '../../db/client.ts';
import { branches } from '../../db/schema/branches.ts';
import { brands } from '../../db/schema/brands.ts';
import { staffInvitations, staffUserBranches, staffUsers } from '../../db/schema/staff.ts';

/** Of `ids`, those that are branches of `brandId`. */
export async function brandBranchIds(db: Queryable, brandId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.brandId, brandId), inArray(branches.id, ids)));
  return rows.map((r) => r.id);
}

export async function emailTaken(db: Queryable, email: string): Promise<boolean> {
  const [row] = await db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, email)).limit(1);
  return row !== undefined;
}

/** A new staff user who cannot sign in until their invitation sets a password (inactive, unusable hash). */
export async function insertInvitedStaff(
  db: Queryable,
  values: { brandId: number; email: string; name: string; role: string; branchIds: number[] },
): Promise<number> {
  const [row] = await db
    .insert(staffUsers)
    .values({
      brandId: values.brandId,
      email: values.email,
      name: values.name,
      role: values.role,
      passwordHash: 'invited',
      active: false,
    })
    .returning({ id: staffUsers.id });
  const id = row?.id as number;
  await db.insert(staffUserBranches).values(values.branchIds.map((branchId) => ({ staffUserId: id, branchId })));
  return id;
}

export async function insertInvitation(db: Queryable, values: typeof staffInvitations.$inferInsert): Promise<void> {
  await db.insert(staffInvitations).values(values);
}

/** Spends a live invitation (once): its staff user id, or undefined when none is live for this hash. */
export async function spendInvitation(db: Queryable, tokenHash: string, now: Date): Promise<number | undefined> {
  const [row] = await db
    .update(staffInvitations)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffInvitations.tokenHash, tokenHash),
        isNull(staffInvitations.usedAt),
        gt(staffInvitations.expiresAt, now),
      ),
    )
    .returning({ staffUserId: staffInvitations.staffUserId });
  return row?.staffUserId;
}

export async function setPasswordAndActivate(db: Queryable, id: number, passwordHash: string): Promise<void> {
  await db.update(staffUsers).set({ passwordHash, active: true }).where(eq(staffUsers.id, id));
}

/** A staff account of the brand with its branches; `lock` holds its row until the transaction ends (edits). */
export async function staffAccount(db: Queryable, brandId: number, id: number, lock = false) {
  const query = db
    .select({
      id: staffUsers.id,
      email: staffUsers.email,
      name: staffUsers.name,
      role: staffUsers.role,
      active: staffUsers.active,
      version: staffUsers.version,
      passwordHash: staffUsers.passwordHash,
    })
    .from(staffUsers)
    .where(and(eq(staffUsers.id, id), eq(staffUsers.brandId, brandId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) return undefined;
  const links = await db
    .select({ branchId: staffUserBranches.branchId })
    .from(staffUserBranches)
    .where(eq(staffUserBranches.staffUserId, id));
  const { passwordHash, ...account } = row;
  return {
    ...account,
    invited: passwordHash === 'invited',
    branchIds: links.map((l) => l.branchId).sort((a, b) => a - b),
  };
}

/**
 * The brand's active owners other than `exceptId`, their rows locked until the transaction ends: two owners
 * stepping down at once queue here, so the second sees the first's change (never a brand without an owner).
 */
export async function otherActiveOwners(db: Queryable, brandId: number, exceptId: number): Promise<number[]> {
  const rows = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(
      and(
        eq(staffUsers.brandId, brandId),
        eq(staffUsers.role, 'owner'),
        eq(staffUsers.active, true),
        ne(staffUsers.id, exceptId),
      ),
    )
    .orderBy(staffUsers.id)
    .for('update');
  return rows.map((r) => r.id);
}

/** Writes role and active at `version` (moving it on); undefined when someone saved since. */
export async function updateStaffAt(
  db: Queryable,
  id: number,
  version: number,
  values: { role: string; active: boolean },
): Promise<number | undefined> {
  const [row] = await db
    .update(staffUsers)
    .set({ ...values, version: sql`${staffUsers.version} + 1` })
    .where(and(eq(staffUsers.id, id), eq(staffUsers.version, version)))
    .returning({ version: staffUsers.version });
  return row?.version;
}

/** The account's branches become exactly `branchIds`. */
export async function replaceStaffBranches(db: Queryable, id: number, branchIds: number[]): Promise<void> {
  await db.delete(staffUserBranches).where(eq(staffUserBranches.staffUserId, id));
  if (branchIds.length > 0)
    await db.insert(staffUserBranches).values(branchIds.map((branchId) => ({ staffUserId: id, branchId })));
}

/** Ends every session of a staff user: their refresh tokens are revoked (the guard's query then refuses them). */
export function revokeStaffSessions(db: Queryable, id: number, now: Date): Promise<void> {
  return revokeSubject(db, 'staff', id, now);
}

/** Every staff user of the brand with their branches, by name. */
export async function brandStaff(db: Queryable, brandId: number) {
  const rows = await db
    .select({
      id: staffUsers.id,
      email: staffUsers.email,
      name: staffUsers.name,
      role: staffUsers.role,
      active: staffUsers.active,
      version: staffUsers.version,
      passwordHash: staffUsers.passwordHash,
    })
    .from(staffUsers)
    .where(eq(staffUsers.brandId, brandId))
    .orderBy(staffUsers.name, staffUsers.id);
  const ids = rows.map((r) => r.id);
  const links =
    ids.length === 0
      ? []
      : await db
          .select({ staffUserId: staffUserBranches.staffUserId, branchId: staffUserBranches.branchId })
          .from(staffUserBranches)
          .where(inArray(staffUserBranches.staffUserId, ids));
  return rows.map(({ passwordHash, ...row }) => ({
    ...row,
    branchIds: links
      .filter((l) => l.staffUserId === row.id)
      .map((l) => l.branchId)
      .sort((a, b) => a - b),
    // insertInvitedStaff's placeholder: no password has been set through the link yet.
    invited: passwordHash === 'invited',
  }));
}

/** Spends every live link of a staff user (a newer link replaces them; a deactivated account keeps none). */
export async function spendStaffInvitations(db: Queryable, staffUserId: number, now: Date): Promise<void> {
  await db
    .update(staffInvitations)
    .set({ usedAt: now })
    .where(and(eq(staffInvitations.staffUserId, staffUserId), isNull(staffInvitations.usedAt)));
}

/** What an invitation e-mail says of the brand: its names and the language it speaks by default. */
export async function brandForMail(db: Queryable, brandId: number) {
  const [row] = await db
    .select({ nameAr: brands.nameAr, nameEn: brands.nameEn, defaultLanguage: brands.defaultLanguage })
    .from(brands)
    .where(eq(brands.id, brandId));
  return row;
}
