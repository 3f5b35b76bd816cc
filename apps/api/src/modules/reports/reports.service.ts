import type { Language } from '@sufra/shared/language';
import {
  REPORT_MAX_DAYS,
  type ReportDashboard,
  type ReportExportQuery,
  type ReportExportResponse,
  type ReportQuery,
  type ReportTotals,
} from '@sufra/shared/schemas/reports';
import { stringify } from 'csv-stringify/sync';
import type { AppContext } from '../../app-context.ts';
import { dayIn } from '../../lib/brand-day.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import {
  brandBranches,
  cancelReasons,
  type DailyTotals,
  dailyTotals,
  hourSeries,
  type ItemFigure,
  itemRankings,
  lockBrandRollup,
  markRolledThrough,
  periodsLoyalty,
  rollUpDays,
  rollUpMonths,
  rollupStates,
  type Scope,
} from './reports.repo.ts';
import { rollUpEngagementDays, rollUpEngagementMonths } from './reports-engagement.repo.ts';
import { engagementSections } from './reports-engagement.service.ts';
import { engagementCsvRows, engagementSummaryRows } from './reports-engagement-csv.view.ts';
import { activeMembers, loyaltyStanding, rollUpMemberDays, rollUpStanding } from './reports-members.repo.ts';

const DAY_MS = 86_400_000;
/** The catch-up job's "today" (a branch elsewhere is at most a day off: the day before is always rolled again). */
const ROLLUP_ZONE = 'Asia/Riyadh';
/** One catch-up transaction rolls at most this many days (a brand rolled for the first time goes a month at a time). */
export const ROLLUP_CHUNK_DAYS = 31;
const RANKED_ITEMS = 10;

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

type Points = ReportTotals['points'];

const TOTAL_KEYS = [
  'orders',
  'canceled',
  'netHalalas',
  'vatHalalas',
  'totalHalalas',
  'couponDiscountHalalas',
  'pointsDiscountHalalas',
  'rewardDiscountHalalas',
  'dineInOrders',
  'pickupOrders',
  'deliveryOrders',
  'cashOrders',
  'cardOrders',
  'cashHalalas',
  'cardHalalas',
] as const satisfies readonly (keyof DailyTotals)[];

/** A period's totals: its days' roll-up sums added up. */
export function sumTotals(rows: DailyTotals[]): DailyTotals {
  const sum = Object.fromEntries(TOTAL_KEYS.map((k) => [k, 0])) as unknown as DailyTotals;
  for (const row of rows) for (const k of TOTAL_KEYS) sum[k] += row[k];
  return sum;
}

/** Orders and net sales per ISO weekday (1 Monday … 7 Sunday), the weekdays the period's rows have, in order. */
export function weekdaysOf(rows: (DailyTotals & { day: string })[]) {
  const byWeekday = new Map<number, { weekday: number; orders: number; netHalalas: number }>();
  for (const row of rows) {
    const weekday = new Date(`${row.day}T00:00:00Z`).getUTCDay() || 7;
    const entry = byWeekday.get(weekday) ?? { weekday, orders: 0, netHalalas: 0 };
    entry.orders += row.orders;
    entry.netHalalas += row.netHalalas;
    byWeekday.set(weekday, entry);
  }
  return [...byWeekday.values()].sort((a, b) => a.weekday - b.weekday);
}

function totalsOf(d: DailyTotals, points: ReportTotals['points'], members: number): ReportTotals {
  return {
    orders: d.orders,
    canceled: d.canceled,
    netHalalas: d.netHalalas,
    vatHalalas: d.vatHalalas,
    totalHalalas: d.totalHalalas,
    averageBasketHalalas: d.orders === 0 ? 0 : Math.round(d.totalHalalas / d.orders),
    discounts: {
      couponHalalas: d.couponDiscountHalalas,
      pointsHalalas: d.pointsDiscountHalalas,
      rewardHalalas: d.rewardDiscountHalalas,
    },
    points,
    activeMembers: members,
  };
}

export function createReportsService(ctx: AppContext) {
  const { db } = ctx;

  /** Rewrites a brand's roll-ups for the days from..to in one transaction: the same raw rows give the same rows. */
  async function rollUp(brandId: number, from: string, to: string): Promise<void> {
    await db.transaction(async (tx) => {
      await lockBrandRollup(tx, brandId);
      await rollUpDays(tx, brandId, from, to);
      await rollUpEngagementDays(tx, brandId, from, to);
      await rollUpEngagementMonths(tx, brandId, from, to);
      await rollUpMonths(tx, brandId, from, to);
      await rollUpMemberDays(tx, brandId, from, to);
      await rollUpStanding(tx, brandId);
      await markRolledThrough(tx, brandId, to, ctx.now());
    });
  }

  /**
   * One pass of the catch-up job: each brand from the day before the last one rolled (late cancels and ledger rows
   * land there), or from its first order, through today. After downtime it simply has more days to do.
   */
  async function catchUpOnce(): Promise<number> {
    const today = dayIn(ctx.now(), ROLLUP_ZONE);
    let rolled = 0;
    for (const state of await rollupStates(db)) {
      const start = state.rolledThrough ? addDays(state.rolledThrough, -1) : (state.firstDay ?? today);
      for (let from = start; from <= today; from = addDays(from, ROLLUP_CHUNK_DAYS)) {
        const end = addDays(from, ROLLUP_CHUNK_DAYS - 1);
        // biome-ignore lint/complexity/useMathMinMax: ISO dates (strings), which Math.min would turn into NaN
        const to = end < today ? end : today;
        await rollUp(state.brandId, from, to);
        rolled += daysBetween(from, to);
      }
    }
    return rolled;
  }

  /** The branches the caller may see: one they name (another brand's or branch's answers 404), or all theirs. */
  async function scopeOf(staff: StaffPrincipal, branchId: number | undefined) {
    const branches = await brandBranches(db, staff.brandId);
    const visible = staff.role === 'owner' ? branches : branches.filter((b) => staff.branchIds.includes(b.id));
    if (branchId !== undefined) {
      if (!visible.some((b) => b.id === branchId)) throw new AppError('branch_not_found');
      return { scope: { brandId: staff.brandId, branchIds: [branchId] } satisfies Scope, visible };
    }
    const ids = staff.role === 'owner' ? null : visible.map((b) => b.id);
    return { scope: { brandId: staff.brandId, branchIds: ids } satisfies Scope, visible };
  }

  function periodOf(query: ReportQuery) {
    const days = daysBetween(query.from, query.to);
    if (days < 1 || days > REPORT_MAX_DAYS) throw new AppError('report_period_invalid');
    return { days, previous: { from: addDays(query.from, -days), to: addDays(query.from, -1) } };
  }

  async function dashboard(staff: StaffPrincipal, query: ReportQuery): Promise<ReportDashboard> {
    const { scope, visible } = await scopeOf(staff, query.branchId);
    const { days, previous } = periodOf(query);
    const { from, to } = query;
    // Both periods in one query each (docs/adr/0720): the days of both, the ledger of both, the members of both.
    const [dayRows, points, members, hours, ranked, cancels, standing, engagement] = await Promise.all([
      dailyTotals(db, scope, previous.from, to),
      periodsLoyalty(db, scope, [{ from, to }, previous]),
      activeMembers(db, scope, [{ from, to }, previous]),
      hourSeries(db, scope, from, to),
      itemRankings(db, scope, from, to, RANKED_ITEMS),
      cancelReasons(db, scope, from, to),
      loyaltyStanding(db, staff.brandId),
      engagementSections(db, scope, { from, to, days }, previous, visible),
    ]);
    const inCurrent = dayRows.filter((r) => r.day >= from);
    const currentRaw = sumTotals(inCurrent);
    const current = { raw: currentRaw, totals: totalsOf(currentRaw, points[0] as Points, members[0] ?? 0) };
    const beforeRaw = sumTotals(dayRows.filter((r) => r.day < from));
    const before = { totals: totalsOf(beforeRaw, points[1] as Points, members[1] ?? 0) };
    const daySeries = inCurrent.map((r) => ({ day: r.day, orders: r.orders, netHalalas: r.netHalalas }));
    const weekdays = weekdaysOf(inCurrent);
    const top = ranked.top;
    const bottom = ranked.bottom;
    const item = (i: ItemFigure) => ({
      kind: i.kind,
      itemId: i.itemId,
      name: { ar: i.nameAr, en: i.nameEn },
      quantity: i.quantity,
      netHalalas: i.netHalalas,
    });
    return {
      period: { from, to, days },
      previous,
      branchId: query.branchId ?? null,
      branches: visible.map((b) => ({ id: b.id, name: { ar: b.nameAr, en: b.nameEn } })),
      current: current.totals,
      before: before.totals,
      days: daySeries,
      hours,
      weekdays,
      orderTypes: [
        { orderType: 1, orders: current.raw.dineInOrders },
        { orderType: 2, orders: current.raw.pickupOrders },
        { orderType: 3, orders: current.raw.deliveryOrders },
      ],
      payments: [
        { method: 'cash', orders: current.raw.cashOrders, totalHalalas: current.raw.cashHalalas },
        { method: 'card', orders: current.raw.cardOrders, totalHalalas: current.raw.cardHalalas },
      ],
      topItems: top.map(item),
      bottomItems: bottom.map(item),
      cancellations: cancels,
      loyalty: {
        outstandingPoints: standing.outstandingPoints,
        liabilityHalalas: standing.outstandingPoints * standing.pointValueHalalas,
        levels: standing.levels.map((l) => ({
          levelId: l.levelId,
          name: l.nameAr === null || l.nameEn === null ? null : { ar: l.nameAr, en: l.nameEn },
          members: l.members,
        })),
      },
      engagement,
    };
  }

  /** One table of the dashboard as CSV (UTF-8 with a byte-order mark, so spreadsheet programs show Arabic). */
  async function exportTable(
    staff: StaffPrincipal,
    query: ReportExportQuery,
    language: Language,
  ): Promise<ReportExportResponse> {
    const d = await dashboard(staff, query);
    const rows = csvRows(d, query.table, language);
    const csv = `\uFEFF${stringify(rows)}`;
    return { filename: `sufra-${query.table}-${query.from}-${query.to}.csv`, csv, rows: rows.length - 1 };
  }

  return { rollUp, catchUpOnce, dashboard, exportTable };
}

const sar = (halalas: number) => (halalas / 100).toFixed(2);

function csvRows(d: ReportDashboard, table: ReportExportQuery['table'], language: Language): (string | number)[][] {
  const ar = language === 'ar';
  switch (table) {
    case 'summary': {
      const c = d.current;
      const b = d.before;
      const line = (label: [string, string], now: number | string, then: number | string) => [
        ar ? label[0] : label[1],
        now,
        then,
      ];
      return [
        [ar ? 'المؤشر' : 'Figure', ar ? 'الفترة' : 'Period', ar ? 'الفترة السابقة' : 'Previous period'],
        line(['الطلبات', 'Orders'], c.orders, b.orders),
        line(['الطلبات الملغاة', 'Canceled orders'], c.canceled, b.canceled),
        line(['صافي المبيعات (ر.س)', 'Net sales (SAR)'], sar(c.netHalalas), sar(b.netHalalas)),
        line(['ضريبة القيمة المضافة (ر.س)', 'VAT (SAR)'], sar(c.vatHalalas), sar(b.vatHalalas)),
        line(['متوسط السلة (ر.س)', 'Average basket (SAR)'], sar(c.averageBasketHalalas), sar(b.averageBasketHalalas)),
        line(
          ['خصومات القسائم (ر.س)', 'Coupon discounts (SAR)'],
          sar(c.discounts.couponHalalas),
          sar(b.discounts.couponHalalas),
        ),
        line(
          ['خصومات النقاط (ر.س)', 'Points discounts (SAR)'],
          sar(c.discounts.pointsHalalas),
          sar(b.discounts.pointsHalalas),
        ),
        line(
          ['خصومات المكافآت (ر.س)', 'Reward discounts (SAR)'],
          sar(c.discounts.rewardHalalas),
          sar(b.discounts.rewardHalalas),
        ),
        line(['النقاط الممنوحة', 'Points issued'], c.points.issued, b.points.issued),
        line(['النقاط المستبدلة', 'Points redeemed'], c.points.redeemed, b.points.redeemed),
        line(['النقاط المنتهية', 'Points expired'], c.points.expired, b.points.expired),
        line(['الأعضاء النشطون', 'Active members'], c.activeMembers, b.activeMembers),
        ...engagementSummaryRows(d.engagement, language),
      ];
    }
    case 'days':
      return [
        [ar ? 'اليوم' : 'Day', ar ? 'الطلبات' : 'Orders', ar ? 'صافي المبيعات (ر.س)' : 'Net sales (SAR)'],
        ...d.days.map((r) => [r.day, r.orders, sar(r.netHalalas)]),
      ];
    case 'hours':
      return [
        [ar ? 'الساعة' : 'Hour', ar ? 'الطلبات' : 'Orders', ar ? 'صافي المبيعات (ر.س)' : 'Net sales (SAR)'],
        ...d.hours.map((r) => [r.hour, r.orders, sar(r.netHalalas)]),
      ];
    case 'weekdays':
      return [
        [ar ? 'اليوم' : 'Weekday', ar ? 'الطلبات' : 'Orders', ar ? 'صافي المبيعات (ر.س)' : 'Net sales (SAR)'],
        ...d.weekdays.map((r) => [weekdayName(r.weekday, language), r.orders, sar(r.netHalalas)]),
      ];
    case 'orderTypes':
      return [
        [ar ? 'نوع الطلب' : 'Order type', ar ? 'الطلبات' : 'Orders'],
        ...d.orderTypes.map((r) => [ORDER_TYPE_NAMES[r.orderType]?.[language] ?? String(r.orderType), r.orders]),
      ];
    case 'payments':
      return [
        [ar ? 'طريقة الدفع' : 'Payment', ar ? 'الطلبات' : 'Orders', ar ? 'المبلغ (ر.س)' : 'Amount (SAR)'],
        ...d.payments.map((r) => [PAYMENT_NAMES[r.method][language], r.orders, sar(r.totalHalalas)]),
      ];
    case 'topItems':
    case 'bottomItems':
      return [
        [ar ? 'الصنف' : 'Item', ar ? 'الكمية' : 'Quantity', ar ? 'صافي المبيعات (ر.س)' : 'Net sales (SAR)'],
        ...d[table].map((r) => [r.name[language], r.quantity, sar(r.netHalalas)]),
      ];
    case 'cancellations':
      return [
        [ar ? 'السبب' : 'Reason', ar ? 'الطلبات' : 'Orders'],
        ...d.cancellations.map((r) => [r.reason, r.orders]),
      ];
    case 'levels':
      return [
        [ar ? 'المستوى' : 'Level', ar ? 'الأعضاء' : 'Members'],
        ...d.loyalty.levels.map((r) => [r.name?.[language] ?? (ar ? 'بلا مستوى' : 'No level'), r.members]),
      ];
    default:
      return engagementCsvRows(d, table, language);
  }
}

const ORDER_TYPE_NAMES: Record<number, Record<Language, string>> = {
  1: { ar: 'محلي', en: 'Dine-in' },
  2: { ar: 'استلام', en: 'Pickup' },
  3: { ar: 'توصيل', en: 'Delivery' },
};
const PAYMENT_NAMES: Record<'cash' | 'card', Record<Language, string>> = {
  cash: { ar: 'نقدًا', en: 'Cash' },
  card: { ar: 'بطاقة', en: 'Card' },
};

function weekdayName(isoWeekday: number, language: Language): string {
  // 2024-01-01 was a Monday (ISO 1).
  const date = new Date(Date.UTC(2024, 0, isoWeekday));
  return new Intl.DateTimeFormat(language === 'ar' ? 'ar-SA' : 'en-GB', { weekday: 'long', timeZone: 'UTC' }).format(
    date,
  );
}

export type ReportsService = ReturnType<typeof createReportsService>;
