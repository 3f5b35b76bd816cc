import { describe, expect, it } from 'vitest';
import ar from '../locales/ar.json';
import en from '../locales/en.json';
import { createTranslator } from './i18n';

async function translator(lng: 'ar' | 'en') {
  const instance = createTranslator();
  instance.init({ language: lng, strings: { ar, en } });
  return instance.t;
}

describe('numbers in translated strings', () => {
  it('are written in Arabic-Indic digits in Arabic, plural forms still chosen by the number', async () => {
    const t = await translator('ar');
    expect(t('item.chooseUpTo', { count: 1 })).toBe('اختر حتى ١');
    expect(t('branch.table', { number: 12 })).toBe('طاولة ١٢');
    expect(t('cart.items', { count: 3 })).toBe('٣ أصناف');
    // Table numbers are text in the schema ("12"), and still numbers to the diner.
    expect(t('branch.table', { number: '07' })).toBe('طاولة ٠٧');
    expect(t('branch.table', { number: 'A7' })).toBe('طاولة A7');
  });

  it('are written in Western digits in English', async () => {
    const t = await translator('en');
    expect(t('item.chooseUpTo', { count: 1 })).toBe('Choose up to 1');
    expect(t('cart.items', { count: 1 })).toBe('1 item');
  });

  it('leave text values (already formatted prices, names) as they are', async () => {
    const t = await translator('ar');
    expect(t('cart.totalAnnouncement', { total: '١٩٫٠٠ ر.س' })).toBe('الإجمالي ١٩٫٠٠ ر.س');
  });
});

describe('the Arabic strings themselves', () => {
  const bundles = {
    ar,
    account: import('../locales/account.ar.json'),
    ordering: import('../locales/ordering.ar.json'),
  };

  function values(node: unknown, path = ''): [string, string][] {
    if (typeof node === 'string') return [[path, node]];
    if (typeof node !== 'object' || node === null) return [];
    return Object.entries(node).flatMap(([k, v]) => values(v, path ? `${path}.${k}` : k));
  }

  it('carry no Western digits (numbers come in through Intl), except the name "3-D Secure"', async () => {
    const all = [
      ...values(bundles.ar),
      ...values((await bundles.account).default),
      ...values((await bundles.ordering).default),
    ];
    const western = all.filter(([, text]) => /[0-9]/.test(text.replaceAll('3-D Secure', '')));
    expect(western).toEqual([]);
  });
});
