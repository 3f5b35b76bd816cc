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
  'times',
  'redemptions',
  'coupons',
  'punchCards',
  'wheel',
  'referral',
  'evaluations',
  'lowRatings',
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

/** Preparation or delivery minutes: orders timed, median and 90th percentile (nearest rank; null: none timed). */
export const reportMinutes = z.object({
  orders: z.number().int(),
  medianMinutes: z.number().int().nullable(),
  p90Minutes: z.number().int().nullable(),
});
const compared = z.object({ current: z.number().int(), before: z.number().int() });

/** The referral funnel's stages (the lead statuses; "invited" is a lead made). */
export const REPORT_REFERRAL_STAGES = ['invited', 'joined', 'active', 'converted', 'declined'] as const;

/**
 * The loyalty and engagement sections (issue 27 item 9, docs/adr/0630): counts over the period from the roll-ups,
 * each beside the previous period where it is a figure; names and budgets as they are now.
 */
export const reportEngagement = z.object({
  times: z.object({
    prep: z.object({ current: reportMinutes, before: reportMinutes }),
    delivery: z.object({ current: reportMinutes, before: reportMinutes }),
    branches: z.array(
      z.object({ branchId: z.number().int(), name: localizedText, prep: reportMinutes, delivery: reportMinutes }),
    ),
  }),
  redemptions: z.object({
    total: compared,
    branches: z.array(
      z.object({
        branchId: z.number().int(),
        name: localizedText,
        redemptions: z.number().int(),
        before: z.number().int(),
      }),
    ),
  }),
  coupons: z.object({
    uses: compared,
    cost: z.object({ currentHalalas: halalas, beforeHalalas: halalas }),
    coupons: z.array(
      z.object({
        couponId: z.number().int(),
        code: z.string(),
        name: localizedText,
        uses: z.number().int(),
        discountHalalas: halalas,
      }),
    ),
  }),
  punchCards: z.object({
    completed: compared,
    programmes: z.array(z.object({ programmeId: z.number().int(), name: localizedText, completed: z.number().int() })),
  }),
  wheel: z.object({
    given: compared,
    segments: z.array(
      z.object({
        segmentId: z.number().int(),
        game: localizedText,
        label: localizedText,
        given: z.number().int(),
        /** The daily budget now, and over the period (× its days); null: no daily budget. */
        dailyBudget: z.number().int().nullable(),
        periodBudget: z.number().int().nullable(),
        /** Prizes in total and given so far (all time); stock null: no limit. */
        stock: z.number().int().nullable(),
        wonToDate: z.number().int(),
      }),
    ),
  }),
  referral: z.object({
    /** Leads are the brand's, not a branch's: the funnel is counted on the whole brand's dashboard only. */
    counted: z.boolean(),
    stages: z.array(
      z.object({ stage: z.enum(REPORT_REFERRAL_STAGES), count: z.number().int(), before: z.number().int() }),
    ),
  }),
  evaluations: z.object({
    /** The average star answer in hundredths (null: no stars given). */
    average: z.object({ current: z.number().int().nullable(), before: z.number().int().nullable() }),
    questions: z.array(
      z.object({
        questionId: z.number().int(),
        label: localizedText,
        branchId: z.number().int(),
        branch: localizedText,
        answers: z.number().int(),
        averageHundredths: z.number().int(),
      }),
    ),
    low: z.object({
      received: compared,
      /** Low ratings answered (an apology sent) in the period, whenever they were given. */
      answered: compared,
      averageAnswerMinutes: z.number().int().nullable(),
    }),
    /** The drill-down: the period's low ratings, newest first (at most 20), answered or not as of now. */
    lowRatings: z.array(
      z.object({
        id: z.number().int(),
        branchId: z.number().int(),
        branch: localizedText,
        at: z.string(),
        averageHundredths: z.number().int().nullable(),
        orderNumber: z.number().int().nullable(),
        answeredAt: z.string().nullable(),
      }),
    ),
  }),
});
export type ReportEngagement = z.infer<typeof reportEngagement>;

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
  engagement: reportEngagement,
});
export type ReportDashboard = z.infer<typeof reportDashboard>;

export const reportExportResponse = z.object({ filename: z.string(), csv: z.string(), rows: z.number().int() });
export type ReportExportResponse = z.infer<typeof reportExportResponse>;

export const reportRollupResponse = z.object({ from: reportDay, to: reportDay });
