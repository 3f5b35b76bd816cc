import { describe, expect, it } from 'vitest';
import { bodyOf, draftOf, moveQuestion, newQuestion, parseWhole } from './forms-draft';

describe('the evaluation form editor draft', () => {
  it('reads whole numbers typed in either digit system, within bounds', () => {
    expect(parseWhole('٢', 0, 5)).toBe(2);
    expect(parseWhole('50', 0, 100_000)).toBe(50);
    expect(parseWhole('6', 0, 5)).toBeNull();
    expect(parseWhole('1.5', 0, 5)).toBeNull();
  });

  it('moves a question up and down, and leaves the list as it was at either end', () => {
    const list = [newQuestion('rating'), newQuestion('text'), newQuestion('single')];
    expect(moveQuestion(list, 1, -1).map((q) => q.kind)).toEqual(['text', 'rating', 'single']);
    expect(moveQuestion(list, 1, 1).map((q) => q.kind)).toEqual(['rating', 'single', 'text']);
    expect(moveQuestion(list, 0, -1).map((q) => q.kind)).toEqual(['rating', 'text', 'single']);
  });

  it('names every problem before sending: names, choices without two options in both languages, no place', () => {
    const draft = { ...draftOf(null, 'ar'), forOrders: false, forVisits: false };
    draft.questions = [newQuestion('single')];
    const result = bodyOf(draft);
    expect(result.problems).toEqual({
      name: 'required',
      places: 'places',
      'q0.label': 'required',
      'q0.options': 'options',
    });
  });

  it('sends the questions in their order with their required switch and options, numbers in Latin', () => {
    const draft = { ...draftOf(null, 'ar'), nameAr: 'تقييم', nameEn: 'Rating' };
    const single = { ...newQuestion('single'), labelAr: 'س', labelEn: 'Q', required: false };
    single.options = single.options.map((o, i) => ({ ...o, ar: `خ${i}`, en: `O${i}` }));
    draft.questions = [
      { ...draft.questions[0], labelAr: 'الطعام', labelEn: 'Food' } as (typeof draft.questions)[0],
      single,
    ];
    const result = bodyOf(
      moveQuestion(draft.questions, 1, -1) && { ...draft, questions: moveQuestion(draft.questions, 1, -1) },
    );
    if (!('body' in result) || !result.body) throw new Error(JSON.stringify(result.problems));
    expect(result.body.lowRatingThreshold).toBe(2);
    expect(result.body.questions.map((q) => [q.kind, q.required, q.options.length])).toEqual([
      ['single', false, 2],
      ['rating', true, 0],
    ]);
  });
});
