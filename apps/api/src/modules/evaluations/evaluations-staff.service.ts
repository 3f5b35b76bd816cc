import type { Answer } from '@sufra/shared/evaluation/answers';
import type { StaffEvaluation, StaffEvaluationAlerts, StaffEvaluations } from '@sufra/shared/schemas/evaluation';
import type { AppContext } from '../../app-context.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import type { RewardsService } from '../loyalty/rewards.service.ts';
import {
  branchAverages,
  countUnansweredLow,
  type EvaluationPhotoRow,
  type EvaluationQuestionRow,
  findStaffEvaluation,
  listApologyRewards,
  listPhotosOf,
  listQuestions,
  listStaffEvaluations,
  markApologized,
  type StaffEvaluationRow,
} from './evaluations.repo.ts';

/**
 * The managers' side of evaluations: the list with its branch averages, one evaluation as staff see it, the Evaluations
 * tab's count of unanswered low ratings, and the apology. Split from evaluations.service.ts (the diner's side) by job.
 */

/** What the staff side needs (evaluations.service.ts's deps give it). */
interface StaffEvaluationsDeps {
  ctx: AppContext;
  rewards: RewardsService;
}

/** How many evaluations the managers' list shows. */
const STAFF_LIST_LIMIT = 50;

export function staffPhotoUrl(photoId: number): string {
  return `/api/staff/evaluations/photos/${photoId}/`;
}

function toStaffEvaluation(
  row: StaffEvaluationRow,
  questions: Map<number, EvaluationQuestionRow>,
  photos: EvaluationPhotoRow[],
): StaffEvaluation {
  const s = row.submission;
  const answers = (s.answers as Answer[]).flatMap((a) => {
    const q = questions.get(a.questionId);
    if (!q) return [];
    const options = new Map(q.options.map((o) => [o.id, { ar: o.ar, en: o.en }]));
    return [
      {
        question: { ar: q.labelAr, en: q.labelEn },
        kind: a.kind,
        rating: a.kind === 'rating' ? a.rating : null,
        choices: a.kind === 'single' || a.kind === 'multiple' ? a.optionIds.flatMap((id) => options.get(id) ?? []) : [],
        text: a.kind === 'text' ? a.text : null,
      },
    ];
  });
  return {
    id: s.id,
    orderId: s.orderId,
    orderNumber: row.orderNumber,
    branch: { id: s.branchId, name: { ar: row.branchNameAr, en: row.branchNameEn } },
    customer: { id: s.customerId, name: row.customerName, phone: row.customerPhone },
    averageRatingHundredths: s.averageRatingHundredths,
    isLow: s.isLow,
    answers,
    photos: photos.map((p) => ({ url: staffPhotoUrl(p.id), width: p.width, height: p.height })),
    apologizedAt: s.apologizedAt ? s.apologizedAt.toISOString() : null,
    suggestedApologyRewardId: row.apologyRewardId,
    createdAt: s.createdAt.toISOString(),
  };
}

async function staffViews(deps: StaffEvaluationsDeps, rows: StaffEvaluationRow[]): Promise<StaffEvaluation[]> {
  const { db } = deps.ctx;
  const formIds = [...new Set(rows.map((r) => r.submission.formId))];
  const [questions, photos] = await Promise.all([
    listQuestions(db, formIds),
    listPhotosOf(
      db,
      rows.map((r) => r.submission.id),
    ),
  ]);
  const byId = new Map(questions.map((q) => [q.id, q]));
  return rows.map((r) =>
    toStaffEvaluation(
      r,
      byId,
      photos.filter((p) => p.submissionId === r.submission.id),
    ),
  );
}

export async function loadForStaff(
  deps: StaffEvaluationsDeps,
  id: number,
  brandId: number,
): Promise<StaffEvaluation | undefined> {
  const { db } = deps.ctx;
  const row = await findStaffEvaluation(db, id, brandId);
  if (!row) return undefined;
  const [view] = await staffViews(deps, [row]);
  return view;
}

export async function listForStaff(
  deps: StaffEvaluationsDeps,
  staff: StaffPrincipal,
  branchId: number | undefined,
): Promise<StaffEvaluations> {
  const { db } = deps.ctx;
  if (staff.role === 'cashier') throw new AppError('forbidden');
  if (branchId !== undefined && !staff.branchIds.includes(branchId)) throw new AppError('branch_out_of_scope');
  const scope = branchId === undefined ? staff.branchIds : [branchId];
  const [averages, rows, apologies] = await Promise.all([
    branchAverages(db, staff.brandId, scope),
    listStaffEvaluations(db, staff.brandId, scope, STAFF_LIST_LIMIT),
    listApologyRewards(db, staff.brandId),
  ]);
  return {
    branches: averages.map((b) => ({
      branch: { id: b.branchId, name: { ar: b.nameAr, en: b.nameEn } },
      count: Number(b.count),
      averageRatingHundredths: b.average === null ? null : Number(b.average),
      lowCount: Number(b.low),
    })),
    evaluations: await staffViews(deps, rows),
    apologyRewards: apologies.map((r) => ({ id: r.id, name: { ar: r.nameAr, en: r.nameEn } })),
  };
}

/** The Evaluations tab's count: low ratings of the user's branches not yet answered with an apology. */
export async function alertsForStaff(
  deps: StaffEvaluationsDeps,
  staff: StaffPrincipal,
): Promise<StaffEvaluationAlerts> {
  if (staff.role === 'cashier') throw new AppError('forbidden');
  return { unansweredLow: await countUnansweredLow(deps.ctx.db, staff.brandId, staff.branchIds) };
}

/**
 * The manager's apology in one step: the reward granted to the diner (My Rewards) and the evaluation marked
 * answered, in one transaction; a second apology (double tap, another manager) is refused and grants nothing.
 */
export async function apologize(
  deps: StaffEvaluationsDeps,
  staff: StaffPrincipal,
  evaluationId: number,
  rewardId: number,
): Promise<StaffEvaluation> {
  const { ctx } = deps;
  const { db } = ctx;
  if (staff.role === 'cashier') throw new AppError('forbidden');
  const row = await findStaffEvaluation(db, evaluationId, staff.brandId);
  if (!row || !staff.branchIds.includes(row.submission.branchId)) throw new AppError('evaluation_not_found');
  if (row.submission.apologizedAt) throw new AppError('evaluation_apology_sent');
  await deps.rewards.grant(staff, row.submission.customerId, rewardId, async (tx, owned) => {
    const marked = await markApologized(tx, evaluationId, {
      customerRewardId: owned.id,
      staffId: staff.id,
      at: ctx.now(),
    });
    if (!marked) throw new AppError('evaluation_apology_sent');
  });
  const view = await loadForStaff(deps, evaluationId, staff.brandId);
  if (!view) throw new AppError('evaluation_not_found');
  return view;
}
