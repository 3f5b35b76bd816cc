import { describe, expect, it } from 'vitest';
import { averageRatingHundredths, checkAnswers, isLowRating, type QuestionRule } from './answers.ts';

const form: QuestionRule[] = [
  { id: 1, kind: 'rating', optionIds: [] },
  { id: 2, kind: 'single', optionIds: [10, 11] },
  { id: 3, kind: 'multiple', optionIds: [20, 21, 22] },
  { id: 4, kind: 'text', optionIds: [] },
];

describe('evaluation answers', () => {
  it('accepts a full answer set and keeps only what each kind uses', () => {
    const result = checkAnswers(form, [
      { questionId: 1, rating: 4, text: 'ignored' },
      { questionId: 2, optionIds: [11] },
      { questionId: 3, optionIds: [20, 22, 20] },
      { questionId: 4, text: '  Lovely  ' },
    ]);
    expect(result).toEqual({
      ok: true,
      answers: [
        { questionId: 1, kind: 'rating', rating: 4 },
        { questionId: 2, kind: 'single', optionIds: [11] },
        { questionId: 3, kind: 'multiple', optionIds: [20, 22] },
        { questionId: 4, kind: 'text', text: 'Lovely' },
      ],
    });
  });

  it('names every unanswered question: no stars, out-of-range stars, two picks for one, blank text', () => {
    const result = checkAnswers(form, [
      { questionId: 1, rating: 6 },
      { questionId: 2, optionIds: [10, 11] },
      { questionId: 4, text: '   ' },
    ]);
    expect(result).toEqual({ ok: false, unanswered: [1, 2, 3, 4], invalid: false });
  });

  it('lets optional questions go unanswered (a 1-star diner need not say what they liked), still checking what is sent', () => {
    const optional = form.map((q) => (q.id >= 3 ? { ...q, required: false } : q));
    expect(
      checkAnswers(optional, [
        { questionId: 1, rating: 1 },
        { questionId: 2, optionIds: [10] },
        { questionId: 3, optionIds: [] },
        { questionId: 4, text: '  ' },
      ]),
    ).toEqual({
      ok: true,
      answers: [
        { questionId: 1, kind: 'rating', rating: 1 },
        { questionId: 2, kind: 'single', optionIds: [10] },
      ],
    });
    expect(checkAnswers(optional, [{ questionId: 2, optionIds: [10] }])).toEqual({
      ok: false,
      unanswered: [1],
      invalid: false,
    });
    expect(
      checkAnswers(optional, [
        { questionId: 1, rating: 2 },
        { questionId: 2, optionIds: [10] },
        { questionId: 3, optionIds: [99] },
      ]),
    ).toMatchObject({ ok: false, invalid: true });
  });

  it('calls an option the question does not offer, or a question the form lacks, invalid', () => {
    expect(checkAnswers(form.slice(1, 2), [{ questionId: 2, optionIds: [99] }])).toMatchObject({ invalid: true });
    expect(checkAnswers([], [{ questionId: 7, rating: 3 }])).toMatchObject({ ok: false, invalid: true });
  });

  it('averages the stars in hundredths and compares with the threshold in whole stars', () => {
    const avg = averageRatingHundredths([
      { questionId: 1, kind: 'rating', rating: 2 },
      { questionId: 2, kind: 'rating', rating: 3 },
      { questionId: 3, kind: 'text', text: 'x' },
    ]);
    expect(avg).toBe(250);
    expect(isLowRating(avg, 2)).toBe(false);
    expect(isLowRating(200, 2)).toBe(true);
    expect(isLowRating(null, 2)).toBe(false);
    expect(averageRatingHundredths([])).toBeNull();
  });
});
