import type { Language } from '@sufra/shared/language';
import { formatSar } from '@sufra/shared/money';
import type { ReportEngagement } from '@sufra/shared/schemas/reports';
import { formatNumber } from '../../../lib/format-number';

/**
 * The engagement sections' tables as text (docs/adr/0630): headers and rows in the page's language and digits, the
 * same figures the CSV carries. Pure, so a test reads them without a page.
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string;
export interface TableText {
  headers: string[];
  rows: string[][];
}

const timeFormats = new Map<Language, Intl.DateTimeFormat>();
/** A moment in Saudi Arabia's time: "5 Mar, 15:00" in the page's digits. */
export function momentText(iso: string, language: Language): string {
  let format = timeFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'ar' ? 'ar-SA-u-ca-gregory-nu-arab' : 'en-GB', {
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'Asia/Riyadh',
    });
    timeFormats.set(language, format);
  }
  return format.format(new Date(iso));
}

export function starsText(hundredths: number | null, language: Language): string {
  if (hundredths === null) return '–';
  return new Intl.NumberFormat(language === 'ar' ? 'ar-SA' : 'en-SA', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(hundredths / 100);
}

export function engagementTables(e: ReportEngagement, language: Language, t: Translate) {
  const n = (value: number) => formatNumber(value, language);
  const minutes = (value: number | null) => (value === null ? '–' : t('manageReports.minutes', { value: n(value) }));
  const maybe = (value: number | null) => (value === null ? t('manageReports.noLimit') : n(value));
  const c = (key: string) => t(`manageReports.columns.${key}`);
  return {
    times: {
      headers: [
        c('branch'),
        c('prepared'),
        c('prepMedian'),
        c('prepP90'),
        c('delivered'),
        c('deliveryMedian'),
        c('deliveryP90'),
      ],
      rows: e.times.branches.map((b) => [
        b.name[language],
        n(b.prep.orders),
        minutes(b.prep.medianMinutes),
        minutes(b.prep.p90Minutes),
        n(b.delivery.orders),
        minutes(b.delivery.medianMinutes),
        minutes(b.delivery.p90Minutes),
      ]),
    },
    redemptions: {
      headers: [c('branch'), c('redemptions'), c('previous')],
      rows: e.redemptions.branches.map((b) => [b.name[language], n(b.redemptions), n(b.before)]),
    },
    coupons: {
      headers: [c('coupon'), c('code'), c('uses'), c('cost')],
      rows: e.coupons.coupons.map((x) => [x.name[language], x.code, n(x.uses), formatSar(x.discountHalalas, language)]),
    },
    punchCards: {
      headers: [c('punchCard'), c('completed')],
      rows: e.punchCards.programmes.map((p) => [p.name[language], n(p.completed)]),
    },
    wheel: {
      headers: [c('prize'), c('given'), c('periodBudget'), c('dailyBudget'), c('wonToDate'), c('stock')],
      rows: e.wheel.segments.map((s) => [
        `${s.label[language]} · ${s.game[language]}`,
        n(s.given),
        maybe(s.periodBudget),
        maybe(s.dailyBudget),
        n(s.wonToDate),
        maybe(s.stock),
      ]),
    },
    referral: {
      headers: [c('stage'), c('period'), c('previous')],
      rows: e.referral.stages.map((s) => [t(`manageReports.stages.${s.stage}`), n(s.count), n(s.before)]),
    },
    evaluations: {
      headers: [c('question'), c('branch'), c('answers'), c('average')],
      rows: e.evaluations.questions.map((q) => [
        q.label[language],
        q.branch[language],
        n(q.answers),
        starsText(q.averageHundredths, language),
      ]),
    },
    lowRatings: {
      headers: [c('time'), c('branch'), c('order'), c('average'), c('answered')],
      rows: e.evaluations.lowRatings.map((l) => [
        momentText(l.at, language),
        l.branch[language],
        l.orderNumber === null ? t('manageReports.visit') : `#${n(l.orderNumber)}`,
        starsText(l.averageHundredths, language),
        l.answeredAt === null ? t('manageReports.notAnswered') : momentText(l.answeredAt, language),
      ]),
    },
  } satisfies Record<string, TableText>;
}
