import { z } from 'zod';
import { QUESTION_KINDS } from '../evaluation/answers.ts';
import { dbId, localizedText } from './common.ts';
import { storableText } from './storable-text.ts';

/**
 * Evaluation forms in the management console (issue 27 item 5). Owners and managers; cashiers are refused.
 *
 *   GET  /api/staff/manage/evaluations/forms/                     → 200 manageEvaluationForms
 *   POST /api/staff/manage/evaluations/forms/     evaluationFormBody        → 201 manageEvaluationForm
 *   GET  /api/staff/manage/evaluations/forms/{id}/                → 200 manageEvaluationForm
 *   PUT  /api/staff/manage/evaluations/forms/{id}/ evaluationFormUpdateBody → 200 manageEvaluationForm
 *
 * A save names the version it read: 409 edit_conflict (details.theirs, details.yours) when someone saved since. A
 * question left out of a save is deleted, or retired when a diner answered it (its answers stay readable), and an
 * answered question keeps its kind and its options (labels may change, options may be added).
 */

const label = () => storableText().trim().min(1).max(200);
const version = z.number().int().min(1).max(2_147_483_647);
export const MAX_FORM_QUESTIONS = 30;
export const MAX_QUESTION_OPTIONS = 12;

export const questionOptionInput = z.object({
  /** null: a new option (the server numbers it). */
  id: z.number().int().positive().max(1_000).nullable(),
  label: z.object({ ar: label(), en: label() }),
});

export const questionInput = z
  .object({
    /** null: a new question. */
    id: dbId.nullable(),
    kind: z.enum(QUESTION_KINDS),
    label: z.object({ ar: label(), en: label() }),
    /** Two or more for single and multiple choice; none for stars and text. */
    options: z.array(questionOptionInput).max(MAX_QUESTION_OPTIONS),
    required: z.boolean(),
  })
  .refine((q) => (q.kind === 'single' || q.kind === 'multiple' ? q.options.length >= 2 : q.options.length === 0), {
    message: 'choice questions have two or more options; others none',
    path: ['options'],
  });
export type QuestionInput = z.infer<typeof questionInput>;

export const evaluationFormFields = z.object({
  name: z.object({ ar: label(), en: label() }),
  /** Off: diners are offered no form of this. */
  active: z.boolean(),
  /** Points a rated order earns (a visit without an order earns none). */
  pointsReward: z.number().int().min(0).max(100_000),
  /** An average of stars at or below this (whole stars, 0 = never) is low and reaches the branch's managers. */
  lowRatingThreshold: z.number().int().min(0).max(5),
  /** The prize the manager's apology for a low rating starts on; null: the first prize. */
  apologyRewardId: dbId.nullable(),
  /** Offered on a completed order. */
  forOrders: z.boolean(),
  /** Offered at the table QR for a visit without an app order. */
  forVisits: z.boolean(),
  /** null: every branch of the brand (new ones too; owners only). */
  branchIds: z.array(dbId).min(1).max(500).nullable(),
  /** In the order diners see them. */
  questions: z.array(questionInput).min(1).max(MAX_FORM_QUESTIONS),
});
export const evaluationFormBody = evaluationFormFields;
export type EvaluationFormBody = z.infer<typeof evaluationFormBody>;
export const evaluationFormUpdateBody = evaluationFormFields.extend({ version });
export type EvaluationFormUpdateBody = z.infer<typeof evaluationFormUpdateBody>;

export const manageQuestionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(QUESTION_KINDS),
  label: localizedText,
  options: z.array(z.object({ id: z.number().int(), label: localizedText })),
  required: z.boolean(),
  /** How many submissions answered it (an answered question is retired, not deleted, when removed). */
  answers: z.number().int(),
});
export type ManageQuestion = z.infer<typeof manageQuestionSchema>;

export const manageEvaluationFormSchema = z.object({
  id: z.number().int(),
  name: localizedText,
  active: z.boolean(),
  pointsReward: z.number().int(),
  lowRatingThreshold: z.number().int(),
  apologyRewardId: z.number().int().nullable(),
  forOrders: z.boolean(),
  forVisits: z.boolean(),
  branchIds: z.array(z.number().int()).nullable(),
  questions: z.array(manageQuestionSchema),
  /** Questions taken off the form after diners answered them (read only). */
  retiredQuestions: z.array(manageQuestionSchema),
  submissions: z.number().int(),
  version: z.number().int(),
  /** Whether this staff member may save it (a manager: a form of their own branches only). */
  editable: z.boolean(),
});
export type ManageEvaluationForm = z.infer<typeof manageEvaluationFormSchema>;

export const manageEvaluationForms = z.object({
  forms: z.array(manageEvaluationFormSchema),
  /** The brand's branches (a manager may link a form to their own only). */
  branches: z.array(z.object({ id: z.number().int(), name: localizedText, mine: z.boolean() })),
  /** The brand's active prizes an apology may grant. */
  apologyRewards: z.array(z.object({ id: z.number().int(), name: localizedText })),
  /** Owners may make a form for every branch. */
  canLinkAllBranches: z.boolean(),
});
export type ManageEvaluationForms = z.infer<typeof manageEvaluationForms>;
