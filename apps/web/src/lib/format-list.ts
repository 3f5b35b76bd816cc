import type { Language } from '@sufra/shared/language';

const formatters = new Map<Language, Intl.ListFormat>();

/** Names joined as the language joins them ("Size and Sugar", "الحجم والسكر"): never one language's comma in the other. */
export function formatList(values: readonly string[], language: Language): string {
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = new Intl.ListFormat(language === 'ar' ? 'ar-SA' : 'en-SA', { style: 'long', type: 'conjunction' });
    formatters.set(language, formatter);
  }
  return formatter.format(values);
}
