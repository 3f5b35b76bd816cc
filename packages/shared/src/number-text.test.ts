import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './language.ts';
import { integerText, isPlainInteger, sarText } from './number-text.ts';

const locale = (language: string) => (language === 'ar' ? 'ar-SA' : 'en-SA');

/** Every digit count up to 2^53, each sign, and the values around each grouping step. */
const INTEGERS = [
  0,
  1,
  -1,
  ...Array.from({ length: 16 }, (_, n) => 10 ** n).flatMap((p) => [p - 1, p, p + 1, 7 * p + 3, -(p + 1), -(5 * p)]),
  123456789,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
];

describe.each(LANGUAGES)('written by hand as Intl writes them (%s)', (language) => {
  it('whole numbers', () => {
    const intl = new Intl.NumberFormat(locale(language));
    for (const value of INTEGERS) expect(integerText(value, language), String(value)).toBe(intl.format(value));
  });

  it('SAR amounts from halalas, plain and signed', () => {
    const options = { style: 'currency', currency: 'SAR', minimumFractionDigits: 2 } as const;
    const plain = new Intl.NumberFormat(locale(language), options);
    const signed = new Intl.NumberFormat(locale(language), { ...options, signDisplay: 'exceptZero' });
    const halalas = [...INTEGERS.filter((v) => Math.abs(v) < 2 ** 50), 5, 50, 99, 100, 101, 1250, -1250, 999999];
    for (const value of halalas) {
      expect(sarText(value, language, false), String(value)).toBe(plain.format(value / 100));
      expect(sarText(value, language, true), `${value} signed`).toBe(signed.format(value / 100));
    }
  });
});

describe('sarText', () => {
  it('rounds a stray fraction of a halala as Intl does, and writes -0 unsigned', () => {
    expect(sarText(1249.5, 'en', false)).toBe('SAR\u00a012.50');
    expect(sarText(-0, 'en', true)).toBe('SAR\u00a00.00');
  });
});

describe('isPlainInteger', () => {
  it('leaves fractions, -0, NaN and unsafe integers to Intl', () => {
    expect([1, 0, -12].every(isPlainInteger)).toBe(true);
    expect([0.5, -0, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53].some(isPlainInteger)).toBe(false);
  });
});
