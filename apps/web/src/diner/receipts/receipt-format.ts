import type { Language } from '@sufra/shared/language';

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** A moment on the receipt in the interface's language and digits, in the branch's time zone. */
export function formatReceiptTime(iso: string, language: Language, timeZone: string): string {
  const key = `${language}:${timeZone}`;
  let format = timeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'ar' ? 'ar-SA' : 'en-SA', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone,
    });
    timeFormats.set(key, format);
  }
  return format.format(new Date(iso));
}

/** A basis-point rate as a percentage in the interface's digits ("15%", "١٥٪"). */
export function formatRate(basisPoints: number, language: Language): string {
  return new Intl.NumberFormat(language === 'ar' ? 'ar-SA' : 'en-SA', {
    style: 'percent',
    maximumFractionDigits: 2,
  }).format(basisPoints / 10_000);
}
