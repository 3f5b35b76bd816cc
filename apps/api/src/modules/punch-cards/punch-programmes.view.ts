import type { StaffPunchProgramme } from '@sufra/shared/schemas/punch-cards';
import type { PunchProgrammeRow } from './punch-cards.repo.ts';

/** A programme as managers see it (shared by the punch cards' services). */
export function toStaffProgramme(
  row: PunchProgrammeRow,
  counts: { activeCards: number; completedCards: number } | undefined,
): StaffPunchProgramme {
  return {
    id: row.id,
    name: { ar: row.nameAr, en: row.nameEn },
    itemIds: row.itemIds,
    categoryIds: row.categoryIds,
    itemsCount: row.itemsCount,
    daysToComplete: row.daysToComplete,
    rewardId: row.rewardId,
    isActive: row.isActive,
    activeCards: counts?.activeCards ?? 0,
    completedCards: counts?.completedCards ?? 0,
    version: row.version,
    archivedAt: row.archivedAt ? row.archivedAt.toISOString() : null,
  };
}
