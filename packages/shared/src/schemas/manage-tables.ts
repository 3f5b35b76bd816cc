import { z } from 'zod';
import { dbId, dbIdParam, localizedText } from './common.ts';

/** Console tables and QR codes (issue 26 item 6): `/api/staff/manage/tables/...`. */

export const manageQrCode = z.object({
  uuid: z.string(),
  /** What the printed code encodes: `/qr/{uuid}` on the brand's page host. */
  url: z.string(),
  tableId: z.number().int().nullable(),
  active: z.boolean(),
  /** Set when the code was replaced (it is then inactive). */
  replacedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type ManageQrCode = z.infer<typeof manageQrCode>;

export const manageTable = z.object({
  id: z.number().int(),
  branchId: z.number().int(),
  number: z.string(),
  seats: z.number().int(),
  area: z.string(),
  version: z.number().int(),
  /** Its codes, the active one first, then the old ones newest first. */
  codes: z.array(manageQrCode),
});
export type ManageTable = z.infer<typeof manageTable>;

export const manageTablesQuery = z.object({ branchId: dbIdParam });

export const manageTablesResponse = z.object({
  branchId: z.number().int(),
  brandName: localizedText,
  branchName: localizedText,
  tables: z.array(manageTable),
  /** The branch's counter codes (no table), active first. */
  counterCodes: z.array(manageQrCode),
});
export type ManageTablesResponse = z.infer<typeof manageTablesResponse>;

const tableNumber = z.string().trim().min(1).max(12);
const tableArea = z.string().trim().max(40);
const seats = z.number().int().min(1).max(99);

export const tableCreateBody = z.object({ branchId: dbId, number: tableNumber, seats, area: tableArea.default('') });
export type TableCreateBody = z.infer<typeof tableCreateBody>;

export const tableUpdateBody = z.object({
  number: tableNumber,
  seats,
  area: tableArea,
  /** The version the editor read: a stale one answers 409 `table_changed` with the current table. */
  version: z.number().int().min(1).max(2_147_483_647),
});
export type TableUpdateBody = z.infer<typeof tableUpdateBody>;

/** A new code for a table, or (tableId null) for the branch's counter. */
export const qrCreateBody = z.object({ branchId: dbId, tableId: dbId.nullable() });
export type QrCreateBody = z.infer<typeof qrCreateBody>;

export const CARD_SIZES = ['a4', 'tent'] as const;
export type CardSize = (typeof CARD_SIZES)[number];

/** The printable cards as a PNG: the branch's tables (all, or the listed ids), on an A4 sheet or one tent card each. */
export const tableCardsQuery = z.object({
  branchId: dbIdParam,
  tableIds: z
    .string()
    // Nine digits at most: every id fits a PostgreSQL integer (a larger one would fail in the query).
    .regex(/^\d{1,9}(,\d{1,9}){0,199}$/)
    .optional(),
  size: z.enum(CARD_SIZES).default('a4'),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});

/** The cards as one PDF: every card of the branch (or of the listed tables), A4 pages of six or one tent card a page. */
export const tableCardsPdfQuery = tableCardsQuery.omit({ page: true });

/** The line every card carries, in both languages. */
export const TABLE_CARD_LINE = { ar: 'امسح الرمز لتطلب من طاولتك', en: 'Scan to order from your table' } as const;

/**
 * The URL a QR code encodes: `/qr/{uuid}` on the brand's first page host (same scheme as the public URL), or on
 * the public URL when the brand has none.
 */
export function qrPageUrl(uuid: string, hosts: readonly string[], publicUrl: string): string {
  const base = publicUrl.replace(/\/$/, '');
  const host = hosts[0];
  if (!host) return `${base}/qr/${uuid}`;
  const scheme = base.startsWith('http://') ? 'http' : 'https';
  return `${scheme}://${host}/qr/${uuid}`;
}
