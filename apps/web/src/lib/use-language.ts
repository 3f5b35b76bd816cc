import { type Language, pickLanguage } from '@sufra/shared/language';
import { useTranslation } from './use-translation';

/** The interface language ('ar' | 'en'); components re-render when it changes. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return pickLanguage(i18n.language);
}
