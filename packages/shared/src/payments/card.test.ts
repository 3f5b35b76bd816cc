import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '../messages/errors.ts';
import {
  CARD_BRAND_RULES,
  type CardBrand,
  cardLast4,
  checkCard,
  checkCardNumber,
  checkCvv,
  checkExpiry,
  detectCardBrand,
  luhnCheckDigit,
  luhnValid,
  MADA_BIN_PREFIXES,
  normalizeCardNumber,
  toAsciiDigits,
} from './card.ts';

const NOW = new Date('2026-11-23T15:00:00Z');

describe('card number', () => {
  it('drops spaces and dashes and reads Arabic-Indic and Persian digits', () => {
    expect(normalizeCardNumber('4111 1111-1111\u00a01111')).toBe('4111111111111111');
    expect(normalizeCardNumber('٤١١١ ١١١١ ١١١١ ١١١١')).toBe('4111111111111111');
    expect(normalizeCardNumber('۴۱۱۱۱۱۱۱۱۱۱۱۱۱۱۱')).toBe('4111111111111111');
    expect(toAsciiDigits('١٢/٣٠')).toBe('12/30');
  });

  it('keeps other characters, so a letter makes the number invalid instead of vanishing', () => {
    expect(normalizeCardNumber('4111x1111')).toBe('4111x1111');
    expect(checkCardNumber('4111 1111 1111 111x')).toEqual({ ok: false, code: 'card_number_invalid' });
  });

  it.each([
    ['5888 4500 0000 0011', 'mada'],
    ['9682 0800 0000 0016', 'mada'],
    ['4111 1111 1111 1111', 'visa'],
    ['5555 5555 5555 4444', 'mastercard'],
    ['2223 0000 4841 0010', 'mastercard'],
    ['3782 822463 10005', 'amex'],
  ] as const)('accepts %s as %s', (number, brand) => {
    expect(checkCardNumber(number)).toEqual({ ok: true, digits: normalizeCardNumber(number), brand });
  });

  it('finds mada before Visa and Mastercard, whose ranges mada cards share', () => {
    expect(detectCardBrand('4406 47')).toBe('mada');
    expect(detectCardBrand('5297 41')).toBe('mada');
    expect(detectCardBrand('4406 48')).toBe('visa');
    for (const bin of MADA_BIN_PREFIXES) expect(detectCardBrand(bin), bin).toBe('mada');
  });

  it('detects Mastercard 2-series only between 2221 and 2720', () => {
    expect(detectCardBrand('2221')).toBe('mastercard');
    expect(detectCardBrand('2720')).toBe('mastercard');
    expect(detectCardBrand('2220')).toBeNull();
    expect(detectCardBrand('2721')).toBeNull();
    expect(detectCardBrand('6011 0000')).toBeNull();
  });

  it.each([
    ['a wrong check digit', '4111 1111 1111 1112'],
    ['a Visa of 15 digits', `41111111111111${luhnCheckDigit('41111111111111')}`],
    ['an Amex of 16 digits', `378282246310000${luhnCheckDigit('378282246310000')}`],
    ['an unknown brand', '6011 1111 1111 1117'],
    ['nothing', ''],
  ])('refuses %s', (_name, number) => {
    expect(checkCardNumber(number)).toEqual({ ok: false, code: 'card_number_invalid' });
  });

  it('fails Luhn whenever exactly one digit of a valid number changes', () => {
    const body = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 12, maxLength: 18 }).map((d) => d.join(''));
    fc.assert(
      fc.property(body, fc.nat(), fc.integer({ min: 1, max: 9 }), (partial, at, delta) => {
        const valid = partial + luhnCheckDigit(partial);
        const i = at % valid.length;
        const changed = valid.slice(0, i) + String((Number(valid[i]) + delta) % 10) + valid.slice(i + 1);
        expect(luhnValid(valid)).toBe(true);
        expect(luhnValid(changed)).toBe(false);
      }),
    );
  });

  it('fails Luhn when two different adjacent digits swap (except 0 and 9)', () => {
    const body = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 12, maxLength: 18 }).map((d) => d.join(''));
    fc.assert(
      fc.property(body, fc.nat(), (partial, at) => {
        const valid = partial + luhnCheckDigit(partial);
        const i = at % (valid.length - 1);
        const [a, b] = [valid[i], valid[i + 1]];
        fc.pre(a !== b && !((a === '0' && b === '9') || (a === '9' && b === '0')));
        expect(luhnValid(valid.slice(0, i) + b + a + valid.slice(i + 2))).toBe(false);
      }),
    );
  });

  it('accepts every well-formed number of a brand and the same number spaced in Arabic digits', () => {
    const arabic = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    const brandNumber = fc
      .constantFrom<[CardBrand, string]>(['visa', '4'], ['amex', '37'], ['mastercard', '53'], ['mada', '968203'])
      .chain(([brand, prefix]) =>
        fc
          .constantFrom(...CARD_BRAND_RULES[brand].lengths)
          .chain((length) =>
            fc
              .array(fc.integer({ min: 0, max: 9 }), {
                minLength: length - prefix.length - 1,
                maxLength: length - prefix.length - 1,
              })
              .map((d) => prefix + d.join('')),
          )
          .map((partial) => [brand, partial + luhnCheckDigit(partial)] as const),
      );
    fc.assert(
      fc.property(brandNumber, ([brand, number]) => {
        fc.pre(brand === 'mada' || detectCardBrand(number) === brand);
        expect(checkCardNumber(number)).toMatchObject({ ok: true, brand });
        expect(checkCardNumber(arabic(number.replace(/(\d{4})/g, '$1 ')))).toMatchObject({ ok: true, brand });
      }),
    );
  });

  it('keeps only the last four digits', () => {
    expect(cardLast4('4111111111111111')).toBe('1111');
  });
});

describe('expiry', () => {
  it('accepts this month and later, refuses last month (month granularity, UTC)', () => {
    expect(checkExpiry('11/26', NOW)).toEqual({ ok: true, month: 11, year: 2026 });
    expect(checkExpiry('11/26', new Date('2026-11-30T23:59:59Z')).ok).toBe(true);
    expect(checkExpiry('11/26', new Date('2026-12-01T00:00:00Z'))).toEqual({ ok: false, code: 'card_expiry_invalid' });
    expect(checkExpiry('10/26', NOW)).toEqual({ ok: false, code: 'card_expiry_invalid' });
    expect(checkExpiry('01/27', NOW).ok).toBe(true);
  });

  it.each(['12/30', '1/30', '01 / 30', '0130', '01-30', '٠١/٣٠'])('reads %s', (text) => {
    expect(checkExpiry(text, NOW).ok).toBe(true);
  });

  it.each(['13/30', '00/30', '1/2030', '12/', '', 'ab/cd', '12/47'])('refuses %s', (text) => {
    expect(checkExpiry(text, NOW)).toEqual({ ok: false, code: 'card_expiry_invalid' });
  });

  it('never accepts a month before now and always accepts one from now on (within 20 years)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -240, max: 239 }), (offset) => {
        const base = NOW.getUTCFullYear() * 12 + NOW.getUTCMonth() + offset;
        const text = `${String((base % 12) + 1).padStart(2, '0')}/${String(Math.floor(base / 12) % 100).padStart(2, '0')}`;
        expect(checkExpiry(text, NOW).ok).toBe(offset >= 0);
      }),
    );
  });
});

describe('cvv', () => {
  it('wants 4 digits for Amex and 3 for the others', () => {
    expect(checkCvv('1234', 'amex').ok).toBe(true);
    expect(checkCvv('123', 'amex')).toEqual({ ok: false, code: 'card_cvv_invalid' });
    for (const brand of ['mada', 'visa', 'mastercard'] as const) {
      expect(checkCvv('123', brand).ok).toBe(true);
      expect(checkCvv('1234', brand).ok).toBe(false);
    }
    expect(checkCvv('١٢٣', 'visa').ok).toBe(true);
    expect(checkCvv('12a', null).ok).toBe(false);
  });
});

describe('whole card', () => {
  it('names every wrong field at once, with codes the error table knows', () => {
    const result = checkCard({ number: '4111 1111 1111 1112', expiry: '01/20', cvv: '12', holder: ' ' }, NOW);
    expect(result).toEqual({
      ok: false,
      brand: 'visa',
      errors: {
        number: 'card_number_invalid',
        expiry: 'card_expiry_invalid',
        cvv: 'card_cvv_invalid',
        holder: 'card_holder_required',
      },
    });
    expect(ERRORS.card_number_invalid.en).toBe('Invalid card number');
    expect(ERRORS.card_expiry_invalid.en).toBe('Invalid expire date');
    expect(ERRORS.card_cvv_invalid.en).toBe('Invalid cvv');
  });

  it('checks the CVV against the brand the number shows', () => {
    const amex = { number: '3782 822463 10005', expiry: '12/30', cvv: '123', holder: 'Sara' };
    expect(checkCard(amex, NOW)).toMatchObject({ ok: false, errors: { cvv: 'card_cvv_invalid' } });
    expect(checkCard({ ...amex, cvv: '1234' }, NOW)).toEqual({
      ok: true,
      digits: '378282246310005',
      brand: 'amex',
      month: 12,
      year: 2030,
      holder: 'Sara',
    });
  });
});
