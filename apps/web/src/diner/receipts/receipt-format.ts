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

/** An identifier's digits (the VAT number) in the interface's digit system, as every other number on the page. */
export function localDigits(text: string, language: Language): string {
  return language === 'ar' ? text.replace(/[0-9]/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)] ?? d) : text;
}
