import type { Language } from '@sufra/shared/language';

const formatters = new Map<Language, Intl.NumberFormat>();

/** Plain numbers in the interface language's digits (Arabic-Indic for ar-SA, as formatSar does). */
export function formatNumber(value: number, language: Language): string {
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(language === 'ar' ? 'ar-SA' : 'en-SA');
    formatters.set(language, formatter);
  }
  return formatter.format(value);
}
