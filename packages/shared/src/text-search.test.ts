import { describe, expect, it } from 'vitest';
import { dishSearchText, matchesSearch, matchesTerms, normalizeSearchText, searchTerms } from './text-search.ts';

describe('normalizeSearchText', () => {
  it('unifies the alef forms', () => {
    expect(normalizeSearchText('أرز إدام آمن ٱلله')).toBe('ارز ادام امن الله');
  });

  it('turns taa marbuta into haa and alef maksura into yaa', () => {
    expect(normalizeSearchText('سلطة')).toBe(normalizeSearchText('سلطه'));
    expect(normalizeSearchText('مشوى')).toBe('مشوي');
  });

  it('strips diacritics and tatweel', () => {
    expect(normalizeSearchText('كَبْسَة')).toBe('كبسه');
    expect(normalizeSearchText('كبـــسة')).toBe('كبسه');
  });

  it('folds hamza on waw and yaa', () => {
    expect(normalizeSearchText('مؤكد شائع')).toBe('موكد شايع');
  });

  it('maps Arabic-Indic digits to ASCII', () => {
    expect(normalizeSearchText('٢٥٠ ۳')).toBe('250 3');
  });

  it('lower-cases Latin and removes accents', () => {
    expect(normalizeSearchText('  Crème   BRÛLÉE ')).toBe('creme brulee');
  });
});

describe('matchesSearch', () => {
  it('matches regardless of case', () => {
    expect(matchesSearch('kabsa', 'Chicken Kabsa')).toBe(true);
  });

  it('matches Arabic typed without hamza or with haa for taa marbuta', () => {
    expect(matchesSearch('ارز', 'أرز بخاري')).toBe(true);
    expect(matchesSearch('كبسه', 'كبسة دجاج')).toBe(true);
  });

  it('matches the description too', () => {
    expect(matchesSearch('rice', 'Kabsa', 'Spiced rice with chicken')).toBe(true);
  });

  it('needs every word of the query', () => {
    expect(matchesSearch('chicken rice', 'Chicken Kabsa', 'Spiced rice')).toBe(true);
    expect(matchesSearch('lamb rice', 'Chicken Kabsa', 'Spiced rice')).toBe(false);
  });

  it('treats an empty or blank query as matching everything', () => {
    expect(searchTerms('   ')).toEqual([]);
    expect(matchesSearch('  ', 'anything')).toBe(true);
  });

  it('ignores missing fields', () => {
    expect(matchesSearch('tea', null, undefined, 'Mint tea')).toBe(true);
  });
});

describe('dishSearchText', () => {
  const shawarma = { name: 'شاورما دجاج', altName: 'Chicken Shawarma', description: 'خبز صاج' };
  const inEnglish = { name: 'Chicken Shawarma', altName: 'شاورما دجاج', description: 'Saj bread' };

  it('finds a dish by its English name in the Arabic interface, and by its Arabic name in the English one', () => {
    expect(matchesTerms(dishSearchText(shawarma), searchTerms('shawarma'))).toBe(true);
    expect(matchesTerms(dishSearchText(inEnglish), searchTerms('شاورما'))).toBe(true);
  });

  it('still finds it by its own name and description, forgiving the same typing', () => {
    expect(matchesTerms(dishSearchText(shawarma), searchTerms('شاورما'))).toBe(true);
    expect(matchesTerms(dishSearchText(inEnglish), searchTerms('saj'))).toBe(true);
    expect(matchesTerms(dishSearchText(shawarma), searchTerms('falafel'))).toBe(false);
  });
});
