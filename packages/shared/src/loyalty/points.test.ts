import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkRedemption,
  type LedgerMovement,
  type Level,
  levelFor,
  nextExpiry,
  nextLevel,
  type PointsRules,
  pointsEarned,
  pointsToExpire,
  pointsValue,
  redeemableRange,
  spendForPoints,
} from './points.ts';

const rules: PointsRules = {
  earnPointsPerSar: 10,
  pointValueHalalas: 5,
  minPointsPerRedemption: 100,
  maxPointsPerTransaction: 2_000,
  maxPointsPerDay: 3_000,
  maxRedemptionsPerDay: 2,
  expiryDays: 365,
};
const levels: Level[] = [
  { id: 1, minLifetimePoints: 0, multiplierBasisPoints: 10_000 },
  { id: 2, minLifetimePoints: 1_000, multiplierBasisPoints: 12_500 },
  { id: 3, minLifetimePoints: 5_000, multiplierBasisPoints: 15_000 },
];
const day = 86_400_000;

const rulesArb: fc.Arbitrary<PointsRules> = fc
  .record({
    earnPointsPerSar: fc.integer({ min: 0, max: 1_000 }),
    pointValueHalalas: fc.integer({ min: 1, max: 100 }),
    minPointsPerRedemption: fc.integer({ min: 1, max: 1_000 }),
    maxPointsPerTransaction: fc.integer({ min: 1, max: 100_000 }),
    maxPointsPerDay: fc.integer({ min: 1, max: 200_000 }),
    maxRedemptionsPerDay: fc.integer({ min: 0, max: 10 }),
    expiryDays: fc.option(fc.integer({ min: 1, max: 1_000 })),
  })
  .map((r) => r);
const levelArb = fc.option(
  fc.record({
    id: fc.constant(1),
    minLifetimePoints: fc.constant(0),
    multiplierBasisPoints: fc.integer({ min: 0, max: 50_000 }),
  }),
);

describe('earning points', () => {
  it('earns whole SAR × points per SAR × the level multiplier, dropping fractions', () => {
    expect(pointsEarned(12_345, rules, null)).toBe(1_230);
    expect(pointsEarned(12_345, rules, levels[1] ?? null)).toBe(1_537);
    expect(pointsEarned(99, rules, null)).toBe(0);
    expect(pointsEarned(0, rules, null)).toBe(0);
    expect(pointsEarned(-500, rules, null)).toBe(0);
  });

  it('never earns more than the exact figure, never negative, and more money never earns less', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 40 }),
        fc.integer({ min: 0, max: 2 ** 20 }),
        rulesArb,
        levelArb,
        (a, extra, r, level) => {
          const earned = pointsEarned(a, r, level);
          // The exact figure in integers (× 10,000): a product of these sizes passes 2^53, where floats round.
          const exactTimesBasis =
            BigInt(Math.floor(a / 100)) * BigInt(r.earnPointsPerSar) * BigInt(level?.multiplierBasisPoints ?? 10_000);
          expect(earned).toBeGreaterThanOrEqual(0);
          expect(Number.isSafeInteger(earned)).toBe(true);
          expect(BigInt(earned) * 10_000n <= exactTimesBasis).toBe(true);
          expect(pointsEarned(a + extra, r, level)).toBeGreaterThanOrEqual(earned);
        },
      ),
    );
  });

  it("the cart's nudge names the least whole SAR that earns the points still to go", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), rulesArb, levelArb, (toGo, r, level) => {
        const spend = spendForPoints(toGo, r, level);
        if (spend === null) {
          expect(r.earnPointsPerSar * (level?.multiplierBasisPoints ?? 10_000)).toBe(0);
          return;
        }
        expect(spend % 100).toBe(0);
        expect(pointsEarned(spend, r, level)).toBeGreaterThanOrEqual(toGo);
        expect(pointsEarned(spend - 100, r, level)).toBeLessThan(toGo);
      }),
    );
  });
});

describe('levels', () => {
  it('reaches the highest level whose threshold the lifetime points meet, and names the next', () => {
    expect(levelFor(0, levels)?.id).toBe(1);
    expect(levelFor(999, levels)?.id).toBe(1);
    expect(levelFor(1_000, levels)?.id).toBe(2);
    expect(levelFor(80_000, levels)?.id).toBe(3);
    expect(levelFor(10, levels.slice(1))).toBeNull();
    expect(nextLevel(400, levels)).toEqual({ level: levels[1], pointsToGo: 600 });
    expect(nextLevel(5_000, levels)).toBeNull();
  });

  it('the next level is always above the current one, whatever order the levels come in', () => {
    const levelsArb = fc
      .uniqueArray(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 6 })
      .map((mins) => mins.map((min, i) => ({ id: i + 1, minLifetimePoints: min, multiplierBasisPoints: 10_000 })));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 120_000 }), levelsArb, (lifetime, ls) => {
        const current = levelFor(lifetime, ls);
        const next = nextLevel(lifetime, ls);
        if (current) expect(current.minLifetimePoints).toBeLessThanOrEqual(lifetime);
        if (next) {
          expect(next.pointsToGo).toBeGreaterThan(0);
          expect(levelFor(lifetime + next.pointsToGo, ls)?.id).toBe(next.level.id);
        }
      }),
    );
  });
});

describe('spending points at checkout', () => {
  const fresh = { count: 0, points: 0 };

  it('refuses each limit with its own reason', () => {
    const ok = { wallet: 5_000, today: fresh, discountableHalalas: 100_000, rules };
    expect(checkRedemption(500, ok)).toBeNull();
    expect(checkRedemption(0, ok)).toBe('points_not_integer');
    expect(checkRedemption(1.5, ok)).toBe('points_not_integer');
    expect(checkRedemption(99, ok)).toBe('points_below_minimum');
    expect(checkRedemption(2_001, ok)).toBe('points_above_transaction_max');
    expect(checkRedemption(500, { ...ok, today: { count: 2, points: 200 } })).toBe('redemptions_daily_max');
    expect(checkRedemption(1_500, { ...ok, today: { count: 1, points: 2_000 } })).toBe('points_above_daily_max');
    expect(checkRedemption(500, { ...ok, wallet: 499 })).toBe('points_above_wallet');
    expect(checkRedemption(500, { ...ok, discountableHalalas: 2_499 })).toBe('points_above_order');
    expect(pointsValue(500, rules)).toBe(2_500);
  });

  it('every amount in the slider range is accepted and the ends are tight', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 500_000 }),
        fc.record({ count: fc.integer({ min: 0, max: 12 }), points: fc.integer({ min: 0, max: 200_000 }) }),
        fc.integer({ min: 0, max: 10_000_000 }),
        rulesArb,
        fc.integer({ min: 0, max: 600_000 }),
        (wallet, today, discountableHalalas, r, probe) => {
          const input = { wallet, today, discountableHalalas, rules: r };
          const range = redeemableRange(input);
          if (range === null) {
            // No amount at all may be spent.
            expect(checkRedemption(probe, input)).not.toBeNull();
            expect(checkRedemption(Math.max(1, r.minPointsPerRedemption), input)).not.toBeNull();
            return;
          }
          expect(checkRedemption(range.min, input)).toBeNull();
          expect(checkRedemption(range.max, input)).toBeNull();
          expect(checkRedemption(range.max + 1, input)).not.toBeNull();
          if (range.min > 1) expect(checkRedemption(range.min - 1, input)).not.toBeNull();
          const inside = range.min + (probe % (range.max - range.min + 1));
          expect(checkRedemption(inside, input)).toBeNull();
          // Never more than the wallet, never worth more than the order.
          expect(inside).toBeLessThanOrEqual(wallet);
          expect(pointsValue(inside, r)).toBeLessThanOrEqual(discountableHalalas);
        },
      ),
    );
  });
});

describe('expiry, oldest first', () => {
  const at = (days: number) => new Date(Date.UTC(2026, 0, 1) + days * day);
  const earn = (points: number, d: number): LedgerMovement => ({ points, at: at(d) });
  const debit = (points: number, d: number): LedgerMovement => ({ points: -points, at: at(d) });

  it('spends take the oldest points first, so only what is left of an old earn expires', () => {
    const ledger = [earn(100, 0), earn(50, 10), debit(30, 20)];
    expect(pointsToExpire(ledger, 365, at(364))).toBe(0);
    expect(pointsToExpire(ledger, 365, at(365))).toBe(70);
    expect(pointsToExpire([...ledger, debit(70, 365)], 365, at(370))).toBe(0);
    expect(pointsToExpire([...ledger, debit(70, 365)], 365, at(375))).toBe(50);
    expect(nextExpiry(ledger, 365)).toEqual(at(365));
    expect(nextExpiry([...ledger, debit(70, 365)], 365)).toEqual(at(375));
    expect(pointsToExpire(ledger, null, at(9_999))).toBe(0);
  });

  it('with a fixed date, every point earned before it expires on it, and none before the date comes', () => {
    const ledger = [earn(100, 0), earn(50, 10), debit(30, 20), earn(40, 40)];
    const date = at(30);
    expect(pointsToExpire(ledger, null, at(29), date)).toBe(0);
    expect(pointsToExpire(ledger, null, at(30), date)).toBe(120);
    expect(pointsToExpire([...ledger, debit(120, 30)], null, at(50), date)).toBe(0);
    expect(nextExpiry(ledger, null, date)).toEqual(date);
    expect(nextExpiry([...ledger, debit(120, 30)], null, date)).toBeNull();
  });

  it('is idempotent, never negative and never more than the wallet', () => {
    const movement = fc.record({
      points: fc.integer({ min: -500, max: 1_000 }).filter((p) => p !== 0),
      day: fc.integer({ min: 0, max: 800 }),
    });
    fc.assert(
      fc.property(
        fc.array(movement, { maxLength: 30 }),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 0, max: 1_200 }),
        (ms, expiryDays, nowDay) => {
          // Keep the wallet non-negative in time order, as the database does.
          let wallet = 0;
          const ledger: LedgerMovement[] = [];
          for (const m of [...ms].sort((a, b) => a.day - b.day)) {
            if (wallet + m.points < 0) continue;
            wallet += m.points;
            ledger.push({ points: m.points, at: at(m.day) });
          }
          const now = at(nowDay);
          const expiring = pointsToExpire(ledger, expiryDays, now);
          expect(expiring).toBeGreaterThanOrEqual(0);
          expect(expiring).toBeLessThanOrEqual(wallet);
          const after = [...ledger, { points: -expiring, at: now }];
          expect(pointsToExpire(after, expiryDays, now)).toBe(0);
          // The same as taking the debits from the oldest credits one by one.
          let debits = ledger.reduce((sum, m) => sum + Math.max(0, -m.points), 0);
          let leftPastDays = 0;
          for (const m of ledger.filter((x) => x.points > 0)) {
            const taken = Math.min(m.points, debits);
            debits -= taken;
            if (m.at.getTime() <= now.getTime() - expiryDays * day) leftPastDays += m.points - taken;
          }
          expect(expiring).toBe(leftPastDays);
        },
      ),
    );
  });
});
