import { describe, expect, it } from 'vitest';
import ar from '../locales/ar.json';
import en from '../locales/en.json';
import { createTranslator } from './i18n';

// The translator replaced i18next (docs/adr/0032-own-translator-not-i18next.md): these pin the i18next behaviour
// the app's strings rely on.
function translator(language: 'ar' | 'en') {
  const instance = createTranslator();
  instance.init({ language, strings: { ar, en } });
  return instance;
}

describe('the translator', () => {
  it('finds nested keys and fills their values', () => {
    const { t } = translator('en');
    expect(t('landing.viewMenu')).toBe('Order now');
    expect(t('cart.totalAnnouncement', { total: 'SAR 19.00' })).toBe('Total SAR 19.00');
  });

  it('chooses the Arabic plural form by Intl.PluralRules, with _zero for nothing', () => {
    const { t } = translator('ar');
    expect(t('cart.items', { count: 0 })).toBe(ar.cart.items_zero.replace('{{count}}', '٠'));
    expect(t('cart.items', { count: 1 })).toBe(ar.cart.items_one.replace('{{count}}', '١'));
    expect(t('cart.items', { count: 2 })).toBe(ar.cart.items_two.replace('{{count}}', '٢'));
    expect(t('cart.items', { count: 3 })).toBe('٣ أصناف');
    expect(t('cart.items', { count: 11 })).toBe(ar.cart.items_many.replace('{{count}}', '١١'));
    expect(t('cart.items', { count: 100 })).toBe(ar.cart.items_other.replace('{{count}}', '١٠٠'));
  });

  it('chooses one/other in English, and _zero for 0 when a string has one, as i18next does', () => {
    const { t } = translator('en');
    expect(t('cart.items', { count: 0 })).toBe('0 items');
    expect(t('cart.items', { count: 1 })).toBe('1 item');
    expect(t('cart.items', { count: 1500 })).toBe('1,500 items');
    const instance = createTranslator();
    instance.init({ language: 'en', strings: { en: { left_zero: 'None left', left_other: '{{count}} left' } } });
    expect(instance.t('left', { count: 0 })).toBe('None left');
    expect(instance.t('left', { count: 2 })).toBe('2 left');
  });

  it('falls back to Arabic for a key English lacks, and to the key itself for a key neither has', () => {
    const instance = createTranslator();
    instance.init({ language: 'en', strings: { ar: { only: { here: 'هنا' } }, en: {} } });
    expect(instance.t('only.here')).toBe('هنا');
    expect(instance.t('no.such.key')).toBe('no.such.key');
  });

  it('answers a missing key with its defaultValue (filled like a string), and a found key with its string', () => {
    const instance = createTranslator();
    instance.init({ language: 'en', strings: { ar: { only: { here: 'هنا' } }, en: {} } });
    expect(instance.t('no.such.key', { defaultValue: 'Table {{n}}', n: 4 })).toBe('Table 4');
    expect(instance.t('only.here', { defaultValue: 'unused' })).toBe('هنا');
  });

  it('leaves a marker the options do not fill as written, and an empty value empty', () => {
    const instance = createTranslator();
    instance.init({ language: 'en', strings: { en: { greet: 'Hi {{name}}, {{ other }}' } } });
    expect(instance.t('greet', { name: 'Sara' })).toBe('Hi Sara, {{ other }}');
    expect(instance.t('greet', { name: 'Sara', other: undefined })).toBe('Hi Sara, ');
  });

  it('merges a feature’s strings without overwriting keys the language already has', () => {
    const instance = createTranslator();
    instance.init({ language: 'en', strings: { en: { a: { kept: 'first' } } } });
    instance.addResourceBundle('en', 'translation', { a: { kept: 'second', added: 'new' } });
    expect(instance.t('a.kept')).toBe('first');
    expect(instance.t('a.added')).toBe('new');
    expect(instance.exists('a.added', 'en')).toBe(true);
    expect(instance.exists('a.added', 'ar')).toBe(false);
  });

  it('tells listeners of a language change, and a fixed t keeps its language', async () => {
    const instance = translator('ar');
    const heard: string[] = [];
    const listener = (language: string) => heard.push(language);
    instance.on('languageChanged', listener);
    await instance.changeLanguage('en');
    instance.off('languageChanged', listener);
    await instance.changeLanguage('ar');
    expect(heard).toEqual(['en']);
    expect(instance.t('landing.viewMenu')).toBe(ar.landing.viewMenu);
    expect(instance.getFixedT('en')('landing.viewMenu')).toBe('Order now');
  });
});
