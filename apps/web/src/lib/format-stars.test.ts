import { describe, expect, it } from 'vitest';
import { formatStars } from './format-stars';

describe('formatStars', () => {
  it('writes an average with one decimal in each language’s own digits', () => {
    expect(formatStars(450, 'en')).toBe('4.5');
    expect(formatStars(200, 'en')).toBe('2.0');
    expect(formatStars(450, 'ar')).toBe('٤٫٥');
  });
});
