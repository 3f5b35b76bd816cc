import {
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
} from 'libphonenumber-js';
import { toAsciiDigits } from '../digits.ts';

/** Spec §3: the parse result the forms and the API exchange. dial_code is digits only, default 966. */
export interface PhoneInput {
  phone_number: string;
  dial_code?: string | undefined;
}

export const DEFAULT_DIAL_CODE = '966';

export type PhoneProblem = 'phone_required' | 'phone_invalid' | 'dial_code_unknown';

export type PhoneParse =
  | {
      ok: true;
      /** E.164, e.g. +966501234567: what is stored and compared. */
      e164: string;
      /** The national significant number, digits only (no trunk 0), e.g. 501234567. */
      phone_number: string;
      dial_code: string;
    }
  | { ok: false; problem: PhoneProblem };

export { toAsciiDigits };

let callingCodes: Set<string> | undefined;
/** Every country calling code the metadata knows (966, 971, 1, 44, …). */
export function knownDialCodes(): Set<string> {
  callingCodes ??= new Set(getCountries().map((country) => getCountryCallingCode(country)));
  return callingCodes;
}

/**
 * One rule for both sides (issue 3): the number as typed (spaces, dashes, a leading 0 or a full
 * +code allowed) with its dial code → E.164, or the problem in the spec's words
 * ("Number field is required", "Ensure the number is valid"). Length limits are per country.
 */
export function parsePhone(input: PhoneInput): PhoneParse {
  const raw = toAsciiDigits(input.phone_number ?? '').trim();
  if (raw === '') return { ok: false, problem: 'phone_required' };
  if (!/^[+\d\s\-().]+$/.test(raw)) return { ok: false, problem: 'phone_invalid' };
  const dial = toAsciiDigits(input.dial_code ?? '').replace(/\D/g, '') || DEFAULT_DIAL_CODE;
  if (!knownDialCodes().has(dial)) return { ok: false, problem: 'dial_code_unknown' };
  // A number typed with its own +code (or 00code) wins over the dial code picker.
  const text = raw.startsWith('+') ? raw : raw.startsWith('00') ? `+${raw.slice(2)}` : raw;
  const options = text.startsWith('+') ? {} : { defaultCallingCode: dial };
  if (validatePhoneNumberLength(text, options) !== undefined) return { ok: false, problem: 'phone_invalid' };
  const parsed = parsePhoneNumberFromString(text, options);
  if (!parsed?.isValid()) return { ok: false, problem: 'phone_invalid' };
  return {
    ok: true,
    e164: parsed.number,
    phone_number: parsed.nationalNumber,
    dial_code: parsed.countryCallingCode,
  };
}

/** E.164 → the spec's parse result ({ phone_number, dial_code }), for forms showing a stored number. */
export function splitE164(e164: string): { phone_number: string; dial_code: string } {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return { phone_number: e164.replace(/^\+/, ''), dial_code: DEFAULT_DIAL_CODE };
  return { phone_number: parsed.nationalNumber, dial_code: parsed.countryCallingCode };
}

/** E.164 for display, international format with spaces (+966 50 123 4567); always left-to-right. */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
