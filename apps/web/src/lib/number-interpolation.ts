import type { Language } from '@sufra/shared/language';
import { formatNumber } from './format-number';

/**
 * Every number put into a translated string goes through Intl for the string's language, so an Arabic sentence does
 * not show "اختر حتى 1" or "طاولة 1" beside prices in Arabic-Indic digits. So does a number kept as text (a table's
 * "12", all digits); other strings (already formatted prices, names, order codes) pass through untouched. The
 * translator (lib/i18n.ts) applies it to every value, so no string needs a `{{count, number}}` marker that one
 * forgotten place would lack.
 */
export function formatInterpolatedValue(value: unknown, language: Language): unknown {
  if (typeof value === 'number') return formatNumber(value, language);
  // A number kept as text (a table's "12"): digit by digit, so a leading zero stays.
  if (typeof value === 'string' && /^[0-9]+$/.test(value)) {
    return value.replace(/[0-9]/g, (digit) => formatNumber(Number(digit), language));
  }
  return value;
}
