import type { Language } from '@sufra/shared/language';
import type { AdminBranchItem, AdminItem } from '@sufra/shared/schemas/menu-admin';
import { branchTimeLocale } from '../../lib/branch-time';

/** "Sold out until Sun 04:00" on the branch's clock. */
export function untilText(iso: string, timeZone: string, language: Language): string {
  return new Intl.DateTimeFormat(branchTimeLocale(language), {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}

export const STATUS_FILTERS = ['all', 'available', 'soldOut', 'notSold', 'inactive'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** The status filter: at the chosen branch (available, sold out today or until set back, not sold there) or brand-wide. */
export function statusMatches(filter: StatusFilter, item: AdminItem, row: AdminBranchItem | undefined): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'inactive':
      return !item.active;
    case 'notSold':
      return !row?.sold;
    case 'soldOut':
      return row?.sold === true && !row.available;
    case 'available':
      return item.active && row?.sold === true && row.available;
  }
}
