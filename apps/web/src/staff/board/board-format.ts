import type { Language } from '@sufra/shared/language';
import { branchTimeLocale } from '../../lib/branch-time';
import { formatNumber } from '../../lib/format-number';

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A time as the branch's clock reads it (house rule 6: UTC in storage, the branch's zone on screen). Today's times
 * show the time only; other days add the date.
 */
export function formatBranchTime(iso: string, timeZone: string, language: Language, now: Date = new Date()): string {
  // Gregorian in Arabic too, as every staff time (lib/branch-time).
  const locale = branchTimeLocale(language);
  const date = new Date(iso);
  const dayOf = (d: Date) => format(locale, timeZone, { dateStyle: 'short' }).format(d);
  const sameDay = dayOf(date) === dayOf(now);
  const options: Intl.DateTimeFormatOptions = sameDay
    ? { timeStyle: 'short' }
    : { dateStyle: 'short', timeStyle: 'short' };
  return format(locale, timeZone, options).format(date);
}

function format(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let found = timeFormats.get(key);
  if (!found) {
    try {
      found = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    } catch {
      // An unknown zone name must not break the board: the device's zone is the best left.
      found = new Intl.DateTimeFormat(locale, options);
    }
    timeFormats.set(key, found);
  }
  return found;
}

/** "#42" in the interface language's digits. */
export function formatOrderNumber(number: number, language: Language): string {
  return `#${formatNumber(number, language)}`;
}
