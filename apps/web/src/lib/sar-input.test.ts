import { describe, expect, it } from 'vitest';
import { parseSarInput } from './sar-input';

describe('parseSarInput', () => {
  it('reads riyals with up to two decimals, in either digit system, as halalas', () => {
    expect(parseSarInput('45')).toBe(4_500);
    expect(parseSarInput(' 45.5 ')).toBe(4_550);
    expect(parseSarInput('٤٥٫٠٥')).toBe(4_505);
  });
  it('refuses what is not an amount', () => {
    expect(parseSarInput('')).toBeNull();
    expect(parseSarInput('-3')).toBeNull();
    expect(parseSarInput('4.555')).toBeNull();
    expect(parseSarInput('abc')).toBeNull();
  });
});
