import type { AuditSnapshot } from '@sufra/shared/audit';
import type { ArchiveBody } from '@sufra/shared/schemas/archive';
import type { StaffPunchProgramme } from '@sufra/shared/schemas/punch-cards';
import type { AppContext } from '../../app-context.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { recordStaffChange } from '../audit/audit.service.ts';
import {
  countCards,
  findProgramme,
  insertProgramme,
  lockProgrammeOfBrand,
  type PunchProgrammeRow,
  setProgrammeArchived,
} from './punch-cards.repo.ts';
import { toStaffProgramme } from './punch-programmes.view.ts';

/** What archive and duplicate need: the app (database, clock). */
export interface PunchArchiveDeps {
  ctx: AppContext;
}

/**
 * Archive, restore and duplicate of a punch card programme (issue 27 item 7, docs/adr/0590); there is no delete.
 * An archived programme is inactive (a CHECK holds it): orders punch no card of it and diners are offered none; a
 * full card's reward already in My Rewards stays theirs, and finished cards still show. Restoring brings it back
 * switched off.
 */

function assertManager(staff: StaffPrincipal): void {
  if (staff.role === 'cashier') throw new AppError('forbidden');
}

function audited(row: PunchProgrammeRow): AuditSnapshot {
  const { createdAt: _c, updatedAt: _u, ...rest } = row;
  return { ...rest, archivedAt: row.archivedAt?.toISOString() ?? null };
}

async function setArchived(
  deps: PunchArchiveDeps,
  staff: StaffPrincipal,
  ip: string | null,
  id: number,
  body: ArchiveBody,
  archive: boolean,
): Promise<StaffPunchProgramme> {
  const { ctx } = deps;
  assertManager(staff);
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const before = await lockProgrammeOfBrand(tx, id, staff.brandId);
    if (!before) throw new AppError('punch_programme_not_found');
    if (before.version !== body.version) {
      throw new AppError('edit_conflict', { theirs: toStaffProgramme(before, undefined), yours: body });
    }
    // Archiving an archived one (or restoring a live one) changes nothing and records nothing.
    if ((before.archivedAt !== null) === archive) return before;
    const after = await setProgrammeArchived(tx, id, staff.brandId, archive ? now : null, now);
    if (!after) throw new AppError('punch_programme_not_found');
    await recordStaffChange(tx, staff, ip, {
      brandId: staff.brandId,
      branchId: null,
      objectType: 'punch_programme',
      objectId: id,
      action: 'update',
      before: audited(before),
      after: audited(after),
      at: now,
    });
    return after;
  });
  const counts = await countCards(ctx.db, staff.brandId, now);
  return toStaffProgramme(row, counts.get(row.id));
}

export const archive = (
  deps: PunchArchiveDeps,
  staff: StaffPrincipal,
  ip: string | null,
  id: number,
  body: ArchiveBody,
) => setArchived(deps, staff, ip, id, body, true);

export const restore = (
  deps: PunchArchiveDeps,
  staff: StaffPrincipal,
  ip: string | null,
  id: number,
  body: ArchiveBody,
) => setArchived(deps, staff, ip, id, body, false);

const NAME_MAX = 80;
const COPY_MARK = { ar: ' (نسخة)', en: ' (copy)' } as const;

/** The copy's name in one language: the original's with "(copy)", cut to fit the 80 characters a name may have. */
export function copyName(name: string, language: 'ar' | 'en'): string {
  const mark = COPY_MARK[language];
  return `${name.slice(0, NAME_MAX - mark.length)}${mark}`;
}

/** A copy of a programme (archived or not) as a start: the same rule and reward, switched off, no cards. */
export async function duplicate(
  deps: PunchArchiveDeps,
  staff: StaffPrincipal,
  ip: string | null,
  id: number,
): Promise<StaffPunchProgramme> {
  const { ctx } = deps;
  assertManager(staff);
  const now = ctx.now();
  const original = await findProgramme(ctx.db, id, staff.brandId);
  if (!original) throw new AppError('punch_programme_not_found');
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await insertProgramme(tx, {
      brandId: staff.brandId,
      nameAr: copyName(original.nameAr, 'ar'),
      nameEn: copyName(original.nameEn, 'en'),
      itemIds: original.itemIds,
      categoryIds: original.categoryIds,
      itemsCount: original.itemsCount,
      daysToComplete: original.daysToComplete,
      rewardId: original.rewardId,
      position: original.position,
      isActive: false,
      createdAt: now,
      updatedAt: now,
    });
    await recordStaffChange(tx, staff, ip, {
      brandId: staff.brandId,
      branchId: null,
      objectType: 'punch_programme',
      objectId: inserted.id,
      action: 'create',
      before: null,
      after: { ...audited(inserted), duplicatedFrom: original.id },
      at: now,
    });
    return inserted;
  });
  return toStaffProgramme(row, undefined);
}
