import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type DrawableSegment,
  drawableWeight,
  isDrawable,
  outOfGifts,
  pickSegment,
  retryLeft,
  SPIN_GAP_MS,
  spinWait,
  wheelOdds,
} from './wheel.ts';

const segment: fc.Arbitrary<Omit<DrawableSegment, 'id'>> = fc.record({
  weight: fc.integer({ min: 1, max: 1_000 }),
  prize: fc.constantFrom('reward', 'points', 'none'),
  stockLeft: fc.option(fc.integer({ min: 0, max: 5 })),
  todayLeft: fc.option(fc.integer({ min: 0, max: 5 })),
});
const wheel = fc
  .array(segment, { minLength: 1, maxLength: 12 })
  .map((list) => list.map((s, i): DrawableSegment => ({ ...s, id: i + 1 })));

describe('the wheel draw', () => {
  it('every r in range lands on a drawable segment, each exactly as often as its weight', () => {
    fc.assert(
      fc.property(wheel, (segments) => {
        const total = drawableWeight(segments);
        const hits = new Map<number, number>();
        for (let r = 0; r < total; r += 1) {
          const s = pickSegment(segments, r);
          expect(s && isDrawable(s)).toBe(true);
          if (s) hits.set(s.id, (hits.get(s.id) ?? 0) + 1);
        }
        for (const s of segments) expect(hits.get(s.id) ?? 0).toBe(isDrawable(s) ? s.weight : 0);
        expect(pickSegment(segments, total)).toBeUndefined();
        expect(pickSegment(segments, -1)).toBeUndefined();
      }),
    );
  });

  it('published odds add up to 100 % and give nothing to a prize that is out', () => {
    fc.assert(
      fc.property(wheel, (segments) => {
        const odds = wheelOdds(segments);
        const sum = [...odds.values()].reduce((a, b) => a + b, 0);
        expect(sum).toBe(drawableWeight(segments) === 0 ? 0 : 10_000);
        for (const s of segments) if (!isDrawable(s)) expect(odds.get(s.id)).toBe(0);
      }),
    );
  });

  it('is out of gifts only when no prize segment can be drawn', () => {
    const tryAgain: DrawableSegment = { id: 1, weight: 5, prize: 'none', stockLeft: null, todayLeft: null };
    const cup: DrawableSegment = { id: 2, weight: 1, prize: 'reward', stockLeft: 1, todayLeft: null };
    expect(outOfGifts([tryAgain, cup])).toBe(false);
    expect(outOfGifts([tryAgain, { ...cup, stockLeft: 0 }])).toBe(true);
    expect(outOfGifts([tryAgain, { ...cup, todayLeft: 0 }])).toBe(true);
    expect(outOfGifts([tryAgain])).toBe(true);
  });
});

describe('the retry text figures', () => {
  it('says days when a day or more is left, else hours and minutes', () => {
    expect(retryLeft(7 * 86_400_000)).toEqual({ days: 7 });
    expect(retryLeft(9 * 86_400_000 + 1)).toEqual({ days: 10 });
    expect(retryLeft(86_400_000 - 1)).toEqual({ hours: 24, minutes: 0 });
    expect(retryLeft(3 * 3_600_000 + 20 * 60_000)).toEqual({ hours: 3, minutes: 20 });
    expect(retryLeft(30_000)).toEqual({ hours: 0, minutes: 1 });
    expect(retryLeft(0)).toEqual({ hours: 0, minutes: 1 });
  });
});

describe('the wait a player is told about', () => {
  const at = new Date('2026-04-01T09:00:00Z');
  const plus = (ms: number) => new Date(at.getTime() + ms);
  const DAY = 86_400_000;

  it('the first minute after a win says the game\'s cooldown, not "one minute"', () => {
    const player = { lastSpinAt: at, lastWinAt: at, retryAt: null };
    for (const after of [0, 1_000, 59_999]) {
      const wait = spinWait(player, 7, plus(after));
      expect(wait).toEqual({ reason: 'won_cooldown', until: plus(7 * DAY) });
      expect(retryLeft((wait?.until.getTime() ?? 0) - plus(after).getTime())).toEqual({ days: 7 });
    }
  });

  it('a loss with a retry time says that time from its first second; the minute only when nothing longer runs', () => {
    expect(spinWait({ lastSpinAt: at, lastWinAt: null, retryAt: plus(90 * 60_000) }, 7, plus(10_000))).toEqual({
      reason: 'retry_later',
      until: plus(90 * 60_000),
    });
    // A game without a retry time: the loss's retry is the minute itself, and the minute is what is said.
    expect(spinWait({ lastSpinAt: at, lastWinAt: null, retryAt: plus(SPIN_GAP_MS) }, 7, plus(10_000))).toEqual({
      reason: 'one_minute',
      until: plus(SPIN_GAP_MS),
    });
    // A loss a minute after an old win: the win's cooldown still runs, and it is the longer wait.
    expect(spinWait({ lastSpinAt: plus(DAY), lastWinAt: at, retryAt: null }, 7, plus(DAY + 5_000))?.reason).toBe(
      'won_cooldown',
    );
  });

  it('no wait once every clock has run out', () => {
    expect(spinWait({ lastSpinAt: at, lastWinAt: at, retryAt: plus(60_000) }, 7, plus(7 * DAY))).toBeNull();
  });

  it('is always the longest wait that runs', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 * DAY }),
        fc.option(fc.integer({ min: 0, max: 20 * DAY })),
        fc.option(fc.integer({ min: 0, max: 20 * DAY })),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 30 * DAY }),
        (spun, won, retry, days, now) => {
          const player = {
            lastSpinAt: plus(spun),
            lastWinAt: won === null ? null : plus(won),
            retryAt: retry === null ? null : plus(retry),
          };
          const ends = [
            spun + SPIN_GAP_MS,
            ...(won === null ? [] : [won + days * DAY]),
            ...(retry === null ? [] : [retry]),
          ];
          const longest = Math.max(...ends);
          const wait = spinWait(player, days, plus(now));
          if (longest <= now) expect(wait).toBeNull();
          else expect(wait?.until.getTime()).toBe(plus(longest).getTime());
        },
      ),
    );
  });
});
