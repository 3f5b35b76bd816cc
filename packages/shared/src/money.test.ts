import { describe, expect, it } from 'vitest';
import { formatSar, formatSarChange } from './money.ts';

describe('formatSar', () => {
  it('formats halalas as SAR with two decimals in English', () => {
    const text = formatSar(2450, 'en');
    expect(text).toContain('24.50');
    expect(text).toMatch(/SAR|ر\.س|﷼/);
  });

  it('uses Arabic digits in Arabic', () => {
    expect(formatSar(2450, 'ar')).toContain('٢٤٫٥٠');
  });

  it('keeps zero and large amounts exact', () => {
    expect(formatSar(0, 'en')).toContain('0.00');
    expect(formatSar(123456789, 'en')).toContain('1,234,567.89');
  });
});

describe('formatSarChange', () => {
  it('signs an extra the way each locale does, and leaves zero unsigned', () => {
    expect(formatSarChange(200, 'en')).toBe('+SAR\u00a02.00');
    expect(formatSarChange(200, 'ar')).toBe('\u061c+\u200f٢٫٠٠\u00a0ر.س.\u200f');
    expect(formatSarChange(0, 'en')).toBe('SAR\u00a00.00');
    expect(formatSarChange(-150, 'en')).toBe('-SAR\u00a01.50');
  });
});
