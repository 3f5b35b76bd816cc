import type { Language } from './language.ts';

/** Money is integer halalas (1 SAR = 100 halalas). */
export type Halalas = number;

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(language: Language, signed: boolean): Intl.NumberFormat {
  const locale = language === 'ar' ? 'ar-SA' : 'en-SA';
  const key = `${locale}:${signed}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'SAR',
      minimumFractionDigits: 2,
      ...(signed ? { signDisplay: 'exceptZero' as const } : {}),
    });
    formatters.set(key, found);
  }
  return found;
}

/** Formats halalas as SAR for the interface language (Intl; Arabic uses Arabic-Indic digits). */
export function formatSar(amount: Halalas, language: Language): string {
  return formatter(language, false).format(amount / 100);
}

/**
 * A price change with its sign (an option's extra: "+SAR 2.00", "؜+٢٫٠٠ ر.س."): the locale places the sign and its
 * direction marks, which a "+" glued in front of the Arabic amount gets wrong in right-to-left text.
 */
export function formatSarChange(amount: Halalas, language: Language): string {
  return formatter(language, true).format(amount / 100);
}
