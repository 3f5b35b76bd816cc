import type { Halalas } from '../money.ts';
import { type Level, nextLevel, type PointsRules, spendForPoints } from './points.ts';

/**
 * The cart's nudges (issue 15): "SAR 12 more to your next level" and "SAR 4 more to a free coffee". Pure and exact
 * against the earn rule (`pointsEarned`: whole SAR × points per SAR × the level's multiplier, fractions dropped):
 * the amount is the least extra spend, in halalas, after which this order alone earns what is missing, so spending
 * one halala less would not.
 */

/** The least halalas to add to `cartHalalas` so that the order earns at least `points`; null when it never can. */
export function extraSpendFor(
  points: number,
  cartHalalas: Halalas,
  rules: Pick<PointsRules, 'earnPointsPerSar'>,
  level: Level | null,
): Halalas | null {
  const total = spendForPoints(points, rules, level);
  if (total === null) return null;
  // spendForPoints answers whole SAR, the least with enough points; the earn counts whole SAR of the total only.
  return Math.max(0, total - Math.max(0, cartHalalas));
}

export interface CartNudgeInput<L extends Level, R extends { pointsCost: number | null }> {
  walletPoints: number;
  lifetimePoints: number;
  /** The diner's level now: its multiplier applies to this order's earn. */
  level: Level | null;
  levels: readonly L[];
  rules: Pick<PointsRules, 'earnPointsPerSar'>;
  /** What this cart earns on: its total after discounts, without the delivery fee, in halalas. */
  cartHalalas: Halalas;
  /** The points shop's rewards (those without a price are left out). */
  rewards: readonly R[];
}

export interface CartNudges<L, R> {
  /** The next level and the extra spend that reaches it with this order; null at the top, or when this order does. */
  level: { level: L; spendHalalas: Halalas } | null;
  /** The cheapest reward the wallet can't buy yet, and the extra spend that earns enough for it with this order. */
  reward: { reward: R; spendHalalas: Halalas } | null;
}

export function cartNudges<L extends Level, R extends { pointsCost: number | null }>(
  input: CartNudgeInput<L, R>,
): CartNudges<L, R> {
  const { rules, level, cartHalalas } = input;
  let levelNudge: CartNudges<L, R>['level'] = null;
  const next = nextLevel(input.lifetimePoints, input.levels);
  if (next) {
    const spend = extraSpendFor(next.pointsToGo, cartHalalas, rules, level);
    if (spend !== null && spend > 0) levelNudge = { level: next.level, spendHalalas: spend };
  }
  let rewardNudge: CartNudges<L, R>['reward'] = null;
  let cheapest: R | null = null;
  for (const reward of input.rewards) {
    if (reward.pointsCost === null || reward.pointsCost <= input.walletPoints) continue;
    if (!cheapest || reward.pointsCost < (cheapest.pointsCost ?? Number.POSITIVE_INFINITY)) cheapest = reward;
  }
  if (cheapest?.pointsCost != null) {
    const spend = extraSpendFor(cheapest.pointsCost - input.walletPoints, cartHalalas, rules, level);
    if (spend !== null && spend > 0) rewardNudge = { reward: cheapest, spendHalalas: spend };
  }
  return { level: levelNudge, reward: rewardNudge };
}
