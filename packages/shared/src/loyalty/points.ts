import type { Halalas } from '../money.ts';

/**
 * Loyalty points arithmetic (DESIGN §7), pure and integer: the server uses it to earn, check a redemption and expire;
 * the web app to preview. Points are integers; money is integer halalas; multipliers are basis points (10000 = ×1).
 * BigInt where a product could pass 2^53.
 */

/**
 * What a points ledger row records: an order's earn and its clawback when the order is refunded; points spent at
 * checkout (redeem) and given back when that order is canceled (refund_redeem); a points-shop purchase; expiry; a
 * bonus (a prize, an evaluation, a referral); a manager's adjustment (either sign, with their reason).
 */
export const POINTS_ENTRY_KINDS = [
  'earn',
  'clawback',
  'redeem',
  'refund_redeem',
  'purchase',
  'expire',
  'bonus',
  'adjust',
] as const;
export type PointsEntryKind = (typeof POINTS_ENTRY_KINDS)[number];

/** A brand's points rule. */
export interface PointsRules {
  /** Points earned per whole SAR of the paid total (after discounts, without the delivery fee), before the level. */
  earnPointsPerSar: number;
  /** What one point is worth when spent, in halalas (5: 20 points take off one SAR). */
  pointValueHalalas: Halalas;
  /** The least points one redemption may spend. */
  minPointsPerRedemption: number;
  /** The most points one order (transaction) may spend. */
  maxPointsPerTransaction: number;
  /** The most points a diner may spend in one day (the brand's time zone). */
  maxPointsPerDay: number;
  /** The most redemptions a diner may make in one day. */
  maxRedemptionsPerDay: number;
  /** Earned points expire this many days after they were earned; null: they never expire. */
  expiryDays: number | null;
}

/** A loyalty level: reached at `minLifetimePoints`, its multiplier applied to every earn. */
export interface Level {
  id: number;
  minLifetimePoints: number;
  /** 10000 = ×1, 12500 = ×1.25. */
  multiplierBasisPoints: number;
}

const BASIS = 10_000n;

/**
 * Points a paid order earns: floor(whole SAR × points per SAR × the level's multiplier). `eligibleHalalas` is the
 * paid total after discounts without the delivery fee (the caller takes those off: the pricing function has both).
 * Fractions of a SAR and of a point are dropped, never rounded up, so an order never earns more than the rule says.
 */
export function pointsEarned(
  eligibleHalalas: Halalas,
  rules: Pick<PointsRules, 'earnPointsPerSar'>,
  level: Level | null,
): number {
  if (eligibleHalalas <= 0 || rules.earnPointsPerSar <= 0) return 0;
  const wholeSar = BigInt(Math.floor(eligibleHalalas / 100));
  const multiplier = BigInt(level?.multiplierBasisPoints ?? 10_000);
  return Number((wholeSar * BigInt(rules.earnPointsPerSar) * multiplier) / BASIS);
}

/** What points are worth at checkout, in halalas. */
export function pointsValue(points: number, rules: Pick<PointsRules, 'pointValueHalalas'>): Halalas {
  return points * rules.pointValueHalalas;
}

/** The level a lifetime total reaches: the highest whose threshold it meets (null below the first). */
export function levelFor<L extends Level>(lifetimePoints: number, levels: readonly L[]): L | null {
  let reached: L | null = null;
  for (const level of levels) {
    if (
      lifetimePoints >= level.minLifetimePoints &&
      (!reached || level.minLifetimePoints > reached.minLifetimePoints)
    ) {
      reached = level;
    }
  }
  return reached;
}

/** The next level above a lifetime total and the points still missing (null at the top). */
export function nextLevel<L extends Level>(
  lifetimePoints: number,
  levels: readonly L[],
): { level: L; pointsToGo: number } | null {
  let next: L | null = null;
  for (const level of levels) {
    if (level.minLifetimePoints > lifetimePoints && (!next || level.minLifetimePoints < next.minLifetimePoints)) {
      next = level;
    }
  }
  return next ? { level: next, pointsToGo: next.minLifetimePoints - lifetimePoints } : null;
}

/**
 * The least SAR (in halalas, rounded up to a whole SAR) a diner must still spend to earn `pointsToGo` points at
 * their level: the cart's nudge ("SAR 12 more to your next level"). null when the rule earns nothing.
 */
export function spendForPoints(
  pointsToGo: number,
  rules: Pick<PointsRules, 'earnPointsPerSar'>,
  level: Level | null,
): Halalas | null {
  if (pointsToGo <= 0) return 0;
  const perSar = BigInt(rules.earnPointsPerSar) * BigInt(level?.multiplierBasisPoints ?? 10_000);
  if (perSar <= 0n) return null;
  // The least whole SAR s with floor(s × perSar / 10000) ≥ pointsToGo.
  const needed = BigInt(pointsToGo) * BASIS;
  const sar = (needed + perSar - 1n) / perSar;
  return Number(sar) * 100;
}

/** What a diner has already spent today, for the daily limits. */
export interface RedemptionsToday {
  points: number;
  count: number;
}

/**
 * The day's limits on points spent at checkout, as data: what of the day each counts (points or redemptions), the
 * brand's rule that caps it, and the refusal past it, in the order they are told. checkRedemption reads them, and
 * the SQL that moves a wallet is built from them (apps/api loyalty.repo dailySpendRefusalSql), so the two cannot part.
 */
export const DAILY_SPEND_LIMITS = [
  { counts: 'count', cap: 'maxRedemptionsPerDay', refusal: 'redemptions_daily_max' },
  { counts: 'points', cap: 'maxPointsPerDay', refusal: 'points_above_daily_max' },
] as const satisfies readonly {
  counts: keyof RedemptionsToday;
  cap: keyof PointsRules;
  refusal: RedemptionRefusal;
}[];

/** The day's limit a spend of `adding` (points, and redemptions: 1 a checkout) breaks on top of `today`, or null. */
export function dailySpendRefusal(
  today: RedemptionsToday,
  adding: RedemptionsToday,
  rules: Pick<PointsRules, (typeof DAILY_SPEND_LIMITS)[number]['cap']>,
): (typeof DAILY_SPEND_LIMITS)[number]['refusal'] | null {
  for (const limit of DAILY_SPEND_LIMITS) {
    if (today[limit.counts] + adding[limit.counts] > rules[limit.cap]) return limit.refusal;
  }
  return null;
}

export type RedemptionRefusal =
  | 'points_not_integer'
  | 'points_below_minimum'
  | 'points_above_transaction_max'
  | 'points_above_daily_max'
  | 'redemptions_daily_max'
  | 'points_above_wallet'
  | 'points_above_order';

/**
 * Checks a points redemption at checkout against the wallet, the brand's limits and the order: the first rule it
 * breaks, or null when it may go ahead. `discountableHalalas` is what the points may take off (the lines after the
 * coupon: points never pay charges or the delivery fee); spending points worth more than that is refused rather
 * than silently capped, so the diner never loses points for nothing.
 */
export function checkRedemption(
  points: number,
  input: { wallet: number; today: RedemptionsToday; discountableHalalas: Halalas; rules: PointsRules },
): RedemptionRefusal | null {
  const { wallet, today, discountableHalalas, rules } = input;
  if (!Number.isSafeInteger(points) || points <= 0) return 'points_not_integer';
  if (points < rules.minPointsPerRedemption) return 'points_below_minimum';
  if (points > rules.maxPointsPerTransaction) return 'points_above_transaction_max';
  const daily = dailySpendRefusal(today, { points, count: 1 }, rules);
  if (daily) return daily;
  if (points > wallet) return 'points_above_wallet';
  if (pointsValue(points, rules) > discountableHalalas) return 'points_above_order';
  return null;
}

/**
 * The points range a diner may spend on this order (for the checkout slider): [min, max], or null when no
 * redemption is possible at all. Every value in the range passes checkRedemption.
 */
export function redeemableRange(input: {
  wallet: number;
  today: RedemptionsToday;
  discountableHalalas: Halalas;
  rules: PointsRules;
}): { min: number; max: number } | null {
  const { wallet, today, discountableHalalas, rules } = input;
  if (today.count + 1 > rules.maxRedemptionsPerDay || rules.pointValueHalalas <= 0) return null;
  const max = Math.min(
    wallet,
    rules.maxPointsPerTransaction,
    rules.maxPointsPerDay - today.points,
    Math.floor(discountableHalalas / rules.pointValueHalalas),
  );
  const min = Math.max(1, rules.minPointsPerRedemption);
  return max >= min ? { min, max } : null;
}

/** One ledger row as the expiry needs it: credits positive (earns, rewards, positive adjustments), debits negative. */
export interface LedgerMovement {
  points: number;
  /** When the row was written. */
  at: Date;
}

/**
 * Points that have expired by `now` and are not yet written off. Every credit expires `expiryDays` after it was
 * written, and every debit (spend, expiry, clawback, negative adjustment) takes the oldest credits first. The debits
 * so far (D) have therefore used up the oldest credits, and what is left of the credits now past their days is
 * max(0, Σ credits written on or before now − expiryDays − D): that is what expires. The wallet never goes negative,
 * so the debits up to any moment never reach credits written after it, and the formula holds whatever the order of
 * the rows. Idempotent: once the answer is written as a debit, asking again answers 0.
 */
export function pointsToExpire(
  movements: readonly LedgerMovement[],
  expiryDays: number | null,
  now: Date,
  expiresAt: Date | null = null,
): number {
  if (expiryDays === null && expiresAt === null) return 0;
  // A fixed date (issue 27): once it has come, every credit written before it expires, the same way.
  if (expiryDays === null && expiresAt !== null && now.getTime() < expiresAt.getTime()) return 0;
  const cutoff = expiryDays === null ? (expiresAt as Date).getTime() - 1 : now.getTime() - expiryDays * 86_400_000;
  let pastDays = 0;
  let debits = 0;
  for (const m of movements) {
    if (m.points < 0) debits -= m.points;
    else if (m.at.getTime() <= cutoff) pastDays += m.points;
  }
  return Math.max(0, pastDays - debits);
}

/**
 * When the oldest points the diner still holds expire (the "points expiry date"), or null when none will. With a
 * fixed date instead of days, the date, while points written before it are left.
 */
export function nextExpiry(
  movements: readonly LedgerMovement[],
  expiryDays: number | null,
  expiresAt: Date | null = null,
): Date | null {
  if (expiryDays === null && expiresAt !== null) {
    const left = pointsToExpire(movements, null, expiresAt, expiresAt);
    return left > 0 ? expiresAt : null;
  }
  if (expiryDays === null) return null;
  const credits = movements.filter((m) => m.points > 0).sort((a, b) => a.at.getTime() - b.at.getTime());
  let debits = 0;
  for (const m of movements) if (m.points < 0) debits -= m.points;
  for (const credit of credits) {
    const taken = Math.min(credit.points, debits);
    debits -= taken;
    if (credit.points > taken) return new Date(credit.at.getTime() + expiryDays * 86_400_000);
  }
  return null;
}
