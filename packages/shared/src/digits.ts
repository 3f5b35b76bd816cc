import type { Language } from './language.ts';

const ARABIC_INDIC = /[\u0660-\u0669\u06F0-\u06F9]/g;
const ARABIC_INDIC_DIGITS = '٠١٢٣٤٥٦٧٨٩';

/**
 * Arabic-Indic and Persian digits → ASCII, so a diner typing ٠٥٠… is understood. A module of its own (re-exported by
 * phone/phone-number.ts): a form that only reads amounts (the console's prices) need not load the phone metadata
 * (~30 KB gzip; docs/adr/0770).
 */
export function toAsciiDigits(text: string): string {
  return text.replace(ARABIC_INDIC, (d) => String((d.codePointAt(0) ?? 0) & 0xf));
}

/** ASCII digits in the interface language's digit system (Arabic-Indic in Arabic); anything else as it is. */
export function localDigits(text: string, language: Language): string {
  return language === 'ar' ? text.replace(/[0-9]/g, (d) => ARABIC_INDIC_DIGITS[Number(d)] ?? d) : text;
}

/** What a whole-number field keeps of what was typed: its digits as ASCII (Arabic-Indic read as theirs), at most `max`. */
export function typedDigits(text: string, max: number): string {
  return toAsciiDigits(text).replace(/\D/g, '').slice(0, max);
}
