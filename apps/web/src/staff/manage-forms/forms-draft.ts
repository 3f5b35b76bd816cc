import type { QuestionKind } from '@sufra/shared/evaluation/answers';
import type { Language } from '@sufra/shared/language';
import type { EvaluationFormBody, ManageEvaluationForm } from '@sufra/shared/schemas/evaluations-admin';

/** One question as the editor holds it: `key` survives reordering, `id` is null until saved. */
export interface QuestionDraft {
  key: string;
  id: number | null;
  kind: QuestionKind;
  labelAr: string;
  labelEn: string;
  options: { key: string; id: number | null; ar: string; en: string }[];
  required: boolean;
  /** Answers diners gave (an answered question keeps its kind and options). */
  answers: number;
}

export interface FormDraft {
  nameAr: string;
  nameEn: string;
  active: boolean;
  pointsReward: string;
  lowRatingThreshold: string;
  apologyRewardId: number | null;
  forOrders: boolean;
  forVisits: boolean;
  /** null: every branch. */
  branchIds: number[] | null;
  questions: QuestionDraft[];
}

/** Field → the problem's key under manageForms.errors. */
export type Problems = Record<string, string>;

let keys = 0;
export const newKey = () => {
  keys += 1;
  return `k${keys}`;
};

const ARABIC_DIGITS = '٠١٢٣٤٥٦٧٨٩';
/** A whole number typed with either language's digits, within bounds; null otherwise. */
export function parseWhole(typed: string, min: number, max: number): number | null {
  const latin = typed.trim().replace(/[٠-٩]/g, (d) => String(ARABIC_DIGITS.indexOf(d)));
  if (!/^\d{1,9}$/.test(latin)) return null;
  const n = Number(latin);
  return n >= min && n <= max ? n : null;
}

const digits = (n: number, language: Language) => n.toLocaleString(language === 'ar' ? 'ar-SA' : 'en-US');

export function draftOf(form: ManageEvaluationForm | null, language: Language): FormDraft {
  if (!form) {
    return {
      nameAr: '',
      nameEn: '',
      active: true,
      pointsReward: digits(0, language),
      lowRatingThreshold: digits(2, language),
      apologyRewardId: null,
      forOrders: true,
      forVisits: true,
      branchIds: null,
      questions: [newQuestion('rating')],
    };
  }
  return {
    nameAr: form.name.ar,
    nameEn: form.name.en,
    active: form.active,
    pointsReward: digits(form.pointsReward, language),
    lowRatingThreshold: digits(form.lowRatingThreshold, language),
    apologyRewardId: form.apologyRewardId,
    forOrders: form.forOrders,
    forVisits: form.forVisits,
    branchIds: form.branchIds,
    questions: form.questions.map((q) => ({
      key: `q${q.id}`,
      id: q.id,
      kind: q.kind,
      labelAr: q.label.ar,
      labelEn: q.label.en,
      options: q.options.map((o) => ({ key: `o${q.id}-${o.id}`, id: o.id, ar: o.label.ar, en: o.label.en })),
      required: q.required,
      answers: q.answers,
    })),
  };
}

export function newQuestion(kind: QuestionKind): QuestionDraft {
  const choice = kind === 'single' || kind === 'multiple';
  return {
    key: newKey(),
    id: null,
    kind,
    labelAr: '',
    labelEn: '',
    options: choice ? [0, 1].map(() => ({ key: newKey(), id: null, ar: '', en: '' })) : [],
    required: true,
    answers: 0,
  };
}

/** The question moved one place up (-1) or down (1); the list as it was at either end. */
export function moveQuestion(list: readonly QuestionDraft[], index: number, by: -1 | 1): QuestionDraft[] {
  const to = index + by;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[index], next[to]] = [next[to] as QuestionDraft, next[index] as QuestionDraft];
  return next;
}

/** The request body for the draft, or the problems that keep it from being sent. */
export function bodyOf(draft: FormDraft): { body: EvaluationFormBody; problems?: never } | { problems: Problems } {
  const problems: Problems = {};
  if (!draft.nameAr.trim() || !draft.nameEn.trim()) problems.name = 'required';
  const points = parseWhole(draft.pointsReward, 0, 100_000);
  if (points === null) problems.pointsReward = 'number';
  const threshold = parseWhole(draft.lowRatingThreshold, 0, 5);
  if (threshold === null) problems.lowRatingThreshold = 'number';
  if (!draft.forOrders && !draft.forVisits) problems.places = 'places';
  if (draft.branchIds !== null && draft.branchIds.length === 0) problems.branches = 'branches';
  if (draft.questions.length === 0) problems.questions = 'required';
  draft.questions.forEach((q, i) => {
    if (!q.labelAr.trim() || !q.labelEn.trim()) problems[`q${i}.label`] = 'required';
    const choice = q.kind === 'single' || q.kind === 'multiple';
    if (choice && (q.options.length < 2 || q.options.some((o) => !o.ar.trim() || !o.en.trim())))
      problems[`q${i}.options`] = 'options';
  });
  if (Object.keys(problems).length > 0) return { problems };
  return {
    body: {
      name: { ar: draft.nameAr.trim(), en: draft.nameEn.trim() },
      active: draft.active,
      pointsReward: points as number,
      lowRatingThreshold: threshold as number,
      apologyRewardId: draft.apologyRewardId,
      forOrders: draft.forOrders,
      forVisits: draft.forVisits,
      branchIds: draft.branchIds,
      questions: draft.questions.map((q) => ({
        id: q.id,
        kind: q.kind,
        label: { ar: q.labelAr.trim(), en: q.labelEn.trim() },
        options:
          q.kind === 'single' || q.kind === 'multiple'
            ? q.options.map((o) => ({ id: o.id, label: { ar: o.ar.trim(), en: o.en.trim() } }))
            : [],
        required: q.required,
      })),
    },
  };
}
