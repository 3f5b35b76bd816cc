const ARABIC_INDIC = /[\u0660-\u0669\u06F0-\u06F9]/g;

/**
 * Arabic-Indic and Persian digits → ASCII, so a diner typing ٠٥٠… is understood. A module of its own (re-exported by
 * phone/phone-number.ts): a form that only reads amounts (the console's prices) need not load the phone metadata
 * (~30 KB gzip; docs/adr/0770).
 */
export function toAsciiDigits(text: string): string {
  return text.replace(ARABIC_INDIC, (d) => String((d.codePointAt(0) ?? 0) & 0xf));
}
