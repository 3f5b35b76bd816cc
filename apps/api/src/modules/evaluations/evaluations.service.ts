import { randomUUID } from 'node:crypto';
import {
  averageRatingHundredths,
  checkAnswers,
  isLowRating,
  type QuestionKind,
} from '@sufra/shared/evaluation/answers';
import type {
  EvaluationForm,
  OrderEvaluation,
  SubmitEvaluationBody,
  SubmittedEvaluation,
} from '@sufra/shared/schemas/evaluation';
import type { AppContext } from '../../app-context.ts';
import { notifyLive } from '../../core/live-notices.repo.ts';
import { dayIn } from '../../lib/brand-day.ts';
import type { CustomerPrincipal, StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import type { FileStorage } from '../../providers/storage/file-storage.ts';
import { creditPoints } from '../loyalty/loyalty.service.ts';
import type { RewardsService } from '../loyalty/rewards.service.ts';
import {
  type EvaluationFormRow,
  type EvaluationPhotoRow,
  type EvaluationQuestionRow,
  type FormChannel,
  findActiveForm,
  findCustomerOrder,
  findForm,
  findPhoto,
  hasSubmission,
  hasVisitSubmission,
  insertPhotos,
  insertSubmission,
  isFormOffered,
  listQuestions,
} from './evaluations.repo.ts';
import { alertsForStaff, apologize, listForStaff, loadForStaff } from './evaluations-staff.service.ts';
import { type ProcessedPhoto, processPhoto } from './photo-processing.service.ts';

/**
 * Evaluations (issue 17): a diner rates one of their orders on the brand's form, once; the points the form gives go
 * through the ledger in the same transaction; a low rating is announced (NOTIFY, at commit) to the branch's
 * managers' live boards; a manager answers one with an apology reward in one step.
 */

/** Orders that can't be rated: the visit did not happen. */
const UNRATABLE = new Set(['canceled', 'returned']);
/** The one status an order can be rated in: completed (handed over, served or delivered). */
const RATABLE = 'delivered';

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

/** What the evaluations' operations need: the app, the photos' storage and the rewards (an apology is one). */
export interface EvaluationsDeps {
  ctx: AppContext;
  storage: FileStorage;
  rewards: RewardsService;
}

/**
 * The brand's active form, offered at the branch for the channel (after an order, or a visit at the table QR):
 * one the console linked elsewhere is not found (issue 27 item 5).
 */
async function formOf(
  deps: EvaluationsDeps,
  brandId: number,
  formId: number,
  branchId: number,
  channel: FormChannel,
): Promise<EvaluationFormRow> {
  const { db } = deps.ctx;
  const form = await findForm(db, formId, brandId);
  if (!form || !(await isFormOffered(db, form.id, branchId, channel))) throw new AppError('evaluation_form_not_found');
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
  let alreadySubmitted = false;
  let form: EvaluationFormRow;
  if (orderId !== undefined && customer) {
    const order = await findCustomerOrder(db, orderId, customer.id, brandId);
    if (!order) throw new AppError('order_not_found');
    form = await formOf(deps, brandId, formId, order.branchId, 'orders');
    alreadySubmitted = await hasSubmission(db, order.id);
  } else {
    form = await formOf(deps, brandId, formId, place.branchId, 'visits');
    if (customer) {
      alreadySubmitted = await hasVisitSubmission(db, customer.id, place.branchId, visitDayOf(deps, place));
    }
  }
  const questions = await listQuestions(db, [form.id], { live: true });
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
  const [form, submitted] = await Promise.all([
    findActiveForm(db, customer.brandId, order.branchId, 'orders'),
    hasSubmission(db, order.id),
  ]);
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
  const form = await formOf(
    deps,
    customer.brandId,
    formId,
    subject.branchId,
    'orderId' in subject ? 'orders' : 'visits',
  );
  const questions = await listQuestions(db, [form.id], { live: true });
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
        const credited = await creditPoints(tx, {
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
