import { typedDigits } from '@sufra/shared/digits';
import type { Language } from '@sufra/shared/language';
import { type ErrorCode, errorMessage, isErrorCode } from '@sufra/shared/messages/errors';
import { type PhoneProblem, parsePhone } from '@sufra/shared/phone/phone-number';
import type { AgeGroup, Gender } from '@sufra/shared/schemas/customer';
import { ApiError } from './api-client';

/**
 * The account forms' rules on the client: the same phone rule as the server (shared/phone), the spec's messages
 * from the shared error catalogue, and server errors placed under the field they are about.
 * The option lists are retyped here (full zod must stay out of the browser bundle) and checked against the schema types.
 */
export const AGE_GROUP_OPTIONS = [
  'under_18',
  '18_24',
  '25_39',
  '40_60',
  'over_60',
] as const satisfies readonly AgeGroup[];
export const GENDER_OPTIONS = ['male', 'female'] as const satisfies readonly Gender[];
/** The ages each group's label shows, put into its sentence as numbers (so through Intl, in the language's digits). */
export const AGE_GROUP_AGES = {
  under_18: { age: 18 },
  '18_24': { from: 18, to: 24 },
  '25_39': { from: 25, to: 39 },
  '40_60': { from: 40, to: 60 },
  over_60: { age: 60 },
} as const satisfies Record<AgeGroup, Record<string, number>>;
/** The sign-in code's length (shared schemas/auth.ts otpCode: four digits), for the hint beside the field. */
export const OTP_CODE_DIGITS = 4;
type Exhaustive<T extends readonly string[], U extends string> = [U] extends [T[number]] ? true : never;
const _allAgeGroups: Exhaustive<typeof AGE_GROUP_OPTIONS, AgeGroup> = true;
const _allGenders: Exhaustive<typeof GENDER_OPTIONS, Gender> = true;
void _allAgeGroups;
void _allGenders;

/** Common countries first in the dial-code picker (DESIGN §6: +966 by default). Names come from Intl.DisplayNames. */
/**
 * A country picker's option: "+966 Saudi Arabia". The dial code is isolated (LRI … PDI): in an Arabic line "+966"
 * beside an Arabic name was reordered to "…ية 966+".
 */
export function dialOptionLabel(dial: string, name?: string): string {
  const code = `\u2066+${dial}\u2069`;
  return name ? `${code} ${name}` : code;
}

export const DIAL_COUNTRIES: ReadonlyArray<readonly [region: string, dial: string]> = [
  ['SA', '966'],
  ['AE', '971'],
  ['KW', '965'],
  ['BH', '973'],
  ['QA', '974'],
  ['OM', '968'],
  ['EG', '20'],
  ['JO', '962'],
  ['LB', '961'],
  ['IQ', '964'],
  ['YE', '967'],
  ['SY', '963'],
  ['SD', '249'],
  ['MA', '212'],
  ['DZ', '213'],
  ['TN', '216'],
  ['TR', '90'],
  ['PK', '92'],
  ['IN', '91'],
  ['BD', '880'],
  ['PH', '63'],
  ['ID', '62'],
  ['GB', '44'],
  ['US', '1'],
];

export interface PhoneValue {
  dial: string;
  number: string;
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/i;

export type FieldErrors = Record<string, string>;

const PHONE_CODES: Record<PhoneProblem, ErrorCode> = {
  phone_required: 'phone_required',
  phone_invalid: 'phone_invalid',
  dial_code_unknown: 'dial_code_unknown',
};

/** The phone's problem in the spec's words, or null when it parses. */
export function phoneError(phone: PhoneValue, language: Language): string | null {
  const parsed = parsePhone({ phone_number: phone.number, dial_code: phone.dial });
  return parsed.ok ? null : errorMessage(PHONE_CODES[parsed.problem], language);
}

/** Empty is fine (email is optional); otherwise a standard email pattern, case-insensitively (spec §5). */
export function emailError(email: string, language: Language): string | null {
  const value = email.trim();
  return value === '' || EMAIL_PATTERN.test(value) ? null : errorMessage('email_invalid', language);
}

export function nameError(name: string, language: Language): string | null {
  return name.trim() === '' ? errorMessage('name_required', language) : null;
}

/**
 * The errors left once the diner has edited some fields: `problems` holds each edited field's problem now (null when
 * its value is valid), and a fixed field's error goes at once, not at the next submit. Untouched fields keep theirs.
 * The same object comes back when nothing changes, so nothing re-renders.
 */
/**
 * The problems of the profile fields an edit changed (name and e-mail checked as on submit; the choices and the city
 * have no rule here, so any change counts as fixing a server's complaint about them).
 */
export function editedProfileProblems(
  before: Readonly<Record<'fullName' | 'email' | 'ageGroup' | 'gender' | 'city', string>>,
  after: Readonly<Record<'fullName' | 'email' | 'ageGroup' | 'gender' | 'city', string>>,
  language: Language,
): Record<string, string | null> {
  const problems: Record<string, string | null> = {};
  if (after.fullName !== before.fullName) problems.fullName = nameError(after.fullName, language);
  if (after.email !== before.email) problems.email = emailError(after.email, language);
  for (const field of ['ageGroup', 'gender', 'city'] as const)
    if (after[field] !== before[field]) problems[field] = null;
  return problems;
}

export function clearFixedErrors(errors: FieldErrors, problems: Record<string, string | null>): FieldErrors {
  const fixed = Object.keys(problems).filter((field) => field in errors && problems[field] === null);
  if (fixed.length === 0) return errors;
  const rest = { ...errors };
  for (const field of fixed) delete rest[field];
  return rest;
}

/** What the code input holds: ASCII digits only (Arabic-Indic digits converted), at most 4. */
export function normaliseCode(text: string): string {
  return typedDigits(text, 4);
}

/** Error codes that are about one field, when the server sends no `fields`. */
const CODE_FIELD: Partial<Record<string, string>> = {
  phone_required: 'phone',
  phone_invalid: 'phone',
  dial_code_unknown: 'phone',
  phone_in_use: 'phone',
  name_required: 'fullName',
  email_required: 'email',
  email_invalid: 'email',
  otp_incorrect: 'code',
  otp_expired: 'code',
  otp_tries_exceeded: 'code',
  // Wrong codes slowed down (issue 13): the wait belongs beside the code being typed.
  sign_in_throttled: 'code',
};

/** A server field path (`profile.fullName`, `phone.phone_number`, `location.lat`) → our field name. */
export function fieldName(path: string): string {
  const parts = path.split('.').filter((part) => part !== 'body' && part !== 'profile');
  const first = parts[0] ?? path;
  if (first === 'referralCode') return 'referralCode';
  if (first === 'phone_number' || first === 'dial_code') return 'phone';
  if (first === 'location') return 'location';
  return first;
}

/**
 * Splits an API error into messages under fields and one message for the form. A 429 names the wait
 * (Retry-After) after the message. `known` lists the fields this form shows; others go to the form message.
 */
export function splitApiError(
  error: unknown,
  language: Language,
  known: readonly string[],
  waitText: (seconds: number) => string,
): { fields: FieldErrors; form: string | null } {
  if (!(error instanceof ApiError)) return { fields: {}, form: errorMessage('unknown', language) };
  const fields: FieldErrors = {};
  const stray: string[] = [];
  for (const [path, message] of Object.entries(error.fields ?? {})) {
    const name = fieldName(path);
    if (known.includes(name)) fields[name] ??= message;
    else stray.push(message);
  }
  let message = error.message;
  if (error.status === 429 && error.retryAfter !== undefined) message = `${message} ${waitText(error.retryAfter)}`;
  if (Object.keys(fields).length > 0) return { fields, form: stray[0] ?? null };
  const byCode = CODE_FIELD[error.code];
  if (byCode && known.includes(byCode)) return { fields: { [byCode]: message }, form: stray[0] ?? null };
  return { fields, form: message };
}

/** A localized message for a client-side code (errors the form finds before calling). */
export function messageFor(code: string, language: Language): string {
  return isErrorCode(code) ? errorMessage(code, language) : errorMessage('unknown', language);
}
