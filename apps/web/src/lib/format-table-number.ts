import type { Language } from '@sufra/shared/language';
import { formatNumber } from './format-number';

/**
 * A table's number as printed ("12", "T3") in the interface language's digits: a number alone goes through Intl
 * (Arabic-Indic in Arabic), anything with letters is shown as it is printed on the table.
 */
export function formatTableNumber(number: string, language: Language): string {
  return /^\d{1,9}$/.test(number) ? formatNumber(Number(number), language) : number;
}
