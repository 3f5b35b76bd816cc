import { describe, expect, it } from 'vitest';
import { localDigits, toAsciiDigits, typedDigits } from './digits.ts';

describe('digits', () => {
  it('reads Arabic-Indic and Persian digits as ASCII, and writes Arabic in its own', () => {
    expect(toAsciiDigits('٠٥٠ ۱۲')).toBe('050 12');
    expect(localDigits('Table 12', 'ar')).toBe('Table ١٢');
    expect(localDigits('12', 'en')).toBe('12');
  });

  it('keeps what a whole-number field was typed as: its digits only, at most the field’s length', () => {
    expect(typedDigits('٤', 2)).toBe('4');
    expect(typedDigits(' 1a2-3', 2)).toBe('12');
    expect(typedDigits('۱۲۳۴۵', 4)).toBe('1234');
    expect(typedDigits('abc', 4)).toBe('');
  });
});
