import { describe, expect, it } from 'vitest';
import { phoneText, shortDate } from './customer-format';

describe('the customers pages write phones and dates', () => {
  it('groups a Saudi number, in Arabic-Indic digits kept in reading order for Arabic', () => {
    expect(phoneText('+966555010203', 'en')).toBe('+966 55 501 0203');
    expect(phoneText('+966555010203', 'ar')).toBe('\u200e+٩٦٦ \u200e٥٥ \u200e٥٠١ \u200e٠٢٠٣');
    expect(phoneText('+447700900123', 'en')).toBe('+447700900123');
  });

  it('dates in the Gregorian calendar in both languages, on the Riyadh clock', () => {
    expect(shortDate('2026-11-27T22:30:00Z', 'en')).toBe('Nov 28, 2026');
    expect(shortDate('2026-11-27T22:30:00Z', 'ar')).toContain('٢٠٢٦');
  });
});
