/**
 * An owned reward as the diner and the cashier see it, and its issue with a fresh code: what the shop
 * (rewards.service.ts) and the cashier's redemption (reward-redemption.ts) both use.
 */
import { randomInt } from 'node:crypto';
import {
  formatRewardCode,
  REWARD_CODE_ALPHABET,
  REWARD_CODE_LENGTH,
  type RewardSource,
  rewardStatus,
} from '@sufra/shared/loyalty/rewards';
import type { OwnedReward, Reward } from '@sufra/shared/schemas/loyalty';
import type { AppContext } from '../../app-context.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { notifyRewardIssued } from '../inbox/inbox.service.ts';
import {
  type CustomerRewardRow,
  findBranchName,
  insertCustomerReward,
  type OwnedRewardRow,
  type RewardRow,
} from './rewards.repo.ts';

/** What the rewards' operations need: the app (database, clock) and the secret that signs the rewards' QR. */
export interface RewardsDeps {
  ctx: AppContext;
  secret: string;
}

export function toReward(row: RewardRow): Reward {
  return {
    id: row.id,
    shop: row.shop as Reward['shop'],
    kind: row.kind as Reward['kind'],
    name: { ar: row.nameAr, en: row.nameEn },
    description: { ar: row.descriptionAr, en: row.descriptionEn },
    image: row.image,
    pointsCost: row.pointsCost,
    itemId: row.itemId,
    percentBasisPoints: row.percentBp,
    maxDiscountHalalas: row.maxDiscountHalalas,
    amountHalalas: row.amountHalalas,
    validDays: row.validDays,
  };
}

export function newRewardCode(): string {
  let code = '';
  for (let i = 0; i < REWARD_CODE_LENGTH; i += 1) code += REWARD_CODE_ALPHABET[randomInt(REWARD_CODE_ALPHABET.length)];
  return code;
}

/**
 * Inserts an owned copy with a fresh code (a code already taken in the brand is drawn again). Exported for the
 * reactions that issue rewards inside another transaction (a filled punch card).
 */
export async function issueOwnedReward(
  tx: Parameters<typeof insertCustomerReward>[0],
  input: Omit<Parameters<typeof insertCustomerReward>[1], 'code'>,
): Promise<CustomerRewardRow> {
  for (let attempt = 0; ; attempt += 1) {
    const code = newRewardCode();
    try {
      // A savepoint, so a taken code (one in 2^40 per owned reward) costs only this insert, not the transaction.
      const owned = await tx.transaction(async (sp) => insertCustomerReward(sp, { ...input, code }));
      // The diner's inbox, in the same transaction (a bought reward tells nothing: notifyRewardIssued).
      await notifyRewardIssued(tx, input);
      return owned;
    } catch (error) {
      if (attempt < 4 && isUniqueViolation(error, 'customer_rewards_brand_code_uq')) continue;
      throw error;
    }
  }
}

/** `claimedBranch`: the claim's branch names when the caller has them (saves their read). */
export async function toOwned(
  { ctx }: RewardsDeps,
  row: OwnedRewardRow,
  now: Date,
  claimedBranch?: { ar: string; en: string },
): Promise<OwnedReward> {
  const { owned, reward } = row;
  return {
    id: owned.id,
    reward: toReward(reward),
    source: owned.source as RewardSource,
    code: formatRewardCode(owned.code),
    status: rewardStatus(owned, now),
    pointsSpent: owned.pointsSpent,
    validFrom: owned.validFrom.toISOString(),
    expiresAt: owned.expiresAt ? owned.expiresAt.toISOString() : null,
    claimedAt: owned.claimedAt ? owned.claimedAt.toISOString() : null,
    claimedBranch:
      owned.claimedBranchId === null
        ? null
        : (claimedBranch ?? (await findBranchName(ctx.db, owned.claimedBranchId)) ?? null),
  };
}
