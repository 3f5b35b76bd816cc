import { describe, expect, it } from 'vitest';
import consoleAr from '../../locales/console.ar.json';
import ar from '../../locales/manage-customers.ar.json';
import en from '../../locales/manage-customers.en.json';

const leaves = (value: unknown, prefix = ''): [string, string][] =>
  typeof value === 'object' && value !== null
    ? Object.entries(value).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k))
    : [[prefix, String(value)]];

describe('the customers pages strings', () => {
  it('has every string in both languages, none empty, and no key the console shell already has', () => {
    expect(
      leaves(ar)
        .map(([k]) => k)
        .sort(),
    ).toEqual(
      leaves(en)
        .map(([k]) => k)
        .sort(),
    );
    for (const [key, value] of [...leaves(ar), ...leaves(en)]) expect(value.trim(), key).not.toBe('');
    expect(Object.keys(ar).filter((key) => key in consoleAr)).toEqual([]);
  });

  it('writes Arabic numbers in Arabic-Indic digits (one digit system per language)', () => {
    for (const [key, value] of leaves(ar)) expect(value.replace(/\{\{\w+\}\}/g, ''), key).not.toMatch(/[0-9]/);
  });
});
