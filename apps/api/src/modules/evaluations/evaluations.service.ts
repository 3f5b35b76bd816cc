import { randomUUID } from 'node:crypto';
import {
  type Answer,
  averageRatingHundredths,
  checkAnswers,
  isLowRating,
  type QuestionKind,
} from '@sufra/shared/evaluation/answers';
import type {
  EvaluationForm,
  OrderEvaluation,
  StaffEvaluation,
  StaffEvaluationAlerts,
  StaffEvaluations,
  SubmitEvaluationBody,
  SubmittedEvaluation,
} from '@sufra/shared/schemas/evaluation';
import type { AppContext } from '../../app-context.ts';
import type { CustomerPrincipal, StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import type { FileStorage } from '../../providers/storage/file-storage.ts';
import { dayIn } from '../games/game-rules.ts';
import { appendPoints } from '../loyalty/loyalty.repo.ts';
import type { RewardsService } from '../loyalty/rewards.service.ts';
import { notifyLive } from '../order-events/order-events.repo.ts';
import {
  branchAverages,
  countUnansweredLow,
  type EvaluationFormRow,
  type EvaluationPhotoRow,
  type EvaluationQuestionRow,
  findActiveForm,
  findCustomerOrder,
  findForm,
  findPhoto,
  findStaffEvaluation,
  hasSubmission,
  hasVisitSubmission,
  insertPhotos,
  insertSubmission,
  listApologyRewards,
  listPhotosOf,
  listQuestions,
  listStaffEvaluations,
  markApologized,
  type StaffEvaluationRow,
} from './evaluations.repo.ts';
import { type ProcessedPhoto, processPhoto } from './photo-processing.ts';

/** Orders that can't be rated: the visit did not happen. */
const UNRATABLE = new Set(['canceled', 'returned']);
/** The one status an order can be rated in: completed (handed over, served or delivered). */
const RATABLE = 'delivered';
/** How many evaluations the managers' list shows. */
const STAFF_LIST_LIMIT = 50;

export function staffPhotoUrl(photoId: number): string {
  return `/api/staff/evaluations/photos/${photoId}/`;
}

function toQuestion(q: EvaluationQuestionRow): EvaluationForm['questions'][number] {
  return {
    id: q.id,
    kind: q.kind as QuestionKind,
    label: { ar: q.labelAr, en: q.labelEn },
    options: q.options.map((o) => ({ id: o.id, label: { ar: o.ar, en: o.en } })),
    required: q.isRequired,
  };
}

/** Where a QR code is: the brand, the branch and the branch's time zone (a visit's day is the branch's). */
export interface EvaluationPlace {
  brandId: number;
  branchId: number;
  timeZone: string;
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

/** What the evaluations' operations need: the app, the photos' storage and the rewards (an apology is one). */
export interface EvaluationsDeps {
  ctx: AppContext;
  storage: FileStorage;
  rewards: RewardsService;
}

async function staffViews(deps: EvaluationsDeps, rows: StaffEvaluationRow[]): Promise<StaffEvaluation[]> {
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
  deps: EvaluationsDeps,
  id: number,
  brandId: number,
): Promise<StaffEvaluation | undefined> {
  const { db } = deps.ctx;
  const row = await findStaffEvaluation(db, id, brandId);
  if (!row) return undefined;
  const [view] = await staffViews(deps, [row]);
  return view;
}

async function formOf(deps: EvaluationsDeps, brandId: number, formId: number): Promise<EvaluationFormRow> {
  const { db } = deps.ctx;
  const form = await findForm(db, formId, brandId);
  if (!form) throw new AppError('evaluation_form_not_found');
  return form;
}

export async function form(
  deps: EvaluationsDeps,
  place: EvaluationPlace,
  formId: number,
  customer: CustomerPrincipal | null,
  orderId?: number,
) {
  const { db } = deps.ctx;
  const { brandId } = place;
  const form = await formOf(deps, brandId, formId);
  const questions = await listQuestions(db, [form.id]);
  let alreadySubmitted = false;
  if (orderId !== undefined && customer) {
    const order = await findCustomerOrder(db, orderId, customer.id, brandId);
    if (!order) throw new AppError('order_not_found');
    alreadySubmitted = await hasSubmission(db, order.id);
  } else if (customer) {
    alreadySubmitted = await hasVisitSubmission(db, customer.id, place.branchId, visitDayOf(deps, place));
  }
  return {
    id: form.id,
    name: { ar: form.nameAr, en: form.nameEn },
    pointsReward: form.pointsReward,
    questions: questions.map(toQuestion),
    alreadySubmitted,
  } satisfies EvaluationForm;
}

export async function forOrder(
  deps: EvaluationsDeps,
  customer: CustomerPrincipal,
  orderId: number,
): Promise<OrderEvaluation> {
  const { db } = deps.ctx;
  const order = await findCustomerOrder(db, orderId, customer.id, customer.brandId);
  if (!order) throw new AppError('order_not_found');
  const [form, submitted] = await Promise.all([findActiveForm(db, customer.brandId), hasSubmission(db, order.id)]);
  // Offered for a completed order only (not pending, in the kitchen, canceled or returned); "rated" stays shown.
  return { formId: order.status === RATABLE ? (form?.id ?? null) : null, submitted };
}

/** Today in the branch's time zone: a visit rated without an order counts once on it. */
function visitDayOf(deps: EvaluationsDeps, place: EvaluationPlace): string {
  return dayIn(deps.ctx.now(), place.timeZone);
}

/** Every check of a submission before anything is written: the form, the order, the answers, not rated yet. */
async function checkedSubmission(
  deps: EvaluationsDeps,
  customer: CustomerPrincipal,
  place: EvaluationPlace,
  formId: number,
  body: SubmitEvaluationBody,
) {
  const { db } = deps.ctx;
  const form = await formOf(deps, customer.brandId, formId);
  let subject: { orderId: number; branchId: number } | { visitDay: string; branchId: number };
  if (body.orderId !== undefined) {
    const order = await findCustomerOrder(db, body.orderId, customer.id, customer.brandId);
    if (!order) throw new AppError('order_not_found');
    if (UNRATABLE.has(order.status)) throw new AppError('evaluation_order_canceled');
    if (order.status !== RATABLE) throw new AppError('evaluation_order_not_completed');
    subject = { orderId: order.id, branchId: order.branchId };
  } else {
    subject = { visitDay: visitDayOf(deps, place), branchId: place.branchId };
  }
  const questions = await listQuestions(db, [form.id]);
  const checked = checkAnswers(
    questions.map((q) => ({
      id: q.id,
      kind: q.kind as QuestionKind,
      optionIds: q.options.map((o) => o.id),
      required: q.isRequired,
    })),
    body.answers,
  );
  if (!checked.ok) {
    if (checked.invalid) throw new AppError('evaluation_answer_invalid');
    throw new AppError('evaluation_unanswered', { unanswered: checked.unanswered });
  }
  if ('orderId' in subject) {
    if (await hasSubmission(db, subject.orderId)) throw new AppError('evaluation_already_submitted');
  } else if (await hasVisitSubmission(db, customer.id, subject.branchId, subject.visitDay)) {
    throw new AppError('evaluation_visit_already_rated');
  }
  return { form, subject, checked };
}

/**
 * Every check first (the form, the order, the answers, not rated yet), then the photos into storage, then one
 * transaction: the submission (the order's unique index lets one of concurrent submissions in), its photos, the
 * points and the low-rating notice. Anything refused after the photos were stored removes them again.
 */
export async function submit(
  deps: EvaluationsDeps,
  customer: CustomerPrincipal,
  place: EvaluationPlace,
  formId: number,
  body: SubmitEvaluationBody,
  photos: ProcessedPhoto[],
): Promise<SubmittedEvaluation> {
  const { ctx } = deps;
  const { db } = ctx;
  const { form, subject, checked } = await checkedSubmission(deps, customer, place, formId, body);
  const orderId = 'orderId' in subject ? subject.orderId : null;
  // A visit rated without an order earns nothing: no order shows the visit happened.
  const points = orderId === null ? 0 : form.pointsReward;

  const average = averageRatingHundredths(checked.answers);
  const isLow = isLowRating(average, form.lowRatingThreshold);
  const now = ctx.now();
  const keys = photos.map(() => `evaluations/${customer.brandId}/${randomUUID()}.jpg`);
  await Promise.all(photos.map((p, i) => deps.storage.put(keys[i] as string, p.body, p.contentType)));
  try {
    return await db.transaction(async (tx) => {
      const row = await insertSubmission(tx, {
        formId: form.id,
        brandId: customer.brandId,
        branchId: subject.branchId,
        customerId: customer.id,
        orderId,
        visitDay: 'visitDay' in subject ? subject.visitDay : null,
        answers: checked.answers,
        averageRatingHundredths: average,
        isLow,
        pointsAwarded: points,
        createdAt: now,
      });
      if (!row) {
        throw new AppError(orderId === null ? 'evaluation_visit_already_rated' : 'evaluation_already_submitted');
      }
      await insertPhotos(
        tx,
        photos.map((p, i) => ({
          submissionId: row.id,
          position: i,
          storageKey: keys[i] as string,
          contentType: p.contentType,
          sizeBytes: p.body.length,
          width: p.width,
          height: p.height,
        })),
      );
      if (orderId !== null && points > 0) {
        const credited = await appendPoints(tx, {
          brandId: customer.brandId,
          customerId: customer.id,
          kind: 'bonus',
          points,
          reason: 'evaluation',
          orderId,
          at: now,
        });
        // A credit can't take a wallet below zero; no row means the customer is not the brand's (never here).
        if (!credited) throw new AppError('customer_not_found');
      }
      if (isLow) {
        await notifyLive(tx, {
          kind: 'evaluation_low',
          evaluationId: row.id,
          brandId: customer.brandId,
          branchId: subject.branchId,
        });
      }
      return {
        id: row.id,
        pointsAwarded: points,
        averageRatingHundredths: average,
        photos: photos.length,
      };
    });
  } catch (error) {
    await Promise.all(keys.map((k) => deps.storage.delete(k).catch(() => {})));
    throw error;
  }
}

async function readPhoto(deps: EvaluationsDeps, photo: EvaluationPhotoRow) {
  const body = await deps.storage.get(photo.storageKey);
  if (!body) throw new AppError('evaluation_photo_not_found');
  return { body, contentType: photo.contentType };
}

/** A photo's bytes for the diner who sent it. */
export async function photoForCustomer(deps: EvaluationsDeps, customer: CustomerPrincipal, photoId: number) {
  const { db } = deps.ctx;
  const found = await findPhoto(db, photoId);
  if (!found || found.customerId !== customer.id || found.brandId !== customer.brandId) {
    throw new AppError('evaluation_photo_not_found');
  }
  return readPhoto(deps, found.photo);
}

/** A photo's bytes for the brand's staff whose branches include the evaluation's. */
export async function photoForStaff(deps: EvaluationsDeps, staff: StaffPrincipal, photoId: number) {
  const { db } = deps.ctx;
  const found = await findPhoto(db, photoId);
  if (!found || found.brandId !== staff.brandId || !staff.branchIds.includes(found.branchId)) {
    throw new AppError('evaluation_photo_not_found');
  }
  return readPhoto(deps, found.photo);
}

export async function listForStaff(
  deps: EvaluationsDeps,
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
export async function alertsForStaff(deps: EvaluationsDeps, staff: StaffPrincipal): Promise<StaffEvaluationAlerts> {
  if (staff.role === 'cashier') throw new AppError('forbidden');
  return { unansweredLow: await countUnansweredLow(deps.ctx.db, staff.brandId, staff.branchIds) };
}

/**
 * The manager's apology in one step: the reward granted to the diner (My Rewards) and the evaluation marked
 * answered, in one transaction; a second apology (double tap, another manager) is refused and grants nothing.
 */
export async function apologize(
  deps: EvaluationsDeps,
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

/**
 * Evaluations (issue 17): a diner rates one of their orders on the brand's form, once; the points the form gives go
 * through the ledger in the same transaction; a low rating is announced (NOTIFY, at commit) to the branch's
 * managers' live boards; a manager answers one with an apology reward in one step.
 */
/** Photos one diner may have decoded in a window (issue 24: 49-megapixel photos were decoded for anyone). */
export const PHOTO_DECODES = { perDiner: 10, windowMs: 10 * 60_000 } as const;

/**
 * The checks a submission makes before its photos are decoded (the form, the order is the diner's and ratable, the
 * answers, not rated yet): the route runs them first, so a stranger's upload costs no decoding. submit checks again.
 */
export async function checkBeforePhotos(
  deps: EvaluationsDeps,
  customer: CustomerPrincipal,
  place: EvaluationPlace,
  formId: number,
  body: SubmitEvaluationBody,
): Promise<void> {
  await checkedSubmission(deps, customer, place, formId, body);
}

/**
 * Decodes a submission's uploads one at a time, after counting them against the diner's allowance (counted before
 * decoding, refusals included: a corrupt photo costs the decoder as much). The count is kept in this process, like
 * the diners' stream slots: with several instances each allows its own ten.
 */
function photoDecoder(deps: EvaluationsDeps) {
  const decoded = new Map<number, number[]>();
  return async (customer: CustomerPrincipal, uploads: Buffer[]): Promise<ProcessedPhoto[]> => {
    if (uploads.length === 0) return [];
    const now = deps.ctx.now().getTime();
    const recent = (decoded.get(customer.id) ?? []).filter((at) => at > now - PHOTO_DECODES.windowMs);
    if (recent.length + uploads.length > PHOTO_DECODES.perDiner) {
      const oldest = recent[Math.max(0, recent.length + uploads.length - PHOTO_DECODES.perDiner - 1)] ?? now;
      const seconds = Math.ceil((oldest + PHOTO_DECODES.windowMs - now) / 1000);
      throw new AppError('evaluation_uploads_limited', { retryAfterSeconds: Math.max(1, seconds) });
    }
    decoded.set(customer.id, [...recent, ...uploads.map(() => now)]);
    if (decoded.size > 10_000) decoded.delete(decoded.keys().next().value as number);
    const photos: ProcessedPhoto[] = [];
    for (const upload of uploads) photos.push(await processPhoto(upload));
    return photos;
  };
}

export function createEvaluationsService(ctx: AppContext, options: { storage: FileStorage; rewards: RewardsService }) {
  const deps = { ctx, ...options } satisfies EvaluationsDeps;
  return {
    checkBeforePhotos: checkBeforePhotos.bind(null, deps),
    decodePhotos: photoDecoder(deps),
    form: form.bind(null, deps),
    forOrder: forOrder.bind(null, deps),
    submit: submit.bind(null, deps),
    photoForCustomer: photoForCustomer.bind(null, deps),
    photoForStaff: photoForStaff.bind(null, deps),
    listForStaff: listForStaff.bind(null, deps),
    alertsForStaff: alertsForStaff.bind(null, deps),
    apologize: apologize.bind(null, deps),
    loadForStaff: loadForStaff.bind(null, deps),
  };
}

export type EvaluationsService = ReturnType<typeof createEvaluationsService>;
