import { localDigits } from './digits.ts';
import type { Language } from './language.ts';

/*
 * Whole numbers and SAR amounts written out by hand, exactly as Intl.NumberFormat writes them for ar-SA and en-SA
 * (number-text.test.ts compares the two over every shape). The first Intl.NumberFormat of a fresh page costs
 * 50-80 ms of the main thread on the 2-core machine (ICU's number set-up, once per renderer process), paid by every
 * first paint that shows a price or a count, the console's lists among them (docs/adr/0812). Plain numbers that are
 * not safe integers (fractions, -0) are left to Intl by formatNumber.
 */

/** ar-SA's marks: Arabic letter mark before a sign, right-to-left mark around an amount, its separators. */
const ALM = '\u061c';
const RLM = '\u200f';
const NBSP = '\u00a0';
const AR_GROUP = '٬';
const AR_DECIMAL = '٫';

function grouped(digits: string, separator: string): string {
  let out = '';
  for (let i = 0; i < digits.length; i += 1) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += separator;
    out += digits[i];
  }
  return out;
}

/** Whether `value` is one the hand-written forms cover: a safe integer that is not -0. */
export function isPlainInteger(value: number): boolean {
  return Number.isSafeInteger(value) && !Object.is(value, -0);
}

/** A safe integer as Intl.NumberFormat('ar-SA' | 'en-SA') writes it (grouped; Arabic-Indic digits in Arabic). */
export function integerText(value: number, language: Language): string {
  const negative = value < 0;
  const digits = String(Math.abs(value));
  if (language === 'ar') return `${negative ? `${ALM}-` : ''}${grouped(localDigits(digits, 'ar'), AR_GROUP)}`;
  return `${negative ? '-' : ''}${grouped(digits, ',')}`;
}

/**
 * Halalas as Intl.NumberFormat's SAR currency style with two decimals writes them: "SAR 12.50", "‏١٢٫٥٠ ر.س.‏";
 * `signed` as signDisplay 'exceptZero' ("+SAR 2.00", zero unsigned).
 */
export function sarText(halalas: number, language: Language, signed: boolean): string {
  const negative = halalas < 0;
  // Whole halalas by type; a fraction is rounded as Intl's two decimals would round it (half away from zero).
  const abs = Math.round(Math.abs(halalas));
  const whole = String(Math.floor(abs / 100));
  const cents = String(abs % 100).padStart(2, '0');
  const sign = negative ? '-' : signed && abs !== 0 ? '+' : '';
  if (language === 'ar') {
    const amount = `${grouped(localDigits(whole, 'ar'), AR_GROUP)}${AR_DECIMAL}${localDigits(cents, 'ar')}`;
    return `${sign ? `${ALM}${sign}` : ''}${RLM}${amount}${NBSP}ر.س.${RLM}`;
  }
  return `${sign}SAR${NBSP}${grouped(whole, ',')}.${cents}`;
}
