import { describe, expect, it } from 'vitest';
import { findUnstorableText, isStorableText, storableText } from './storable-text.ts';

describe('storable text', () => {
  it('accepts Arabic, English, emoji (a whole surrogate pair) and ordinary control characters', () => {
    for (const text of ['كبسة لحم', 'Kabsa', 'بدون بصل 🌶️', 'line\nbreak\ttab', '']) {
      expect(isStorableText(text), text).toBe(true);
    }
  });

  it('refuses a NUL byte and either half of a surrogate pair on its own', () => {
    for (const text of ['a\u0000b', '\u0000', 'x\uD83Cy', 'x\uDF36', '\uDF36\uD83C']) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('names the first bad field by its path, keys included', () => {
    expect(findUnstorableText({ name: 'ok', lines: [{ notes: 'fine' }, { notes: 'bad\u0000' }] })).toEqual([
      'lines',
      '1',
      'notes',
    ]);
    expect(findUnstorableText({ 'k\u0000': 1 })).toEqual(['k?']);
    expect(findUnstorableText({ n: 1, b: true, list: ['a', 'b'] })).toBeNull();
    expect(findUnstorableText('\uD800', ['name'])).toEqual(['name']);
  });

  it('is a zod string for forms', () => {
    expect(storableText().safeParse('حسن').success).toBe(true);
    expect(storableText().safeParse('a\u0000').success).toBe(false);
  });
});
