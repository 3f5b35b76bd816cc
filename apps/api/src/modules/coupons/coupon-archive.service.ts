import type { AuditSnapshot } from '@sufra/shared/audit';
import type { ArchiveBody } from '@sufra/shared/schemas/archive';
import type { StaffCoupon } from '@sufra/shared/schemas/coupons';
import type { AppContext } from '../../app-context.ts';
import type { Queryable } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { recordStaffChange } from '../audit/audit.service.ts';
import {
  type CouponRow,
  findCoupon,
  findCouponByCode,
  insertCoupon,
  lockCouponOfBrand,
  setCouponArchived,
} from './coupons.repo.ts';
import { toStaffCoupon } from './coupons.view.ts';

/** What archive and duplicate need: the app (database, clock). */
export interface CouponArchiveDeps {
  ctx: AppContext;
}

/**
 * Archive, restore and duplicate (issue 27 item 7, docs/adr/0590): there is no delete. An archived coupon is
 * inactive (a CHECK holds it), so diners and the counter are refused it ("This coupon has expired"); its uses and
 * the orders that carried it stay as they were. Restoring brings it back switched off: the manager turns it on.
 */

/** A manager acts on a coupon only when it is brand-wide or every one of its branches is theirs (owner: all). */
function assertScope(staff: StaffPrincipal, row: CouponRow): void {
  if (staff.role === 'owner' || row.branchIds === null) return;
  if (!row.branchIds.every((id) => staff.branchIds.includes(id))) throw new AppError('branch_out_of_scope');
}

/** The coupon as the audit log keeps it (its terms and state, not its counters' every move). */
function audited(row: CouponRow): AuditSnapshot {
  const { createdAt: _c, updatedAt: _u, ...rest } = row;
  return { ...rest, archivedAt: row.archivedAt?.toISOString() ?? null };
}

async function lockedForWrite(tx: Queryable, staff: StaffPrincipal, id: number, body: ArchiveBody) {
  const row = await lockCouponOfBrand(tx, id, staff.brandId);
  if (!row) throw new AppError('coupon_not_found');
  assertScope(staff, row);
  if (row.version !== body.version) {
    throw new AppError('edit_conflict', { theirs: toStaffCoupon(row), yours: body });
  }
  return row;
}

async function setArchived(
  deps: CouponArchiveDeps,
  staff: StaffPrincipal,
  ip: string | null,
  id: number,
  body: ArchiveBody,
  archive: boolean,
): Promise<StaffCoupon> {
  const { ctx } = deps;
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const before = await lockedForWrite(tx, staff, id, body);
    // Archiving an archived one (or restoring a live one) changes nothing and records nothing.
    if ((before.archivedAt !== null) === archive) return toStaffCoupon(before);
    const after = await setCouponArchived(tx, id, staff.brandId, archive ? now : null, now);
    if (!after) throw new AppError('coupon_not_found');
    await recordStaffChange(tx, staff, ip, {
      brandId: staff.brandId,
      branchId: after.branchIds?.length === 1 ? after.branchIds[0] : null,
      objectType: 'coupon',
      objectId: id,
      action: 'update',
      before: audited(before),
      after: audited(after),
      at: now,
    });
    return toStaffCoupon(after);
  });
}

export const archive = (
  deps: CouponArchiveDeps,
  staff: StaffPrincipal,
  ip: string | null,
  id: number,
  body: ArchiveBody,
) => setArchived(deps, staff, ip, id, body, true);

export const restore = (
  deps: CouponArchiveDeps,
  staff: StaffPrincipal,
  ip: string | null,
  id: number,
  body: ArchiveBody,
) => setArchived(deps, staff, ip, id, body, false);

const CODE_MAX = 32;

/** The copy's code: the original's with -COPY (then -COPY2 …), cut to fit the 32 characters a code may have. */
export function copyCodes(code: string): string[] {
  return ['', '2', '3', '4', '5', '6', '7', '8', '9'].map((n) => {
    const tail = `-COPY${n}`;
    return `${code.slice(0, CODE_MAX - tail.length)}${tail}`;
  });
}

/**
 * A copy of a coupon (archived or not) as a start: the same terms, a free code of the brand, switched off, no uses.
 * The editor opens on it; the manager changes what differs and turns it on.
 */
export async function duplicate(
  deps: CouponArchiveDeps,
  staff: StaffPrincipal,
  ip: string | null,
  id: number,
): Promise<StaffCoupon> {
  const { ctx } = deps;
  const now = ctx.now();
  const original = await findCoupon(ctx.db, id, staff.brandId);
  if (!original) throw new AppError('coupon_not_found');
  assertScope(staff, original);
  let code: string | undefined;
  for (const candidate of copyCodes(original.code)) {
    if (!(await findCouponByCode(ctx.db, staff.brandId, candidate))) {
      code = candidate;
      break;
    }
  }
  if (!code) throw new AppError('coupon_code_taken', undefined, { code: 'coupon_code_taken' });
  const {
    id: _id,
    usedCount: _used,
    version: _version,
    archivedAt: _archived,
    createdAt: _c,
    updatedAt: _u,
    ...terms
  } = original;
  try {
    return await ctx.db.transaction(async (tx) => {
      const row = await insertCoupon(tx, { ...terms, code, isActive: false, createdAt: now, updatedAt: now });
      await recordStaffChange(tx, staff, ip, {
        brandId: staff.brandId,
        branchId: row.branchIds?.length === 1 ? row.branchIds[0] : null,
        objectType: 'coupon',
        objectId: row.id,
        action: 'create',
        before: null,
        after: { ...audited(row), duplicatedFrom: original.id },
        at: now,
      });
      return toStaffCoupon(row);
    });
  } catch (error) {
    // Another manager took the same copy's code meanwhile.
    if (isUniqueViolation(error, 'coupons_brand_code_uq')) {
      throw new AppError('coupon_code_taken', undefined, { code: 'coupon_code_taken' });
    }
    throw error;
  }
}
