import type { Language } from '@sufra/shared/language';
import i18n from 'i18next';
import { applyLanguageToDocument, arabicBundle, loadLanguageBundle, shareLanguageWithServer } from '../lib/language';
import { interpolationOptions, numberFormatter } from '../lib/number-interpolation';

/**
 * Synchronous for Arabic, whose strings ship in the entry (so the first render need not wait);
 * for another language, returns a promise that settles once its bundle has loaded.
 */
export function initI18n(language: Language): Promise<void> | undefined {
  void i18n.use(numberFormatter).init({
    lng: language,
    fallbackLng: 'ar',
    resources: { ar: { translation: arabicBundle } },
    initAsync: false,
    interpolation: interpolationOptions,
  });
  applyLanguageToDocument(language);
  shareLanguageWithServer(language);
  if (i18n.hasResourceBundle(language, 'translation')) return undefined;
  return loadLanguageBundle(language);
}
