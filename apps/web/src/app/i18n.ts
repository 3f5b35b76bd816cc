import type { Language } from '@sufra/shared/language';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { applyLanguageToDocument, arabicBundle, loadLanguageBundle } from '../lib/language';

export async function initI18n(language: Language): Promise<void> {
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'ar',
    resources: { ar: { translation: arabicBundle } },
    interpolation: { escapeValue: false }, // React escapes
    react: { useSuspense: false },
  });
  await loadLanguageBundle(language);
  applyLanguageToDocument(language);
}
