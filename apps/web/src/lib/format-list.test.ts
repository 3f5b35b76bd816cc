import { describe, expect, it } from 'vitest';
import { formatList } from './format-list';

describe('formatList', () => {
  it('joins English names with English words, never the Arabic comma', () => {
    expect(formatList(['Size', 'Sugar'], 'en')).toBe('Size and Sugar');
    expect(formatList(['Size', 'Sugar', 'Milk'], 'en')).toBe('Size, Sugar, and Milk');
  });

  it('joins Arabic names the Arabic way', () => {
    const joined = formatList(['الحجم', 'السكر'], 'ar');
    expect(joined).toContain('الحجم');
    expect(joined).toMatch(/و\s?السكر/);
    expect(joined).not.toContain(', ');
  });
});
