import { toAsciiDigits } from '../phone/phone-number.ts';

/**
 * What the console's customer search looks for (issue 27 item 8): a phone typed from its start in any of the forms
 * people use in Saudi Arabia (`+966 55 501 0203`, `00966555010203`, `0555010203`, `555010203`, Arabic digits,
 * spaces and dashes) becomes the start of the stored E.164 number; anything else is a part of the name.
 * Three digits at least make a phone search (fewer would match most of the brand).
 */
export type CustomerSearch = { kind: 'phone'; prefix: string } | { kind: 'name'; text: string } | { kind: 'none' };

export const PHONE_SEARCH_MIN_DIGITS = 3;

export function customerSearch(query: string | undefined): CustomerSearch {
  const text = (query ?? '').replace(/\s+/g, ' ').trim();
  if (!text) return { kind: 'none' };
  const compact = toAsciiDigits(text).replace(/[\s\-().]/g, '');
  if (/^\+?[0-9]+$/.test(compact)) {
    const digits = compact.replace(/^\+/, '');
    if (digits.length >= PHONE_SEARCH_MIN_DIGITS) return { kind: 'phone', prefix: `+${saudiDigits(compact)}` };
  }
  return { kind: 'name', text };
}

/** The digits after the `+` of the E.164 form: the dial code added to a local number, and its trunk 0 dropped. */
function saudiDigits(compact: string): string {
  if (compact.startsWith('+')) return compact.slice(1);
  if (compact.startsWith('00')) return compact.slice(2);
  if (compact.startsWith('966')) return compact;
  if (compact.startsWith('0')) return `966${compact.slice(1)}`;
  return `966${compact}`;
}
