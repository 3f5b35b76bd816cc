/**
 * The menu's CSV (items and prices): the columns, reading a file into checked rows (every bad cell named with its
 * row and column, in the catalogue's codes), and writing one. Prices are riyals with two decimals in the file
 * ("12.50") and integer halalas everywhere else.
 */
import type { ErrorCode } from '@sufra/shared/messages/errors';
import { isStorableText } from '@sufra/shared/schemas/storable-text';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

export const CSV_COLUMNS = [
  'id',
  'category',
  'name_ar',
  'name_en',
  'description_ar',
  'description_en',
  'price',
  'calories',
  'active',
] as const;
const REQUIRED = ['id', 'category', 'name_ar', 'name_en', 'price'] as const;

export interface CsvItem {
  /** The row's line in the file (the header is line 1). */
  line: number;
  id: number | null;
  category: string;
  nameAr: string;
  nameEn: string;
  descriptionAr: string | undefined;
  descriptionEn: string | undefined;
  priceHalalas: number;
  calories: number | null | undefined;
  active: boolean | undefined;
}

export interface CsvRowError {
  line: number;
  column: string;
  code: ErrorCode;
}

const ARABIC_DIGITS = /[٠-٩]/g;
const toLatinDigits = (s: string) => s.replace(ARABIC_DIGITS, (d) => String(d.charCodeAt(0) - 0x0660));

/** "12.5", "12.50", "١٢٫٥٠", "12" → halalas; anything else null. */
export function riyalsToHalalas(text: string): number | null {
  const s = toLatinDigits(text.trim()).replace('٫', '.');
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

export function halalasToRiyals(halalas: number): string {
  return `${Math.floor(halalas / 100)}.${String(halalas % 100).padStart(2, '0')}`;
}

/** Reads the file: the rows, or every error found (nothing is imported unless there are none). */
export function readMenuCsv(text: string): { rows: CsvItem[]; errors: CsvRowError[] } {
  let records: Record<string, string>[];
  try {
    records = parse(text, {
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      bom: true,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
    }) as Record<string, string>[];
  } catch {
    return { rows: [], errors: [{ line: 1, column: '', code: 'menu_csv_header' }] };
  }
  const first = records[0];
  if (!first || REQUIRED.some((c) => !(c in first))) {
    return { rows: [], errors: [{ line: 1, column: '', code: 'menu_csv_header' }] };
  }
  const rows: CsvItem[] = [];
  const errors: CsvRowError[] = [];
  for (const [index, r] of records.entries()) {
    const line = index + 2;
    const fail = (column: string, code: ErrorCode) => errors.push({ line, column, code });
    const unstorable = Object.entries(r).find(([, v]) => typeof v === 'string' && !isStorableText(v));
    if (unstorable) {
      fail(unstorable[0], 'field_invalid');
      continue;
    }
    const idText = toLatinDigits(r.id ?? '');
    const id = idText === '' ? null : /^\d{1,9}$/.test(idText) ? Number(idText) : Number.NaN;
    if (Number.isNaN(id)) fail('id', 'menu_csv_row_item');
    const nameAr = (r.name_ar ?? '').slice(0, 120);
    const nameEn = (r.name_en ?? '').slice(0, 120);
    if (nameAr === '' || nameEn === '') fail(nameAr === '' ? 'name_ar' : 'name_en', 'menu_csv_row_name');
    const price = riyalsToHalalas(r.price ?? '');
    if (price === null) fail('price', 'menu_csv_row_price');
    const category = r.category ?? '';
    if (category === '') fail('category', 'menu_csv_row_category');
    const caloriesText = r.calories === undefined ? undefined : toLatinDigits(r.calories);
    const calories =
      caloriesText === undefined
        ? undefined
        : caloriesText === ''
          ? null
          : /^\d{1,6}$/.test(caloriesText)
            ? Number(caloriesText)
            : Number.NaN;
    if (Number.isNaN(calories)) fail('calories', 'field_invalid');
    const activeText = r.active?.toLowerCase();
    const active =
      activeText === undefined || activeText === ''
        ? undefined
        : ['1', 'true', 'yes', 'نعم'].includes(activeText)
          ? true
          : ['0', 'false', 'no', 'لا'].includes(activeText)
            ? false
            : null;
    if (active === null) fail('active', 'field_invalid');
    rows.push({
      line,
      id: Number.isNaN(id) ? null : id,
      category,
      nameAr,
      nameEn,
      descriptionAr: r.description_ar?.slice(0, 1_000),
      descriptionEn: r.description_en?.slice(0, 1_000),
      priceHalalas: price ?? 0,
      calories: Number.isNaN(calories) ? undefined : calories,
      active: active ?? undefined,
    });
  }
  return { rows, errors };
}

export function writeMenuCsv(
  items: {
    id: number;
    category: string;
    nameAr: string;
    nameEn: string;
    descriptionAr: string;
    descriptionEn: string;
    priceHalalas: number;
    calories: number | null;
    active: boolean;
  }[],
): string {
  return stringify(
    items.map((i) => [
      i.id,
      i.category,
      i.nameAr,
      i.nameEn,
      i.descriptionAr,
      i.descriptionEn,
      halalasToRiyals(i.priceHalalas),
      i.calories ?? '',
      i.active ? 'true' : 'false',
    ]),
    // A byte-order mark so spreadsheet programs read the Arabic as UTF-8.
    { header: true, columns: [...CSV_COLUMNS], bom: true },
  );
}
