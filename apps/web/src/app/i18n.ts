import type { Language } from '@sufra/shared/language';
import { i18n } from '../lib/i18n';
import { applyLanguageToDocument, arabicBundle, loadLanguageBundle, shareLanguageWithServer } from '../lib/language';

/**
 * Synchronous for Arabic, whose strings ship in the entry (so the first render need not wait);
 * for another language, returns a promise that settles once its bundle has loaded.
 */
export function initI18n(language: Language): Promise<void> | undefined {
  i18n.init({ language, strings: { ar: arabicBundle } });
  applyLanguageToDocument(language);
  shareLanguageWithServer(language);
  if (i18n.hasResourceBundle(language, 'translation')) return undefined;
  return loadLanguageBundle(language);
}
