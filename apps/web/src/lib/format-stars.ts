import type { Language } from '@sufra/shared/language';

const formatters = new Map<Language, Intl.NumberFormat>();

/** An average in hundredths of a star (450) as the interface language writes it: "4.5" or "٤٫٥". */
export function formatStars(hundredths: number, language: Language): string {
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(language === 'ar' ? 'ar-SA' : 'en-SA', {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    });
    formatters.set(language, formatter);
  }
  return formatter.format(hundredths / 100);
}
