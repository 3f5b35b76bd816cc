import { describe, expect, it } from 'vitest';
import { BOTH_LANGUAGES, OtherLanguageTwins, turnOf, twinOf } from './language-turns.ts';

// Titles as Playwright's grep sees them: project, file, describes, test, tags, joined by spaces.
const title = (language: string, test = 'places an order') => `phone ordering.spec.ts ordering (${language}) ${test}`;

describe('journeys in one language in turn', () => {
  it('pairs twins by their title without the language, and leaves other journeys alone', () => {
    expect(twinOf(title('ar'))).toEqual({ language: 'ar', key: 'phone ordering.spec.ts ordering (·) places an order' });
    expect(twinOf(title('en'))?.key).toBe(twinOf(title('ar'))?.key);
    expect(twinOf('phone staff.spec.ts a manager switches a branch closed')).toBeUndefined();
    // Both tokens in one title: not a twin of anything.
    expect(twinOf('phone x.spec.ts from (ar) to (en)')).toBeUndefined();
  });

  it('runs exactly one of each pair, about half of the pairs in each language', () => {
    const filter = new OtherLanguageTwins();
    const runs = { ar: 0, en: 0 };
    for (let n = 0; n < 200; n++) {
      const left = ['ar', 'en'].filter((language) => filter.test(title(language, `journey ${n}`)));
      expect(left).toHaveLength(1);
      const ran = left[0] === 'ar' ? 'en' : 'ar';
      expect(turnOf(twinOf(title(ran, `journey ${n}`))?.key ?? '')).toBe(ran);
      runs[ran] += 1;
    }
    expect(runs.ar).toBeGreaterThan(70);
    expect(runs.en).toBeGreaterThan(70);
    expect(filter.lost()).toEqual([]);
  });

  it('keeps both of a pair tagged for both languages', () => {
    const filter = new OtherLanguageTwins();
    expect(filter.test(`${title('ar')} ${BOTH_LANGUAGES}`)).toBe(false);
    expect(filter.test(`${title('en')} ${BOTH_LANGUAGES}`)).toBe(false);
  });

  it('names a journey left out whose twin does not exist', () => {
    const filter = new OtherLanguageTwins();
    const alone = Array.from({ length: 8 }, (_, n) => title('ar', `only in Arabic ${n}`));
    const left = alone.filter((journey) => filter.test(journey));
    expect(left.length).toBeGreaterThan(0);
    expect(filter.lost()).toEqual(left);
  });
});
