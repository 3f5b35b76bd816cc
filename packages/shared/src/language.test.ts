import { describe, expect, it } from 'vitest';
import { isRtl, pickLanguage } from './language.ts';

describe('pickLanguage', () => {
  it('defaults to Arabic', () => {
    expect(pickLanguage(undefined)).toBe('ar');
    expect(pickLanguage('')).toBe('ar');
    expect(pickLanguage('fr-FR,de;q=0.8')).toBe('ar');
  });

  it('reads the first supported language of an Accept-Language header', () => {
    expect(pickLanguage('en-US,en;q=0.9')).toBe('en');
    expect(pickLanguage('fr, en;q=0.5')).toBe('en');
    expect(pickLanguage('ar-SA')).toBe('ar');
  });

  it("accepts the spec's 'sa' code as Arabic", () => {
    expect(pickLanguage('sa')).toBe('ar');
  });

  it('marks Arabic right-to-left', () => {
    expect(isRtl('ar')).toBe(true);
    expect(isRtl('en')).toBe(false);
  });
});
