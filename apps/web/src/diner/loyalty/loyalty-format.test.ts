import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import ar from '../../locales/loyalty.ar.json';
import en from '../../locales/loyalty.en.json';
import { entryReasonText, formatLoyaltyDate, formatPointsChange, isPrize, levelProgress } from './loyalty-format';

beforeAll(async () => {
  i18n.init({ language: 'en', strings: { en, ar } });
});

describe('loyalty formatting', () => {
  it('lists a prize-shop purchase among the prizes, won and granted ones too, and not a points-shop purchase', () => {
    expect(isPrize({ source: 'purchase', reward: { shop: 'prize' } })).toBe(true);
    expect(isPrize({ source: 'prize', reward: { shop: 'prize' } })).toBe(true);
    expect(isPrize({ source: 'staff', reward: { shop: 'points' } })).toBe(true);
    expect(isPrize({ source: 'purchase', reward: { shop: 'points' } })).toBe(false);
    expect(isPrize({ source: 'punch_card', reward: { shop: 'points' } })).toBe(false);
  });

  it('writes points changes with their sign in each language’s own digits', () => {
    expect(formatPointsChange(120, 'en')).toBe('\u2066+120\u2069');
    expect(formatPointsChange(-40, 'ar')).toBe('\u2066\u2212٤٠\u2069');
  });

  it('writes dates in the Gregorian calendar with Arabic-Indic digits in Arabic, in the branch time zone', () => {
    const text = formatLoyaltyDate('2026-03-01T22:30:00Z', 'ar', 'Asia/Riyadh');
    expect(text).toMatch(/[٠-٩]/);
    expect(text).not.toMatch(/[0-9]/);
    // 22:30 UTC is already 2 March in Riyadh.
    expect(text).toContain('٢');
    expect(formatLoyaltyDate('2026-03-01T22:30:00Z', 'en', 'Asia/Riyadh')).toContain('Mar 2, 2026');
  });

  it('localizes the system reason codes and keeps a manager’s words as written', () => {
    const t = i18n.getFixedT('en');
    expect(entryReasonText({ kind: 'earn', reason: 'order_completed' }, t)).toBe('Order completed');
    expect(entryReasonText({ kind: 'adjust', reason: 'Sorry for the wait' }, t)).toBe('Sorry for the wait');
    expect(entryReasonText({ kind: 'purchase', reason: 'reward_purchase' }, i18n.getFixedT('ar'))).toBe('شراء مكافأة');
  });

  it('measures progress between two levels, clamped to 0–100', () => {
    expect(levelProgress(250, 0, 500)).toBe(50);
    expect(levelProgress(900, 500, 500)).toBe(100);
    expect(levelProgress(-5, 0, 500)).toBe(0);
  });
});
