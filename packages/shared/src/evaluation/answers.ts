/**
 * Evaluations (DESIGN §7, issue 17): a brand's form of questions a diner answers about one order. Pure rules shared
 * by the server (what it accepts and stores) and the web app (which questions it marks unanswered).
 */

/** What a question asks for: stars 1–5, one option, one or more options, or words. */
export const QUESTION_KINDS = ['rating', 'single', 'multiple', 'text'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** The most photos one evaluation may carry (the spec: "Can't upload more than 2 images"). */
export const MAX_EVALUATION_PHOTOS = 2;
/** A photo's largest accepted upload, before it is re-encoded. */
export const MAX_PHOTO_BYTES = 8 * 1024 * 1024;
/** The longest text answer kept. */
export const MAX_TEXT_ANSWER = 1000;
/** A rating at or below this average is low (it reaches the branch's manager live) unless the brand says otherwise. */
export const DEFAULT_LOW_RATING_THRESHOLD = 2;

export interface QuestionRule {
  id: number;
  kind: QuestionKind;
  /** The option ids a choice question offers. */
  optionIds: readonly number[];
  /** false: the diner may leave it unanswered (absent: required). */
  required?: boolean | undefined;
}

/** One question's answer as sent: the field its kind uses. */
export interface AnswerInput {
  questionId: number;
  rating?: number | undefined;
  optionIds?: readonly number[] | undefined;
  text?: string | undefined;
}

/** One question's answer as kept: only the field its kind uses. */
export type Answer =
  | { questionId: number; kind: 'rating'; rating: number }
  | { questionId: number; kind: 'single' | 'multiple'; optionIds: number[] }
  | { questionId: number; kind: 'text'; text: string };

/**
 * Checks a diner's answers against the form. A required question without a usable answer comes back in `unanswered`
 * (the page marks them; the server refuses with "One or more question left unanswered"); an optional one left
 * empty is simply not kept (an optional choice question's options are still checked when some are sent). An answer
 * for a question the form does not have, or an option the question does not offer, is `invalid`.
 */
export function checkAnswers(
  questions: readonly QuestionRule[],
  input: readonly AnswerInput[],
): { ok: true; answers: Answer[] } | { ok: false; unanswered: number[]; invalid: boolean } {
  const known = new Set(questions.map((q) => q.id));
  const invalid = input.some((a) => !known.has(a.questionId));
  const byQuestion = new Map(input.map((a) => [a.questionId, a]));
  const answers: Answer[] = [];
  const unanswered: number[] = [];
  let badOption = false;
  for (const q of questions) {
    const a = byQuestion.get(q.id);
    const optional = q.required === false;
    if (q.kind === 'rating') {
      const r = a?.rating;
      if (r === undefined && optional) continue;
      if (r === undefined || !Number.isInteger(r) || r < RATING_MIN || r > RATING_MAX) unanswered.push(q.id);
      else answers.push({ questionId: q.id, kind: 'rating', rating: r });
    } else if (q.kind === 'text') {
      const text = a?.text?.trim() ?? '';
      if (text === '' && optional) continue;
      if (text === '') unanswered.push(q.id);
      else answers.push({ questionId: q.id, kind: 'text', text: text.slice(0, MAX_TEXT_ANSWER) });
    } else {
      const chosen = [...new Set(a?.optionIds ?? [])];
      if (chosen.some((id) => !q.optionIds.includes(id))) badOption = true;
      if (chosen.length === 0 && optional) continue;
      if (chosen.length === 0 || (q.kind === 'single' && chosen.length !== 1)) unanswered.push(q.id);
      else answers.push({ questionId: q.id, kind: q.kind, optionIds: chosen });
    }
  }
  if (invalid || badOption || unanswered.length > 0) return { ok: false, unanswered, invalid: invalid || badOption };
  return { ok: true, answers };
}

/**
 * The submission's average of its star answers in hundredths (4.5 stars → 450), rounded half up; null when the form
 * asks for no stars. Kept as an integer so averages add up exactly.
 */
export function averageRatingHundredths(answers: readonly Answer[]): number | null {
  const stars = answers.flatMap((a) => (a.kind === 'rating' ? [a.rating] : []));
  if (stars.length === 0) return null;
  return Math.round((stars.reduce((s, r) => s + r, 0) * 100) / stars.length);
}

/** Low: the average is at or below the brand's threshold (whole stars). */
export function isLowRating(averageHundredths: number | null, threshold: number): boolean {
  return averageHundredths !== null && averageHundredths <= threshold * 100;
}
