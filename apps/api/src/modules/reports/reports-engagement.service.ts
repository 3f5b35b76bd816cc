import { addToHistogram, minutePercentiles } from '@sufra/shared/reports/minute-percentiles';
import { REPORT_REFERRAL_STAGES, type ReportEngagement } from '@sufra/shared/schemas/reports';
import type { Queryable } from '../../db/client.ts';
import type { Scope } from './reports.repo.ts';
import {
  couponNames,
  type EngagementMetric,
  type EngagementRow,
  engagementRows,
  lowRatings,
  type Named,
  programmeNames,
  questionNames,
  wheelSegments,
} from './reports-engagement.repo.ts';

const LOW_RATINGS_SHOWN = 20;

interface Period {
  from: string;
  to: string;
  days: number;
}

const byMetric = (rows: EngagementRow[], metric: EngagementMetric) => rows.filter((r) => r.metric === metric);
const countOf = (rows: EngagementRow[]) => rows.reduce((sum, r) => sum + r.count, 0);
const amountOf = (rows: EngagementRow[]) => rows.reduce((sum, r) => sum + r.amount, 0);

function minutesOf(rows: EngagementRow[]) {
  const histogram = new Map<number, number>();
  for (const r of rows) addToHistogram(histogram, r.key, r.count);
  return minutePercentiles(histogram);
}

/** Sums rows by a key (a branch, a coupon, a question …) in first-seen order. */
function groupBy<K>(rows: EngagementRow[], key: (r: EngagementRow) => K): Map<K, EngagementRow[]> {
  const groups = new Map<K, EngagementRow[]>();
  for (const r of rows) {
    const k = key(r);
    groups.set(k, [...(groups.get(k) ?? []), r]);
  }
  return groups;
}

const text = (n: Named | undefined, fallback: string) => ({ ar: n?.nameAr ?? fallback, en: n?.nameEn ?? fallback });
const average = (rows: EngagementRow[]) => {
  const answers = countOf(rows);
  return answers === 0 ? null : Math.round((amountOf(rows) * 100) / answers);
};

/**
 * The engagement sections of a dashboard: the period's and the previous period's roll-up rows in the scope, with
 * the names and budgets as they are now and the low-rating drill-down from the raw submissions.
 */
export async function engagementSections(
  db: Queryable,
  scope: Scope,
  period: Period,
  previous: { from: string; to: string },
  branches: { id: number; nameAr: string; nameEn: string }[],
): Promise<ReportEngagement> {
  const [[now = [], before = []], lows] = await Promise.all([
    engagementRows(db, scope, [period, previous]),
    lowRatings(db, scope, period.from, period.to, LOW_RATINGS_SHOWN),
  ]);
  const branchName = new Map(branches.map((b) => [b.id, { ar: b.nameAr, en: b.nameEn }]));
  const nameOfBranch = (id: number) => branchName.get(id) ?? { ar: String(id), en: String(id) };
  const keys = (metric: EngagementMetric) => [...new Set(byMetric(now, metric).map((r) => r.key))];
  const [coupons, programmes, questions, segments] = await Promise.all([
    couponNames(db, scope.brandId, keys('coupon')),
    programmeNames(db, scope.brandId, keys('punch')),
    questionNames(db, scope.brandId, keys('rating')),
    wheelSegments(db, scope, keys('wheel')),
  ]);

  // Times per branch: the branches in scope that timed any order, in the brand's order.
  const prepBy = groupBy(byMetric(now, 'prep'), (r) => r.branchId);
  const deliveryBy = groupBy(byMetric(now, 'delivery'), (r) => r.branchId);
  const timedBranches = branches.filter((b) => prepBy.has(b.id) || deliveryBy.has(b.id));

  const redeemedBy = groupBy(byMetric(now, 'redemption'), (r) => r.branchId);
  const redeemedBefore = groupBy(byMetric(before, 'redemption'), (r) => r.branchId);
  const redeemingBranches = branches.filter((b) => redeemedBy.has(b.id) || redeemedBefore.has(b.id));

  const couponBy = groupBy(byMetric(now, 'coupon'), (r) => r.key);
  const couponById = new Map(coupons.map((c) => [c.id, c]));
  const programmeBy = groupBy(byMetric(now, 'punch'), (r) => r.key);
  const programmeById = new Map(programmes.map((p) => [p.id, p]));
  const wheelBy = groupBy(byMetric(now, 'wheel'), (r) => r.key);

  const stage = (rows: EngagementRow[], index: number) =>
    countOf(byMetric(rows, 'referral').filter((r) => r.key === index));
  const questionOrder = new Map(questions.map((q, i) => [q.id, i]));
  const questionById = new Map(questions.map((q) => [q.id, q]));
  const ratingsBy = groupBy(byMetric(now, 'rating'), (r) => `${r.key}:${r.branchId}`);
  const answered = byMetric(now, 'low_answered');

  return {
    times: {
      prep: { current: minutesOf(byMetric(now, 'prep')), before: minutesOf(byMetric(before, 'prep')) },
      delivery: { current: minutesOf(byMetric(now, 'delivery')), before: minutesOf(byMetric(before, 'delivery')) },
      branches: timedBranches.map((b) => ({
        branchId: b.id,
        name: nameOfBranch(b.id),
        prep: minutesOf(prepBy.get(b.id) ?? []),
        delivery: minutesOf(deliveryBy.get(b.id) ?? []),
      })),
    },
    redemptions: {
      total: { current: countOf(byMetric(now, 'redemption')), before: countOf(byMetric(before, 'redemption')) },
      branches: redeemingBranches
        .map((b) => ({
          branchId: b.id,
          name: nameOfBranch(b.id),
          redemptions: countOf(redeemedBy.get(b.id) ?? []),
          before: countOf(redeemedBefore.get(b.id) ?? []),
        }))
        .sort((a, b) => b.redemptions - a.redemptions || a.branchId - b.branchId),
    },
    coupons: {
      uses: { current: countOf(byMetric(now, 'coupon')), before: countOf(byMetric(before, 'coupon')) },
      cost: { currentHalalas: amountOf(byMetric(now, 'coupon')), beforeHalalas: amountOf(byMetric(before, 'coupon')) },
      coupons: [...couponBy.entries()]
        .map(([id, rows]) => ({
          couponId: id,
          code: couponById.get(id)?.code ?? String(id),
          name: text(couponById.get(id), String(id)),
          uses: countOf(rows),
          discountHalalas: amountOf(rows),
        }))
        .sort((a, b) => b.discountHalalas - a.discountHalalas || b.uses - a.uses || a.couponId - b.couponId),
    },
    punchCards: {
      completed: { current: countOf(byMetric(now, 'punch')), before: countOf(byMetric(before, 'punch')) },
      programmes: [...programmeBy.entries()]
        .map(([id, rows]) => ({
          programmeId: id,
          name: text(programmeById.get(id), String(id)),
          completed: countOf(rows),
        }))
        .sort((a, b) => b.completed - a.completed || a.programmeId - b.programmeId),
    },
    wheel: {
      given: { current: countOf(byMetric(now, 'wheel')), before: countOf(byMetric(before, 'wheel')) },
      segments: segments.map((s) => ({
        segmentId: s.id,
        game: { ar: s.gameAr, en: s.gameEn },
        label: { ar: s.labelAr, en: s.labelEn },
        given: countOf(wheelBy.get(s.id) ?? []),
        dailyBudget: s.dailyBudget,
        periodBudget: s.dailyBudget === null ? null : s.dailyBudget * period.days,
        stock: s.stock,
        wonToDate: s.won,
      })),
    },
    referral: {
      counted: scope.branchIds === null,
      stages: REPORT_REFERRAL_STAGES.map((s, i) => ({ stage: s, count: stage(now, i), before: stage(before, i) })),
    },
    evaluations: {
      average: { current: average(byMetric(now, 'rating')), before: average(byMetric(before, 'rating')) },
      questions: [...ratingsBy.values()]
        .map((rows) => {
          const first = rows[0] as EngagementRow;
          const branchId = first.branchId as number;
          return {
            questionId: first.key,
            label: text(questionById.get(first.key), String(first.key)),
            branchId,
            branch: nameOfBranch(branchId),
            answers: countOf(rows),
            averageHundredths: average(rows) ?? 0,
          };
        })
        .sort(
          (a, b) =>
            (questionOrder.get(a.questionId) ?? 0) - (questionOrder.get(b.questionId) ?? 0) ||
            a.questionId - b.questionId ||
            a.branchId - b.branchId,
        ),
      low: {
        received: { current: countOf(byMetric(now, 'low')), before: countOf(byMetric(before, 'low')) },
        answered: { current: countOf(answered), before: countOf(byMetric(before, 'low_answered')) },
        averageAnswerMinutes: countOf(answered) === 0 ? null : Math.round(amountOf(answered) / countOf(answered)),
      },
      lowRatings: lows.map((l) => ({ ...l, branch: nameOfBranch(l.branchId) })),
    },
  };
}
