import type { Language } from './language.ts';
import { sarText } from './number-text.ts';

/** Money is integer halalas (1 SAR = 100 halalas). */
export type Halalas = number;

/**
 * Formats halalas as SAR for the interface language (Arabic uses Arabic-Indic digits), as Intl.NumberFormat's SAR
 * currency style writes them, without Intl's set-up cost on a fresh page (number-text.ts).
 */
export function formatSar(amount: Halalas, language: Language): string {
  return sarText(amount, language, false);
}

/**
 * A price change with its sign (an option's extra: "+SAR 2.00", "؜+٢٫٠٠ ر.س."): the locale places the sign and its
 * direction marks, which a "+" glued in front of the Arabic amount gets wrong in right-to-left text.
 */
export function formatSarChange(amount: Halalas, language: Language): string {
  return sarText(amount, language, true);
}
