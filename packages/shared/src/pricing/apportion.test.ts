import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apportion } from './apportion.ts';

const ranks = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('apportion', () => {
  it('gives each part its exact share when the shares are whole', () => {
    expect(apportion(90, [50, 40, 10], ranks(3))).toEqual([45, 36, 9]);
  });

  it('gives the halalas left after the whole shares to the highest weight / (share + 1)', () => {
    // Shares of 10 over 3 equal parts: 3 each, one halala left; a tie, so the lowest rank takes it.
    expect(apportion(10, [1, 1, 1], [2, 0, 1])).toEqual([3, 4, 3]);
    // 4 over [7, 2, 1]: whole shares 2, 0, 0; then 7/3 beats 2/1, then 2/1 beats 7/4.
    expect(apportion(4, [7, 2, 1], ranks(3))).toEqual([3, 1, 0]);
    // 3 over [4, 1, 1]: whole shares 2, 0, 0; 4/3 beats 1/1 (largest remainder would have given [2, 1, 0]).
    expect(apportion(3, [4, 1, 1], ranks(3))).toEqual([3, 0, 0]);
  });

  it('gives nothing to parts of weight zero and nothing at all when there is nothing to give', () => {
    expect(apportion(5, [0, 5, 0], ranks(3))).toEqual([0, 5, 0]);
    expect(apportion(0, [3, 4], ranks(2))).toEqual([0, 0]);
    expect(apportion(0, [], [])).toEqual([]);
  });

  const weightsAndRanks = fc
    .array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 12 })
    .filter((weights) => weights.some((w) => w > 0))
    .chain((weights) =>
      fc.tuple(fc.constant(weights), fc.shuffledSubarray(ranks(weights.length), { minLength: weights.length })),
    );

  it('always hands out exactly the total, never more than a part weighs', () => {
    fc.assert(
      fc.property(weightsAndRanks, fc.double({ min: 0, max: 1, noNaN: true }), ([weights, rank], fraction) => {
        const sum = weights.reduce((a, b) => a + b, 0);
        const total = Math.floor(sum * fraction);
        const shares = apportion(total, weights, rank);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
        shares.forEach((share, i) => {
          expect(Number.isInteger(share)).toBe(true);
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(weights[i] as number);
        });
      }),
    );
  });

  // Small weights make the halalas left over matter; "largest remainder" fails this within a few thousand runs
  // (the Alabama paradox: one more halala to share, one part gets one less).
  it('never takes a halala away from a part when the total grows, even with every weight scaled up', () => {
    const small = fc
      .array(fc.integer({ min: 0, max: 30 }), { minLength: 1, maxLength: 6 })
      .filter((weights) => weights.some((w) => w > 0));
    fc.assert(
      fc.property(small, fc.nat(), fc.nat(), fc.integer({ min: 1, max: 3 }), (weights, a, b, scale) => {
        const sum = weights.reduce((x, y) => x + y, 0);
        const before = Math.min(a, b) % (sum + 1);
        const after = before + (Math.max(a, b) % (sum * scale - before + 1));
        const rank = ranks(weights.length);
        const sharesBefore = apportion(before, weights, rank);
        const sharesAfter = apportion(
          after,
          weights.map((w) => w * scale),
          rank,
        );
        sharesAfter.forEach((share, i) => {
          expect(share).toBeGreaterThanOrEqual(sharesBefore[i] as number);
        });
      }),
      { numRuns: 5000 },
    );
  });
});
