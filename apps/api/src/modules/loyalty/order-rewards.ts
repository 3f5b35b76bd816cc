import { rewardRefusal } from '@sufra/shared/loyalty/rewards';
import type { ErrorCode } from '@sufra/shared/messages/errors';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import type { PlacementExtra } from '../orders/placement-extras.ts';
import { claimRewardsForOrders, findOwnedReward } from './rewards.repo.ts';

/** What a placement write carries when it uses a free-item reward (PlacedOrderWrite.reward). */
export interface OrderRewardWrite {
  /** The owned reward's id (My Rewards). */
  ownedId: number;
}

/**
 * Before pricing: the diner's own free-item reward, usable at this branch now; answers the menu item it gives. The
 * claim itself is made in the placement's transaction (orderRewardExtra), which checks all this again.
 */
export async function prepareOrderReward(
  db: Queryable,
  input: { ownedId: number; customerId: number; brandId: number; branchId: number; now: Date },
): Promise<{ itemId: number; name: { ar: string; en: string } }> {
  const found = await findOwnedReward(db, input.ownedId, { customerId: input.customerId, brandId: input.brandId });
  // Another diner's reward answers as no reward at all: its existence is not theirs to learn.
  if (!found) throw new AppError('order_reward_not_found');
  const refusal = rewardRefusal(found.owned, found.reward, input.branchId, input.now);
  if (refusal) throw new AppError(refusal);
  if (found.reward.kind !== 'free_item' || found.reward.itemId === null) {
    throw new AppError('order_reward_not_free_item');
  }
  return { itemId: found.reward.itemId, name: { ar: found.reward.nameAr, en: found.reward.nameEn } };
}

/**
 * A reward's free item as a placement extra: the batch's rewards claimed in one statement (no staff user; the
 * order's branch and id recorded), each only while unclaimed, inside its window and allowed at the branch. Runs after
 * the points extra: customers' rows are locked before customer_rewards' in every transaction that takes both. Two
 * writes naming one reward: the first in the batch gets it. A refused claim refuses its order (nothing written).
 */
export const orderRewardExtra: PlacementExtra = {
  name: "a reward's free item",
  appliesTo: (write) => write.reward !== undefined,
  async write(tx, placed, now) {
    const claims = placed.flatMap(({ index, write, orderId }) =>
      write.reward
        ? [
            {
              index,
              ownedId: write.reward.ownedId,
              customerId: write.order.customerId,
              brandId: write.order.brandId,
              branchId: write.order.branchId,
              orderId,
            },
          ]
        : [],
    );
    const claimed = await claimRewardsForOrders(tx, claims, now);
    const refusals = new Map<number, ErrorCode>();
    for (const claim of claims) {
      if (claimed.has(claim.index)) continue;
      const found = await findOwnedReward(tx, claim.ownedId, { customerId: claim.customerId, brandId: claim.brandId });
      refusals.set(
        claim.index,
        found
          ? (rewardRefusal(found.owned, found.reward, claim.branchId, now) ?? 'reward_already_claimed')
          : 'order_reward_not_found',
      );
    }
    return refusals;
  },
};
