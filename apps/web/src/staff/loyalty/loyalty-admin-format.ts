import type { Language } from '@sufra/shared/language';
import { formatNumber } from '../../lib/format-number';

/** A signed points change ("+120", "−40") in the interface's digits, the sign kept with the number in RTL text. */
export function formatPointsChange(points: number, language: Language): string {
  const sign = points > 0 ? '+' : points < 0 ? '\u2212' : '';
  return `\u2066${sign}${formatNumber(Math.abs(points), language)}\u2069`;
}

const dateFormats = new Map<Language, Intl.DateTimeFormat>();

/** A ledger row's date and time, Gregorian in both languages (staff compare it with receipts), the device's zone. */
export function formatEntryDate(iso: string, language: Language): string {
  let format = dateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'ar' ? 'ar-SA-u-ca-gregory' : 'en-SA', {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    dateFormats.set(language, format);
  }
  return format.format(new Date(iso));
}
