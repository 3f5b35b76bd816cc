import { z } from 'zod';
import { dbIdParam, halalas, localizedText } from './common.ts';

/**
 * The console's reports (issue 27 items 9-10): the dashboard of a brand or one branch over a period of days (the
 * branch's calendar days), beside the same number of days just before it, and any of its tables as CSV. Every
 * figure is read from the roll-ups (docs/adr/0610).
 */

/** A calendar day, 'YYYY-MM-DD'. */
export const reportDay = z.iso.date();
/** The longest period a dashboard covers (12 months and a bit). */
export const REPORT_MAX_DAYS = 400;

export const reportQuery = z.object({
  from: reportDay,
  to: reportDay,
  /** One branch; absent: every branch the caller may see. */
  branchId: dbIdParam.optional(),
});
export type ReportQuery = z.infer<typeof reportQuery>;

export const REPORT_TABLES = [
  'summary',
  'days',
  'hours',
  'weekdays',
  'orderTypes',
  'payments',
  'topItems',
  'bottomItems',
  'cancellations',
  'levels',
] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];

export const reportExportQuery = reportQuery.extend({ table: z.enum(REPORT_TABLES) });
export type ReportExportQuery = z.infer<typeof reportExportQuery>;

export const reportTotals = z.object({
  orders: z.number().int(),
  canceled: z.number().int(),
  netHalalas: halalas,
  vatHalalas: halalas,
  totalHalalas: halalas,
  averageBasketHalalas: halalas,
  discounts: z.object({ couponHalalas: halalas, pointsHalalas: halalas, rewardHalalas: halalas }),
  points: z.object({ issued: z.number().int(), redeemed: z.number().int(), expired: z.number().int() }),
  activeMembers: z.number().int(),
});
export type ReportTotals = z.infer<typeof reportTotals>;

const series = z.object({ orders: z.number().int(), netHalalas: halalas });
const itemFigure = z.object({
  kind: z.string(),
  itemId: z.number().int(),
  name: localizedText,
  quantity: z.number().int(),
  netHalalas: halalas,
});

export const reportDashboard = z.object({
  period: z.object({ from: reportDay, to: reportDay, days: z.number().int() }),
  previous: z.object({ from: reportDay, to: reportDay }),
  branchId: z.number().int().nullable(),
  branches: z.array(z.object({ id: z.number().int(), name: localizedText })),
  current: reportTotals,
  before: reportTotals,
  days: z.array(series.extend({ day: reportDay })),
  hours: z.array(series.extend({ hour: z.number().int().min(0).max(23) })),
  /** ISO weekday: 1 Monday … 7 Sunday. */
  weekdays: z.array(series.extend({ weekday: z.number().int().min(1).max(7) })),
  orderTypes: z.array(z.object({ orderType: z.number().int(), orders: z.number().int() })),
  payments: z.array(z.object({ method: z.enum(['cash', 'card']), orders: z.number().int(), totalHalalas: halalas })),
  topItems: z.array(itemFigure),
  bottomItems: z.array(itemFigure),
  cancellations: z.array(z.object({ reason: z.string(), orders: z.number().int() })),
  /** Now, brand-wide (a diner belongs to the brand, not to a branch). */
  loyalty: z.object({
    outstandingPoints: z.number().int(),
    liabilityHalalas: halalas,
    levels: z.array(
      z.object({ levelId: z.number().int().nullable(), name: localizedText.nullable(), members: z.number().int() }),
    ),
  }),
});
export type ReportDashboard = z.infer<typeof reportDashboard>;

export const reportExportResponse = z.object({ filename: z.string(), csv: z.string(), rows: z.number().int() });
export type ReportExportResponse = z.infer<typeof reportExportResponse>;

export const reportRollupResponse = z.object({ from: reportDay, to: reportDay });
