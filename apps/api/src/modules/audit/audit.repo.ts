import type { AuditAction, AuditSnapshot } from '@sufra/shared/audit';
import { and, desc, eq, gte, inArray, isNull, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { branches } from '../../db/schema/branches.ts';
import { staffUsers } from '../../db/schema/staff.ts';

/** Who made a change and from where: the staff principal's id and the request's client address. */
export interface AuditActor {
  /** null: the server itself (a Foodics menu refresh started by its webhook). */
  staffUserId: number | null;
  ip: string | null;
}

export interface AuditEntry {
  brandId: number;
  branchId?: number | null;
  objectType: string;
  objectId: string | number;
  action: AuditAction;
  /** Listed fields only (AUDIT_FIELD_KEYS), so the log page has a label for each. */
  before: AuditSnapshot | null;
  after: AuditSnapshot | null;
  at: Date;
}

/**
 * Appends one audit row. Call it with the change's own transaction (`tx`): the row and the change commit or fail
 * together. There is deliberately no update or delete of the audit log anywhere in the app.
 */
export async function recordAudit(tx: Queryable, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    brandId: entry.brandId,
    branchId: entry.branchId ?? null,
    staffUserId: actor.staffUserId,
    at: entry.at,
    ip: actor.ip,
    objectType: entry.objectType,
    objectId: String(entry.objectId),
    action: entry.action,
    before: entry.before,
    after: entry.after,
  });
}

export interface SwitchHistoryRow {
  id: number;
  at: Date;
  objectType: string;
  objectId: string;
  branchId: number | null;
  after: Record<string, unknown> | null;
  staffId: number | null;
  staffName: string | null;
  branchNameAr: string | null;
  branchNameEn: string | null;
  timeZone: string;
}

/**
 * The brand's switch changes, newest first: its service switches, and the manual open switch of the branches in
 * `branchIds`. Each with the staff user's name and the time zone to show it in (the branch's, or for a brand-wide
 * switch the main branch's).
 */
export async function listSwitchHistory(
  db: Queryable,
  brandId: number,
  branchIds: readonly number[],
  limit: number,
): Promise<SwitchHistoryRow[]> {
  const branchScope = branchIds.length > 0 ? inArray(auditLog.branchId, [...branchIds]) : sql`false`;
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      objectType: auditLog.objectType,
      objectId: auditLog.objectId,
      branchId: auditLog.branchId,
      after: auditLog.after,
      staffId: staffUsers.id,
      staffName: staffUsers.name,
      branchNameAr: branches.nameAr,
      branchNameEn: branches.nameEn,
      timeZone: sql<string | null>`coalesce(${branches.timeZone}, (select m.time_zone from ${branches} m
        where m.brand_id = ${auditLog.brandId} order by m.is_main desc, m.id limit 1))`,
    })
    .from(auditLog)
    .leftJoin(staffUsers, eq(staffUsers.id, auditLog.staffUserId))
    .leftJoin(branches, eq(branches.id, auditLog.branchId))
    .where(
      and(
        eq(auditLog.brandId, brandId),
        or(
          and(eq(auditLog.objectType, 'service_switch'), isNull(auditLog.branchId)),
          and(eq(auditLog.objectType, 'branch'), branchScope),
        ),
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, timeZone: r.timeZone ?? 'Asia/Riyadh' }));
}

export interface AuditFilter {
  brandId: number;
  /** null: every row of the brand (an owner); otherwise these branches' rows and the brand-wide ones. */
  branchIds: readonly number[] | null;
  /** Brand-wide rows of these object types are left out (a manager does not read the staff accounts' history). */
  hiddenBrandWideTypes: readonly string[];
  staffUserId?: number | undefined;
  objectType?: string | undefined;
  objectId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  before?: number | undefined;
  limit: number;
}

/** The brand's audit rows matching `filter`, newest first (by id: ids grow with time within the brand). */
export async function listAuditRows(db: Queryable, filter: AuditFilter) {
  const conditions: (SQL | undefined)[] = [eq(auditLog.brandId, filter.brandId)];
  if (filter.branchIds) {
    const brandWide = and(
      isNull(auditLog.branchId),
      ...filter.hiddenBrandWideTypes.map((type) => ne(auditLog.objectType, type)),
    );
    conditions.push(
      filter.branchIds.length > 0 ? or(inArray(auditLog.branchId, [...filter.branchIds]), brandWide) : brandWide,
    );
  }
  if (filter.staffUserId !== undefined) conditions.push(eq(auditLog.staffUserId, filter.staffUserId));
  if (filter.objectType !== undefined) conditions.push(eq(auditLog.objectType, filter.objectType));
  if (filter.objectId !== undefined) conditions.push(eq(auditLog.objectId, filter.objectId));
  if (filter.from) conditions.push(gte(auditLog.at, filter.from));
  if (filter.to) conditions.push(lte(auditLog.at, filter.to));
  if (filter.before !== undefined) conditions.push(lt(auditLog.id, filter.before));
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      ip: auditLog.ip,
      staffId: staffUsers.id,
      staffName: staffUsers.name,
      branchId: branches.id,
      branchNameAr: branches.nameAr,
      branchNameEn: branches.nameEn,
      objectType: auditLog.objectType,
      objectId: auditLog.objectId,
      action: auditLog.action,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(staffUsers, eq(staffUsers.id, auditLog.staffUserId))
    .leftJoin(branches, eq(branches.id, auditLog.branchId))
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(filter.limit + 1);
}
