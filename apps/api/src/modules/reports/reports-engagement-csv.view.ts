import type { Language } from '@sufra/shared/language';
import type { ReportDashboard, ReportEngagement, ReportTable } from '@sufra/shared/schemas/reports';

/**
 * The engagement sections' CSV tables (docs/adr/0630), in the caller's language: the same figures as the page's
 * tables, money in SAR with two decimals, digits Latin (what spreadsheet programs read as numbers).
 */

type Cell = string | number;
const sar = (halalas: number) => (halalas / 100).toFixed(2);
const stars = (hundredths: number | null) => (hundredths === null ? '' : (hundredths / 100).toFixed(2));
const blank = (value: number | null) => (value === null ? '' : value);

const STAGE_NAMES: Record<string, Record<Language, string>> = {
  invited: { ar: 'مدعوون', en: 'Invited' },
  joined: { ar: 'انضموا', en: 'Joined' },
  active: { ar: 'نشطون', en: 'Active' },
  converted: { ar: 'تحوّلوا', en: 'Converted' },
  declined: { ar: 'رُفضوا', en: 'Declined' },
};

/** "YYYY-MM-DD HH:MM" in Saudi Arabia's time. */
function riyadhTime(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Riyadh',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/** The summary table's engagement lines: figure, period, previous period. */
export function engagementSummaryRows(e: ReportEngagement, language: Language): Cell[][] {
  const ar = language === 'ar';
  const line = (label: [string, string], now: Cell | null, then: Cell | null) => [
    ar ? label[0] : label[1],
    now ?? '',
    then ?? '',
  ];
  const t = e.times;
  return [
    line(
      ['وسيط التحضير (دقيقة)', 'Median preparation (min)'],
      t.prep.current.medianMinutes,
      t.prep.before.medianMinutes,
    ),
    line(['التحضير p90 (دقيقة)', 'Preparation p90 (min)'], t.prep.current.p90Minutes, t.prep.before.p90Minutes),
    line(
      ['وسيط التوصيل (دقيقة)', 'Median delivery (min)'],
      t.delivery.current.medianMinutes,
      t.delivery.before.medianMinutes,
    ),
    line(['التوصيل p90 (دقيقة)', 'Delivery p90 (min)'], t.delivery.current.p90Minutes, t.delivery.before.p90Minutes),
    line(['استبدالات المكافآت', 'Reward redemptions'], e.redemptions.total.current, e.redemptions.total.before),
    line(['استخدامات القسائم', 'Coupon uses'], e.coupons.uses.current, e.coupons.uses.before),
    line(
      ['تكلفة القسائم (ر.س)', 'Coupon cost (SAR)'],
      sar(e.coupons.cost.currentHalalas),
      sar(e.coupons.cost.beforeHalalas),
    ),
    line(
      ['بطاقات الأختام المكتملة', 'Punch cards completed'],
      e.punchCards.completed.current,
      e.punchCards.completed.before,
    ),
    line(['جوائز العجلة', 'Wheel prizes given'], e.wheel.given.current, e.wheel.given.before),
    line(
      ['متوسط التقييم', 'Average rating'],
      stars(e.evaluations.average.current),
      stars(e.evaluations.average.before),
    ),
    line(['التقييمات المنخفضة', 'Low ratings'], e.evaluations.low.received.current, e.evaluations.low.received.before),
    line(
      ['التقييمات المنخفضة المُجاب عنها', 'Low ratings answered'],
      e.evaluations.low.answered.current,
      e.evaluations.low.answered.before,
    ),
  ];
}

/** One engagement table as CSV rows (a header, then a row per line of the page's table). */
export function engagementCsvRows(d: ReportDashboard, table: ReportTable, language: Language): Cell[][] {
  const ar = language === 'ar';
  const e = d.engagement;
  switch (table) {
    case 'times':
      return [
        ar
          ? [
              'الفرع',
              'طلبات التحضير',
              'وسيط التحضير (دقيقة)',
              'التحضير p90 (دقيقة)',
              'طلبات التوصيل',
              'وسيط التوصيل (دقيقة)',
              'التوصيل p90 (دقيقة)',
            ]
          : [
              'Branch',
              'Prepared orders',
              'Median preparation (min)',
              'Preparation p90 (min)',
              'Delivered orders',
              'Median delivery (min)',
              'Delivery p90 (min)',
            ],
        ...e.times.branches.map((b) => [
          b.name[language],
          b.prep.orders,
          blank(b.prep.medianMinutes),
          blank(b.prep.p90Minutes),
          b.delivery.orders,
          blank(b.delivery.medianMinutes),
          blank(b.delivery.p90Minutes),
        ]),
      ];
    case 'redemptions':
      return [
        ar ? ['الفرع', 'الاستبدالات', 'الفترة السابقة'] : ['Branch', 'Redemptions', 'Previous period'],
        ...e.redemptions.branches.map((b) => [b.name[language], b.redemptions, b.before]),
      ];
    case 'coupons':
      return [
        ar ? ['القسيمة', 'الرمز', 'الاستخدامات', 'التكلفة (ر.س)'] : ['Coupon', 'Code', 'Uses', 'Cost (SAR)'],
        ...e.coupons.coupons.map((c) => [c.name[language], c.code, c.uses, sar(c.discountHalalas)]),
      ];
    case 'punchCards':
      return [
        ar ? ['البطاقة', 'المكتملة'] : ['Punch card', 'Completed'],
        ...e.punchCards.programmes.map((p) => [p.name[language], p.completed]),
      ];
    case 'wheel':
      return [
        ar
          ? ['اللعبة', 'الجائزة', 'المعطاة', 'ميزانية الفترة', 'الميزانية اليومية', 'المعطاة حتى الآن', 'المخزون']
          : ['Game', 'Prize', 'Given', 'Period budget', 'Daily budget', 'Given to date', 'Stock'],
        ...e.wheel.segments.map((s) => [
          s.game[language],
          s.label[language],
          s.given,
          blank(s.periodBudget),
          blank(s.dailyBudget),
          s.wonToDate,
          blank(s.stock),
        ]),
      ];
    case 'referral':
      return [
        ar ? ['المرحلة', 'الفترة', 'الفترة السابقة'] : ['Stage', 'Period', 'Previous period'],
        ...e.referral.stages.map((s) => [STAGE_NAMES[s.stage]?.[language] ?? s.stage, s.count, s.before]),
      ];
    case 'evaluations':
      return [
        ar ? ['السؤال', 'الفرع', 'الإجابات', 'المتوسط'] : ['Question', 'Branch', 'Answers', 'Average'],
        ...e.evaluations.questions.map((q) => [
          q.label[language],
          q.branch[language],
          q.answers,
          stars(q.averageHundredths),
        ]),
      ];
    case 'lowRatings':
      return [
        ar ? ['الوقت', 'الفرع', 'الطلب', 'المتوسط', 'الرد'] : ['Time', 'Branch', 'Order', 'Average', 'Answered'],
        ...e.evaluations.lowRatings.map((l) => [
          riyadhTime(l.at),
          l.branch[language],
          blank(l.orderNumber),
          stars(l.averageHundredths),
          l.answeredAt === null ? (ar ? 'لم يُرد عليه' : 'Not answered') : riyadhTime(l.answeredAt),
        ]),
      ];
    default:
      return [];
  }
}
