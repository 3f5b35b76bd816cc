import type { ManageGame } from '@sufra/shared/schemas/manage-games';
import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  canRemove,
  countOf,
  type DraftSegment,
  draftOf,
  draftProblems,
  fromLocalInput,
  newSegment,
  toLocalInput,
  withPrize,
} from './game-draft';

const segment = (over: Partial<DraftSegment> = {}): DraftSegment => ({
  ...newSegment(0, { ar: 'حاول', en: 'Try' }),
  ...over,
});
const game = (segments: ManageGame['segments'], over: Partial<ManageGame> = {}): ManageGame => ({
  id: 1,
  kind: 'wheel',
  branchId: null,
  version: 3,
  canEdit: true,
  nameAr: 'العجلة',
  nameEn: 'Wheel',
  isActive: true,
  startsAt: null,
  endsAt: null,
  cooldownDaysAfterWin: 7,
  retryMinutesAfterLoss: 0,
  eligibility: 'everyone',
  segments,
  ...over,
});
const prize = { ...segment({ prize: 'points', points: 50, labelAr: 'نقاط', labelEn: 'Points' }), id: 11, won: 4 };
const miss = { ...segment(), id: 12, won: 0 };

describe('the games form: what a segment keeps when its prize changes', () => {
  it('clears reward, points, stock, budget and SMS for "try again" (the API refuses them there)', () => {
    const s = withPrize(segment({ prize: 'points', points: 30, stock: 5, dailyBudget: 2, sendBySms: true }), 'none', 9);
    expect(s).toMatchObject({
      prize: 'none',
      rewardId: null,
      points: null,
      stock: null,
      dailyBudget: null,
      sendBySms: false,
    });
  });

  it('gives a points segment 10 points to start and no reward; a reward segment the first reward and no points', () => {
    expect(withPrize(segment(), 'points', 9)).toMatchObject({ prize: 'points', points: 10, rewardId: null });
    expect(withPrize(segment({ points: 30 }), 'reward', 9)).toMatchObject({
      prize: 'reward',
      rewardId: 9,
      points: null,
    });
    expect(withPrize(segment({ prize: 'points', points: 30, stock: 5 }), 'reward', 9).stock).toBe(5);
  });
});

describe('the games form: which segments may go', () => {
  it('keeps two segments at least, and any segment whose prize was already won', () => {
    expect(canRemove(miss, 3)).toBe(true);
    expect(canRemove(miss, 2)).toBe(false);
    expect(canRemove(prize, 5)).toBe(false);
  });
});

describe('the games form: what must be mended before a save', () => {
  it('accepts the loaded game as it is, and its body leaves out the prizes won', () => {
    const draft = draftOf(game([prize, miss]));
    expect(draftProblems(draft)).toEqual([]);
    const body = bodyOf(draft);
    expect(body.version).toBe(3);
    expect(body.segments.map((s) => 'won' in s)).toEqual([false, false]);
    expect(body.segments.map((s) => s.id)).toEqual([11, 12]);
  });

  it('refuses an end before the start, a wheel without a prize, and a stock below the prizes won', () => {
    const draft = draftOf(
      game([{ ...prize, stock: 3 }, miss], {
        startsAt: '2026-12-02T10:00:00.000Z',
        endsAt: '2026-12-01T10:00:00.000Z',
      }),
    );
    expect(draftProblems(draft)).toEqual([{ code: 'windowInvalid' }, { code: 'stockBelowWon', index: 0, won: 4 }]);
    const noPrize = draftOf(game([miss, { ...miss, id: 13 }]));
    expect(draftProblems(noPrize)).toEqual([{ code: 'needsPrize' }]);
  });

  it('names the segment missing a label, its reward or its points', () => {
    const draft = draftOf(game([prize, miss]));
    draft.segments.push(
      segment({ labelEn: ' ' }),
      segment({ prize: 'reward', rewardId: null }),
      segment({ prize: 'points', points: null }),
    );
    expect(draftProblems(draft)).toEqual([
      { code: 'labelMissing', index: 2 },
      { code: 'rewardMissing', index: 3 },
      { code: 'pointsMissing', index: 4 },
    ]);
  });
});

describe('the games form: numbers and dates typed', () => {
  it('reads Arabic-Indic digits, empty as no limit, and never NaN', () => {
    expect(countOf('١٢٠')).toBe(120);
    expect(countOf(' ')).toBeNull();
    expect(countOf('abc')).toBe(0);
    expect(countOf('-5')).toBe(0);
  });

  it('turns a datetime-local value into the instant and back, empty as none', () => {
    const iso = fromLocalInput('2026-12-01T18:30');
    expect(iso).not.toBeNull();
    expect(toLocalInput(iso)).toBe('2026-12-01T18:30');
    expect(fromLocalInput('')).toBeNull();
    expect(toLocalInput(null)).toBe('');
  });
});
