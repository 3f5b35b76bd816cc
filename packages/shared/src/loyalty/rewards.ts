import type { ErrorCode } from '../messages/errors.ts';
/**
 * Rewards a diner owns (DESIGN §7): bought in the points shop, won or granted as prizes. Pure rules shared by the
 * server (what may be redeemed) and the web app (how My Rewards labels each one).
 */

/** What a reward gives: an item free, a percentage off (with a cap), a fixed amount off, or a gift handed over. */
export const REWARD_KINDS = ['free_item', 'percent', 'fixed', 'gift'] as const;
export type RewardKind = (typeof REWARD_KINDS)[number];

/** Where a reward is offered: the points shop (bought with points) or the prize shop (won, granted, or bought). */
export const REWARD_SHOPS = ['points', 'prize'] as const;
export type RewardShop = (typeof REWARD_SHOPS)[number];

/** How a diner came to own it (punch_card: issued by a filled punch card). */
export const REWARD_SOURCES = ['purchase', 'prize', 'staff', 'punch_card'] as const;
export type RewardSource = (typeof REWARD_SOURCES)[number];

/**
 * The spec's reward statuses (§4), as we read them:
 * - available: may be redeemed now, and has an end date more than EXPIRING_WINDOW away;
 * - expiring: may be redeemed now, and ends within EXPIRING_WINDOW;
 * - alive: may be redeemed now and never ends;
 * - not_claimable: owned but not redeemable yet (its window has not opened);
 * - claimed: redeemed (once, at a branch, by a staff user);
 * - expired: its window has closed unused.
 */
export const REWARD_STATUSES = ['available', 'expiring', 'alive', 'not_claimable', 'claimed', 'expired'] as const;
export type RewardStatus = (typeof REWARD_STATUSES)[number];

/** A reward ending within this many ms reads "Expiring". */
export const EXPIRING_WINDOW_MS = 3 * 86_400_000;

export function rewardStatus(
  reward: { validFrom: Date; expiresAt: Date | null; claimedAt: Date | null },
  now: Date,
): RewardStatus {
  if (reward.claimedAt) return 'claimed';
  if (reward.expiresAt && reward.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (reward.validFrom.getTime() > now.getTime()) return 'not_claimable';
  if (!reward.expiresAt) return 'alive';
  return reward.expiresAt.getTime() - now.getTime() <= EXPIRING_WINDOW_MS ? 'expiring' : 'available';
}

/** Statuses in which the cashier may redeem a reward. */
export function isRedeemable(status: RewardStatus): boolean {
  return status === 'available' || status === 'expiring' || status === 'alive';
}

/** What the claim conditions read of an owned reward and its reward. */
export interface RewardClaimFacts {
  owned: { validFrom: Date; expiresAt: Date | null; claimedAt: Date | null };
  reward: { branchIds: readonly number[] | null };
  branchId: number;
  now: Date;
}

/**
 * The conditions an owned reward must meet to be claimed (used in an order or redeemed by a cashier), as data, in
 * the order their refusals are told: rewardRefusal reads them, and the SQL that claims a reward (apps/api
 * loyalty/reward-writes.repo rewardClaimRefusalSql) is built from the same list, each condition given its SQL there;
 * a test runs both over the same cases on the database.
 */
export const REWARD_CLAIM_CONDITIONS = [
  { holds: 'unclaimed', refusal: 'reward_already_claimed' },
  { holds: 'not_expired', refusal: 'reward_expired' },
  { holds: 'valid_from_passed', refusal: 'reward_not_available' },
  { holds: 'allowed_at_branch', refusal: 'reward_other_branch' },
] as const satisfies readonly { holds: string; refusal: ErrorCode }[];
export type RewardClaimCondition = (typeof REWARD_CLAIM_CONDITIONS)[number]['holds'];

/** Each condition over the facts (rewardStatus's reading of the dates: expired at `expiresAt`, claimable from `validFrom`). */
const CLAIM_CONDITION_HOLDS: Record<RewardClaimCondition, (facts: RewardClaimFacts) => boolean> = {
  unclaimed: ({ owned }) => owned.claimedAt === null,
  not_expired: ({ owned, now }) => owned.expiresAt === null || owned.expiresAt.getTime() > now.getTime(),
  valid_from_passed: ({ owned, now }) => owned.validFrom.getTime() <= now.getTime(),
  allowed_at_branch: ({ reward, branchId }) => reward.branchIds === null || reward.branchIds.includes(branchId),
};

/**
 * Why an owned reward may not be used or redeemed at `branchId` now, or null: the one rule behind the cashier's
 * redemption and a reward used in an order (REWARD_CLAIM_CONDITIONS, in order).
 */
export function rewardRefusal(
  owned: { validFrom: Date; expiresAt: Date | null; claimedAt: Date | null },
  reward: { branchIds: readonly number[] | null },
  branchId: number,
  now: Date,
): ErrorCode | null {
  const facts = { owned, reward, branchId, now };
  for (const condition of REWARD_CLAIM_CONDITIONS) {
    if (!CLAIM_CONDITION_HOLDS[condition.holds](facts)) return condition.refusal;
  }
  return null;
}

/**
 * Reward codes: 8 characters of Crockford's base 32 (no I, L, O, U), shown as two groups of four ("7KQ2-M9XD").
 * Typed codes are read leniently: case, spaces, dashes, and the letters people confuse with digits.
 */
export const REWARD_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const REWARD_CODE_LENGTH = 8;

/** A typed code as stored (upper case, no separators, I/L → 1, O → 0, Arabic-Indic digits → ASCII), or null. */
export function normalizeRewardCode(input: string): string | null {
  const ascii = input.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String((d.charCodeAt(0) & 0xf) % 10));
  const cleaned = ascii
    .toUpperCase()
    .replace(/[\s\-_.]/g, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
  if (cleaned.length !== REWARD_CODE_LENGTH) return null;
  for (const ch of cleaned) if (!REWARD_CODE_ALPHABET.includes(ch)) return null;
  return cleaned;
}

/** "7KQ2M9XD" → "7KQ2-M9XD". */
export function formatRewardCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}
