import { describe, expect, it } from 'vitest';
import {
  digits,
  type LevelDraft,
  levelsBody,
  NEW_REFERRAL,
  NEW_RULES,
  parseCount,
  parseMultiplier,
  referralBody,
  referralDraft,
  rulesBody,
  rulesDraft,
  swapLevels,
} from './loyalty-forms';

const level = (key: string, min: string, patch: Partial<LevelDraft> = {}): LevelDraft => ({
  key,
  id: null,
  nameAr: 'مستوى',
  nameEn: 'Level',
  minLifetimePoints: min,
  multiplier: '1',
  perksAr: '',
  perksEn: '',
  ...patch,
});

describe('the loyalty console forms (issue 27)', () => {
  it('reads numbers typed in Arabic or Western digits, and shows them in the language', () => {
    expect(parseCount('١٥٠٠')).toBe(1_500);
    expect(parseCount('1,500')).toBe(1_500);
    expect(parseCount('-3')).toBeNull();
    expect(parseCount('2147483648')).toBeNull();
    expect(parseMultiplier('١٫٥')).toBe(15_000);
    expect(parseMultiplier('11')).toBeNull();
    expect(digits(1_500, 'ar')).toBe('١٥٠٠');
    expect(digits(1_500, 'en')).toBe('1500');
  });

  it('turns a rules draft into its body and back', () => {
    const draft = rulesDraft(NEW_RULES, 'ar');
    const result = rulesBody(draft, 3, '2026-11-28');
    expect(result.problems).toBeNull();
    expect(result.body).toEqual({ ...NEW_RULES, version: 3 });
  });

  it('refuses limits that contradict each other, a past date, no order type and no branch', () => {
    const draft = {
      ...rulesDraft(NEW_RULES, 'en'),
      minPointsPerRedemption: '500',
      maxPointsPerTransaction: '100',
      maxPointsPerDay: '50',
      pointValueSar: '0',
      expiryKind: 'date' as const,
      expiryDate: '2026-11-28',
      earnOrderTypes: [],
      earnBranchIds: [],
    };
    expect(rulesBody(draft, 1, '2026-11-28').problems).toEqual({
      maxPointsPerTransaction: 'maxBelowMin',
      maxPointsPerDay: 'dailyBelowMin',
      pointValueSar: 'pointValue',
      expiryDate: 'datePast',
      earnOrderTypes: 'orderTypes',
      earnBranchIds: 'branches',
    });
    expect(
      rulesBody({ ...rulesDraft(NEW_RULES, 'en'), expiryKind: 'days', expiryDays: '0' }, 1, '2026-11-28').problems,
    ).toEqual({
      expiryDays: 'positiveNumber',
    });
  });

  it('keeps a diner in a level: the lowest level starts at 0, two levels never share a threshold', () => {
    expect(levelsBody([level('a', '100'), level('b', '500')], 1).problems).toEqual({ set: 'floor' });
    expect(levelsBody([level('a', '0'), level('b', '٠')], 1).problems).toEqual({
      'b.minLifetimePoints': 'thresholdTaken',
    });
    expect(levelsBody([], 1).problems).toEqual({ set: 'noLevels' });
    expect(levelsBody([level('a', '0', { nameEn: ' ', multiplier: 'x' })], 1).problems).toEqual({
      'a.nameEn': 'name',
      'a.multiplier': 'multiplier',
    });
    const ok = levelsBody([level('a', '0', { perksEn: 'Coffee\n\n Cake ', multiplier: '1.25' })], 4);
    expect(ok.body).toEqual({
      version: 4,
      levels: [
        {
          id: null,
          name: { ar: 'مستوى', en: 'Level' },
          minLifetimePoints: 0,
          multiplierBasisPoints: 12_500,
          perks: { ar: [], en: ['Coffee', 'Cake'] },
        },
      ],
    });
  });

  it('moves a level by trading thresholds with its neighbour', () => {
    const rows = [level('a', '0'), level('b', '100', { nameEn: 'B' }), level('c', '500', { nameEn: 'C' })];
    const moved = swapLevels(rows, 2, -1);
    expect(moved.map((r) => [r.nameEn, r.minLifetimePoints])).toEqual([
      ['Level', '0'],
      ['C', '100'],
      ['B', '500'],
    ]);
    expect(swapLevels(rows, 0, -1)).toEqual(rows);
  });

  it('checks the referral figures: a cap of at least one invitation, a window up to a year', () => {
    const draft = { ...referralDraft(NEW_REFERRAL, 'ar'), invitationsPerDay: '٠', refundWindowDays: '400' };
    expect(referralBody(draft, 1).problems).toEqual({
      invitationsPerDay: 'invitations',
      refundWindowDays: 'refundWindow',
    });
    expect(referralBody(referralDraft(NEW_REFERRAL, 'ar'), 2).body).toEqual({ ...NEW_REFERRAL, version: 2 });
  });
});
