import { describe, expect, it } from 'vitest';
import ar from './ar.json';
import en from './en.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

// Plural forms differ by language (Arabic has zero/one/two/few/many/other); compare the base keys.
const base = (list: string[]) => [...new Set(list.map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')))].sort();

describe('locales', () => {
  it('has every string in both Arabic and English', () => {
    expect(base(keys(ar))).toEqual(base(keys(en)));
  });

  it('has no empty strings', () => {
    for (const bundle of [ar, en]) {
      for (const key of keys(bundle)) {
        const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], bundle);
        expect(value, key).not.toBe('');
      }
    }
  });
});
