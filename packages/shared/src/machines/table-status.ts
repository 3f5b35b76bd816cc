import type { Language } from '../language.ts';

/** A table's status on the staff board (spec §4, DESIGN §4). The strings are the stored and wire values. */
export const TABLE_STATUSES = ['free', 'occupied', 'reserved', 'check_printed'] as const;
export type TableStatus = (typeof TABLE_STATUSES)[number];

/** The spec's words and their Arabic. */
export const TABLE_STATUS_LABELS: Record<TableStatus, Record<Language, string>> = {
  free: { en: 'Free', ar: 'متاحة' },
  occupied: { en: 'Occupied', ar: 'مشغولة' },
  reserved: { en: 'Reserved', ar: 'محجوزة' },
  check_printed: { en: 'Check Printed', ar: 'طُبعت الفاتورة' },
};

export function isTableStatus(value: unknown): value is TableStatus {
  return typeof value === 'string' && (TABLE_STATUSES as readonly string[]).includes(value);
}

export function tableStatusLabel(status: TableStatus, language: Language): string {
  return TABLE_STATUS_LABELS[status][language];
}
