import { describe, expect, it } from 'vitest';
import { ERROR_PARTS, ERRORS } from './errors.ts';

describe('the error catalogue', () => {
  it('names each code in one part only, so gathering the parts loses none', () => {
    const codes = ERROR_PARTS.flatMap((part) => Object.keys(part));
    expect(new Set(codes).size).toBe(codes.length);
    expect(Object.keys(ERRORS)).toHaveLength(codes.length + 1);
  });

  it('has both languages for every code', () => {
    for (const entry of Object.values(ERRORS)) {
      expect(entry.en.length).toBeGreaterThan(0);
      expect(entry.ar.length).toBeGreaterThan(0);
    }
  });
});
