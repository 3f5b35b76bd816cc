import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cartNudges, extraSpendFor } from './cart-nudges.ts';
import { type Level, pointsEarned } from './points.ts';

const rules = { earnPointsPerSar: 10 };
const bronze: Level = { id: 1, minLifetimePoints: 0, multiplierBasisPoints: 10_000 };
const silver: Level = { id: 2, minLifetimePoints: 1_500, multiplierBasisPoints: 12_500 };
const gold: Level = { id: 3, minLifetimePoints: 5_000, multiplierBasisPoints: 15_000 };
const levels = [bronze, silver, gold];
const coffee = { id: 7, name: 'Free coffee', pointsCost: 300 };
const tenOff = { id: 8, name: 'SAR 10 off', pointsCost: 900 };
const gift = { id: 9, name: 'Gift', pointsCost: null };

describe('cart nudges', () => {
  it('says how much more this order needs to reach the next level and the cheapest reward not yet affordable', () => {
    // 1,300 lifetime, 200 in the wallet, a SAR 8.50 cart earns 80: 200 more points to Silver need SAR 20 in all.
    const nudges = cartNudges({
      walletPoints: 200,
      lifetimePoints: 1_300,
      level: bronze,
      levels,
      rules,
      cartHalalas: 850,
      rewards: [tenOff, gift, coffee],
    });
    expect(nudges.level).toEqual({ level: silver, spendHalalas: 2_000 - 850 });
    // The coffee costs 300; the wallet has 200: 100 points, SAR 10 in all.
    expect(nudges.reward).toEqual({ reward: coffee, spendHalalas: 1_000 - 850 });
  });

  it("counts the level's multiplier, and says nothing when this order already gets there", () => {
    const silverDiner = cartNudges({
      walletPoints: 1_000,
      lifetimePoints: 4_000,
      level: silver,
      levels,
      rules,
      cartHalalas: 0,
      rewards: [coffee, tenOff],
    });
    // 1,000 points to Gold at 12.5 a SAR: SAR 80. Every reward is affordable: no reward nudge.
    expect(silverDiner.level).toEqual({ level: gold, spendHalalas: 8_000 });
    expect(silverDiner.reward).toBeNull();
    const enough = cartNudges({
      walletPoints: 0,
      lifetimePoints: 1_400,
      level: bronze,
      levels,
      rules,
      cartHalalas: 1_000,
      rewards: [coffee],
    });
    expect(enough.level).toBeNull();
    expect(enough.reward).toEqual({ reward: coffee, spendHalalas: 2_000 });
    const top = cartNudges({
      walletPoints: 0,
      lifetimePoints: 9_000,
      level: gold,
      levels,
      rules,
      cartHalalas: 0,
      rewards: [],
    });
    expect(top).toEqual({ level: null, reward: null });
  });

  it('answers nothing when the rule earns nothing', () => {
    expect(extraSpendFor(10, 0, { earnPointsPerSar: 0 }, bronze)).toBeNull();
    const none = cartNudges({
      walletPoints: 0,
      lifetimePoints: 0,
      level: null,
      levels,
      rules: { earnPointsPerSar: 0 },
      cartHalalas: 500,
      rewards: [coffee],
    });
    expect(none).toEqual({ level: null, reward: null });
  });

  it('is the least extra spend: with it the order earns the points, one halala less it does not', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 1_000, max: 50_000 }),
        (points, cart, perSar, multiplier) => {
          const level: Level = { id: 1, minLifetimePoints: 0, multiplierBasisPoints: multiplier };
          const r = { earnPointsPerSar: perSar };
          const extra = extraSpendFor(points, cart, r, level);
          expect(extra).not.toBeNull();
          if (extra === null) return;
          expect(pointsEarned(cart + extra, r, level)).toBeGreaterThanOrEqual(points);
          if (extra > 0) expect(pointsEarned(cart + extra - 1, r, level)).toBeLessThan(points);
        },
      ),
    );
  });
});
