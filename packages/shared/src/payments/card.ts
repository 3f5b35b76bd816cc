/**
 * Card checks for a hosted card page (issue 5): number normalisation, Luhn, brand and length, expiry, CVV.
 *
 * This file has no imports and no TypeScript-only syntax beyond types, on purpose: the built-in test gateway
 * serves it to the browser with its types stripped, so the page and the server check a card with the same code.
 * Our own app never sees a card number; only a provider's page does.
 */

export const CARD_BRANDS = ['mada', 'visa', 'mastercard', 'amex'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** The error codes a card form can show (their messages, ar and en, are in messages/errors.ts). */
export type CardErrorCode = 'card_number_invalid' | 'card_expiry_invalid' | 'card_cvv_invalid' | 'card_holder_required';
export type CardField = 'number' | 'expiry' | 'cvv' | 'holder';

/**
 * mada (Saudi Arabia's debit scheme) BIN prefixes, 6 or 8 digits. Source: the list Moyasar ships in its SDKs
 * (moyasar-flutter, `MadaUtil.madaRanges`), which follows the published mada BIN table; mada cards are co-badged
 * with Visa or Mastercard, so these prefixes are checked before the international ranges. Add new BINs here.
 */
// biome-ignore format: a data table, kept compact
export const MADA_BIN_PREFIXES: readonly string[] = [
  '22337902', '22337986', '22402030', '242030', '403024', '40545400', '406136', '406996', '40719700', '40739500',
  '407520', '409201', '410621', '410685', '410834', '412565', '417633', '419593', '420132', '421141', '422817',
  '422818', '422819', '428331', '428671', '428672', '428673', '431361', '432328', '434107', '439954', '440533',
  '440647', '440795', '442463', '445564', '446393', '446404', '446672', '45488707', '455036', '455708', '457865',
  '457997', '458456', '462220', '468540', '468541', '468542', '468543', '474491', '483010', '483011', '483012',
  '484783', '486094', '486095', '486096', '489318', '489319', '49098000', '492464', '504300', '513213', '515079',
  '516138', '520058', '521076', '52166100', '524130', '524514', '524940', '529415', '529741', '530060', '531196',
  '535825', '535989', '536023', '537767', '53973776', '543085', '543357', '549760', '554180', '555610', '558563',
  '588845', '588848', '588850', '589206', '604906', '636120', '968201', '968202', '968203', '968204', '968205',
  '968206', '968207', '968208', '968209', '968211',
];

/** Valid lengths per brand (digits), and the CVV length. */
export const CARD_BRAND_RULES: Record<CardBrand, { lengths: readonly number[]; cvvLength: number }> = {
  mada: { lengths: [16], cvvLength: 3 },
  visa: { lengths: [13, 16, 19], cvvLength: 3 },
  mastercard: { lengths: [16], cvvLength: 3 },
  amex: { lengths: [15], cvvLength: 4 },
};

/** How each brand is shown on a card page (a text badge: no images, no network). */
export const CARD_BRAND_NAMES: Record<CardBrand, string> = {
  mada: 'mada',
  visa: 'VISA',
  mastercard: 'Mastercard',
  amex: 'AMEX',
};

/** Arabic-Indic (U+0660…) and Eastern Arabic-Indic (U+06F0…, Persian/Urdu keyboards) digits → ASCII. */
export function toAsciiDigits(input: string): string {
  return input.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => {
    const code = d.charCodeAt(0);
    return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
  });
}

/**
 * What the diner typed → the digits: Arabic digits become ASCII, spaces (incl. no-break and thin spaces) and
 * dashes are dropped. Anything else is kept, so a letter makes the number invalid rather than silently vanishing.
 */
export function normalizeCardNumber(input: string): string {
  return toAsciiDigits(input).replace(/[\s\u00a0\u2007\u2009\u202f\-\u2010-\u2015]/g, '');
}

/** The Luhn (mod 10) check; false for anything that is not all digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** The digit that makes `partial + digit` pass Luhn (for building test numbers). */
export function luhnCheckDigit(partial: string): string {
  for (let d = 0; d <= 9; d += 1) if (luhnValid(`${partial}${d}`)) return String(d);
  throw new Error('not digits');
}

function inRange(digits: string, length: number, min: number, max: number): boolean {
  if (digits.length < length) return false;
  const prefix = Number(digits.slice(0, length));
  return prefix >= min && prefix <= max;
}

/** The brand by prefix (mada first, see MADA_BIN_PREFIXES); null when none matches. Works on partial numbers. */
export function detectCardBrand(input: string): CardBrand | null {
  const digits = normalizeCardNumber(input);
  if (!/^\d+$/.test(digits)) return null;
  if (MADA_BIN_PREFIXES.some((bin) => digits.startsWith(bin))) return 'mada';
  if (digits.startsWith('34') || digits.startsWith('37')) return 'amex';
  if (digits.startsWith('4')) return 'visa';
  // Mastercard: 51–55, and the 2-series 2221–2720.
  if (inRange(digits, 2, 51, 55) || inRange(digits, 4, 2221, 2720)) return 'mastercard';
  return null;
}

export type CardNumberCheck =
  | { ok: true; digits: string; brand: CardBrand }
  | { ok: false; code: 'card_number_invalid' };

/** A known brand, a length that brand issues, and Luhn. */
export function checkCardNumber(input: string): CardNumberCheck {
  const digits = normalizeCardNumber(input);
  const brand = detectCardBrand(digits);
  if (!brand || !CARD_BRAND_RULES[brand].lengths.includes(digits.length) || !luhnValid(digits)) {
    return { ok: false, code: 'card_number_invalid' };
  }
  return { ok: true, digits, brand };
}

/** Cards are not issued for longer than this; a year further out is a typo. */
export const MAX_CARD_YEARS_AHEAD = 20;

export type ExpiryCheck = { ok: true; month: number; year: number } | { ok: false; code: 'card_expiry_invalid' };

/**
 * "MM/YY" (also "M/YY", "MM / YY", "MMYY", "MM-YY", Arabic digits). A card is good through the last day of its
 * month, so only months before `now`'s month (UTC) are past. `year` is the full year (2000 + YY).
 */
export function checkExpiry(input: string, now: Date): ExpiryCheck {
  const text = toAsciiDigits(input).trim();
  const match = /^(\d{1,2})\s*[/\-.]?\s*(\d{2})$/.exec(text);
  if (!match) return { ok: false, code: 'card_expiry_invalid' };
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return { ok: false, code: 'card_expiry_invalid' };
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const expiry = year * 12 + (month - 1);
  if (expiry < current || year > now.getUTCFullYear() + MAX_CARD_YEARS_AHEAD) {
    return { ok: false, code: 'card_expiry_invalid' };
  }
  return { ok: true, month, year };
}

/** The CVV's length depends on the brand (Amex 4, others 3); without a known brand, 3 or 4 digits pass. */
export function checkCvv(
  input: string,
  brand: CardBrand | null,
): { ok: true } | { ok: false; code: 'card_cvv_invalid' } {
  const digits = toAsciiDigits(input).trim();
  const ok = brand ? new RegExp(`^\\d{${CARD_BRAND_RULES[brand].cvvLength}}$`).test(digits) : /^\d{3,4}$/.test(digits);
  return ok ? { ok: true } : { ok: false, code: 'card_cvv_invalid' };
}

export interface CardInput {
  number: string;
  /** MM/YY */
  expiry: string;
  cvv: string;
  holder: string;
}

export type CardCheck =
  | { ok: true; digits: string; brand: CardBrand; month: number; year: number; holder: string }
  | { ok: false; errors: Partial<Record<CardField, CardErrorCode>>; brand: CardBrand | null };

/** Every field of a card form at once, so the page can show each field's message. */
export function checkCard(input: CardInput, now: Date): CardCheck {
  const errors: Partial<Record<CardField, CardErrorCode>> = {};
  const number = checkCardNumber(input.number);
  const brand = number.ok ? number.brand : detectCardBrand(input.number);
  if (!number.ok) errors.number = number.code;
  const expiry = checkExpiry(input.expiry, now);
  if (!expiry.ok) errors.expiry = expiry.code;
  const cvv = checkCvv(input.cvv, brand);
  if (!cvv.ok) errors.cvv = cvv.code;
  const holder = input.holder.trim().replace(/\s+/g, ' ');
  if (holder.length === 0 || holder.length > 100) errors.holder = 'card_holder_required';
  if (!number.ok || !expiry.ok || Object.keys(errors).length > 0) return { ok: false, errors, brand };
  return { ok: true, digits: number.digits, brand: number.brand, month: expiry.month, year: expiry.year, holder };
}

/** The last four digits, the only part of a number anything may keep. */
export function cardLast4(digits: string): string {
  return digits.slice(-4);
}
