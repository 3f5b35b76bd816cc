import { describe, expect, it } from 'vitest';
import { formatSar } from './money.ts';

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
