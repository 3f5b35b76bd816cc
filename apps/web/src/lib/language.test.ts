import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { arabicBundle, loadLanguageBundle } from './language';

describe('switching to a language whose bundle a feature started', () => {
  it("loads the main strings even when a feature's strings made the bundle first", async () => {
    i18n.init({ language: 'ar', strings: { ar: arabicBundle } });
    // The loyalty card adds its strings for both languages before English was ever asked for.
    i18n.addResourceBundle('en', 'translation', { loyalty: { cardTitle: 'My points' } }, true, false);
    await loadLanguageBundle('en');
    await i18n.changeLanguage('en');
    expect(i18n.t('landing.viewMenu')).toBe('Order now');
    expect(i18n.t('loyalty.cardTitle')).toBe('My points');
  });
});
