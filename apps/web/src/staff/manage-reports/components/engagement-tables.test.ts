import type { ReportEngagement } from '@sufra/shared/schemas/reports';
import { describe, expect, it } from 'vitest';
import { engagementTables, momentText, starsText } from './engagement-tables';

const t = (key: string, options?: Record<string, unknown>) =>
  options ? `${key}(${Object.values(options).join(',')})` : key;
const minutes = (current: number | null) => ({
  orders: current === null ? 0 : 3,
  medianMinutes: current,
  p90Minutes: current,
});
const e: ReportEngagement = {
  times: {
    prep: { current: minutes(12), before: minutes(9) },
    delivery: { current: minutes(null), before: minutes(null) },
    branches: [{ branchId: 1, name: { ar: 'العليا', en: 'Olaya' }, prep: minutes(12), delivery: minutes(null) }],
  },
  redemptions: { total: { current: 2, before: 1 }, branches: [] },
  coupons: {
    uses: { current: 2, before: 0 },
    cost: { currentHalalas: 3_500, beforeHalalas: 0 },
    coupons: [{ couponId: 1, code: 'SPRING', name: { ar: 'الربيع', en: 'Spring' }, uses: 12, discountHalalas: 3_500 }],
  },
  punchCards: { completed: { current: 0, before: 0 }, programmes: [] },
  wheel: {
    given: { current: 1, before: 0 },
    segments: [
      {
        segmentId: 1,
        game: { ar: 'العجلة', en: 'Wheel' },
        label: { ar: 'هدية', en: 'Gift' },
        given: 1,
        dailyBudget: null,
        periodBudget: null,
        stock: 10,
        wonToDate: 4,
      },
    ],
  },
  referral: { counted: true, stages: [{ stage: 'converted', count: 2, before: 0 }] },
  evaluations: {
    average: { current: 257, before: null },
    questions: [],
    low: { received: { current: 1, before: 0 }, answered: { current: 0, before: 0 }, averageAnswerMinutes: null },
    lowRatings: [
      {
        id: 1,
        branchId: 1,
        branch: { ar: 'العليا', en: 'Olaya' },
        at: '2026-03-05T12:00:00.000Z',
        averageHundredths: 150,
        orderNumber: 17,
        answeredAt: null,
      },
    ],
  },
};

describe("the engagement sections' tables", () => {
  it('writes figures in English digits, an empty time as a dash and no budget as "no limit"', () => {
    const tables = engagementTables(e, 'en', t);
    expect(tables.times.rows).toEqual([
      ['Olaya', '3', 'manageReports.minutes(12)', 'manageReports.minutes(12)', '0', '–', '–'],
    ]);
    expect(tables.coupons.rows).toEqual([['Spring', 'SPRING', '12', expect.stringMatching(/35\.00/)]]);
    expect(tables.wheel.rows).toEqual([
      ['Gift · Wheel', '1', 'manageReports.noLimit', 'manageReports.noLimit', '4', '10'],
    ]);
    expect(tables.referral.rows).toEqual([['manageReports.stages.converted', '2', '0']]);
    expect(tables.lowRatings.rows).toEqual([['5 Mar, 15:00', 'Olaya', '#17', '1.50', 'manageReports.notAnswered']]);
    expect(tables.lowRatings.headers).toHaveLength(tables.lowRatings.rows[0]?.length ?? 0);
  });

  it('writes the same figures in Arabic-Indic digits with Arabic names in Arabic', () => {
    const tables = engagementTables(e, 'ar', t);
    expect(tables.coupons.rows[0]?.slice(0, 3)).toEqual(['الربيع', 'SPRING', '١٢']);
    expect(tables.lowRatings.rows[0]?.[2]).toBe('#١٧');
    expect(starsText(257, 'ar')).toBe('٢٫٥٧');
    expect(momentText('2026-03-05T12:00:00.000Z', 'ar')).toMatch(/١٥:٠٠/);
    expect(tables.wheel.rows[0]?.[0]).toBe('هدية · العجلة');
  });
});
