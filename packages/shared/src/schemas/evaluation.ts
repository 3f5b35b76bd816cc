import { z } from 'zod';
import { MAX_TEXT_ANSWER, QUESTION_KINDS, RATING_MAX, RATING_MIN } from '../evaluation/answers.ts';
import { dbId, localizedText } from './common.ts';

const id = dbId;

export const evaluationQuestionSchema = z.object({
  id,
  kind: z.enum(QUESTION_KINDS),
  label: localizedText,
  /** Choice questions' options; empty for stars and text. */
  options: z.array(z.object({ id: z.number().int(), label: localizedText })),
  /** false: the diner may leave it unanswered. */
  required: z.boolean(),
});
export type EvaluationQuestion = z.infer<typeof evaluationQuestionSchema>;

/** GET /api/evaluations/{uuid}/forms/{form}/: the form, and whether the order named has been rated already. */
export const evaluationFormSchema = z.object({
  id,
  name: localizedText,
  pointsReward: z.number().int(),
  questions: z.array(evaluationQuestionSchema),
  /**
   * With ?order=: that order's evaluation was sent already; without it, for a signed-in diner: they rated a visit to
   * this QR code's branch today (the page says so instead of the form).
   */
  alreadySubmitted: z.boolean(),
});
export type EvaluationForm = z.infer<typeof evaluationFormSchema>;

export const evaluationFormParams = z.object({
  uuid: z.uuid(),
  form: z.coerce.number().int().positive().max(2_147_483_647),
});
export const evaluationFormQuery = z.object({
  order: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export const evaluationOrderParams = z.object({
  uuid: z.uuid(),
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/** GET /api/evaluations/{uuid}/orders/{id}/: may this order be rated, on which form, or was it rated. */
export const orderEvaluationSchema = z.object({
  /** The brand's active form; null when the brand has none. */
  formId: id.nullable(),
  submitted: z.boolean(),
});
export type OrderEvaluation = z.infer<typeof orderEvaluationSchema>;

export const answerInputSchema = z.object({
  questionId: id,
  rating: z.number().int().min(RATING_MIN).max(RATING_MAX).optional(),
  optionIds: z.array(id).max(50).optional(),
  text: z.string().max(MAX_TEXT_ANSWER).optional(),
});

/**
 * The multipart field `evaluation` (JSON) of POST /api/evaluations/{uuid}/forms/{form}/; photos are file parts.
 * Without `orderId`: a visit to the QR code's branch rated without an order in the app (once a day, no points).
 */
export const submitEvaluationBody = z.object({
  orderId: id.max(2_147_483_647).optional(),
  answers: z.array(answerInputSchema).max(100),
});
export type SubmitEvaluationBody = z.infer<typeof submitEvaluationBody>;

export const submittedEvaluationSchema = z.object({
  id,
  /** Points credited to the wallet for it (0 when the brand gives none). */
  pointsAwarded: z.number().int(),
  /** Stars averaged, in hundredths (450 = 4.5); null when the form has no star question. */
  averageRatingHundredths: z.number().int().nullable(),
  photos: z.number().int(),
});
export type SubmittedEvaluation = z.infer<typeof submittedEvaluationSchema>;

export const staffEvaluationAnswerSchema = z.object({
  question: localizedText,
  kind: z.enum(QUESTION_KINDS),
  rating: z.number().int().nullable(),
  choices: z.array(localizedText),
  text: z.string().nullable(),
});

/** One evaluation as a branch's managers see it (the list, and the live `evaluation_low` event). */
export const staffEvaluationSchema = z.object({
  id,
  /** Null: a visit rated from the table's QR without an order in the app. */
  orderId: id.nullable(),
  orderNumber: z.number().int().nullable(),
  branch: z.object({ id, name: localizedText }),
  customer: z.object({ id, name: z.string().nullable(), phone: z.string() }),
  averageRatingHundredths: z.number().int().nullable(),
  isLow: z.boolean(),
  answers: z.array(staffEvaluationAnswerSchema),
  /** Same-origin URLs the staff session may load. */
  photos: z.array(z.object({ url: z.string(), width: z.number().int(), height: z.number().int() })),
  apologizedAt: z.iso.datetime().nullable(),
  /** The reward the apology starts on: its form's (null: none set, the first of `apologyRewards`). */
  suggestedApologyRewardId: id.nullable(),
  createdAt: z.iso.datetime(),
});
export type StaffEvaluation = z.infer<typeof staffEvaluationSchema>;

export const staffEvaluationsQuery = z.object({
  branchId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

/** GET /api/staff/evaluations/: per branch in scope, how many and the average; then the latest evaluations. */
export const staffEvaluationsResponse = z.object({
  branches: z.array(
    z.object({
      branch: z.object({ id, name: localizedText }),
      count: z.number().int(),
      averageRatingHundredths: z.number().int().nullable(),
      lowCount: z.number().int(),
    }),
  ),
  evaluations: z.array(staffEvaluationSchema),
  /** The brand's rewards a manager may send as an apology (active, in either shop). */
  apologyRewards: z.array(z.object({ id, name: localizedText })),
});
export type StaffEvaluations = z.infer<typeof staffEvaluationsResponse>;

export const apologyBody = z.object({ rewardId: id });

/**
 * GET /api/staff/evaluations/alerts/: what the staff app's Evaluations tab counts, on every section: the low
 * ratings of the user's branches not yet answered with an apology.
 */
export const staffEvaluationAlertsResponse = z.object({ unansweredLow: z.number().int() });
export type StaffEvaluationAlerts = z.infer<typeof staffEvaluationAlertsResponse>;

/** The live board's event for a low rating (managers and owners of the branch only). */
export const EVALUATION_LOW_EVENT = 'evaluation_low';
