import type { Language } from './language.ts';

/** Money is integer halalas (1 SAR = 100 halalas). */
export type Halalas = number;

const formatters = new Map<string, Intl.NumberFormat>();

/** Formats halalas as SAR for the interface language (Intl; Arabic uses Arabic-Indic digits). */
export function formatSar(amount: Halalas, language: Language): string {
  const locale = language === 'ar' ? 'ar-SA' : 'en-SA';
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency: 'SAR', minimumFractionDigits: 2 });
    formatters.set(locale, formatter);
  }
  return formatter.format(amount / 100);
}
