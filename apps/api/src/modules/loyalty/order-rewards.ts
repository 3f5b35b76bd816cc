import { rewardRefusal } from '@sufra/shared/loyalty/rewards';
import type { ErrorCode } from '@sufra/shared/messages/errors';
import type { CouponInput } from '@sufra/shared/pricing/price-cart';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import type { PlacementExtra } from '../orders/placement-extras.ts';
import { claimRewardsForOrders, findOwnedReward } from './rewards.repo.ts';

/** What a placement write carries when it uses a reward, free item or discount (PlacedOrderWrite.reward). */
export interface OrderRewardWrite {
  /** The owned reward's id (My Rewards). */
  ownedId: number;
}

/** What an owned reward brings to an order: a free item (one more line at no price) or a discount off the lines. */
export type OrderReward =
  | { kind: 'free_item'; itemId: number; name: { ar: string; en: string } }
  | { kind: 'discount'; discount: CouponInput };

/**
 * Before pricing: the diner's own reward, usable at this branch now, and what it brings (a gift is handed over at the
 * branch, not ordered). The claim itself is made in the placement's transaction (orderRewardExtra), which checks all
 * this again; it is the same claim whatever the kind.
 */
export async function prepareOrderReward(
  db: Queryable,
  input: { ownedId: number; customerId: number; brandId: number; branchId: number; now: Date },
): Promise<OrderReward> {
  const found = await findOwnedReward(db, input.ownedId, { customerId: input.customerId, brandId: input.brandId });
  // Another diner's reward answers as no reward at all: its existence is not theirs to learn.
  if (!found) throw new AppError('order_reward_not_found');
  const refusal = rewardRefusal(found.owned, found.reward, input.branchId, input.now);
  if (refusal) throw new AppError(refusal);
  const { reward } = found;
  if (reward.kind === 'free_item' && reward.itemId !== null) {
    return { kind: 'free_item', itemId: reward.itemId, name: { ar: reward.nameAr, en: reward.nameEn } };
  }
  if (reward.kind === 'fixed' && reward.amountHalalas !== null) {
    return { kind: 'discount', discount: { kind: 'fixed', amountHalalas: reward.amountHalalas } };
  }
  if (reward.kind === 'percent' && reward.percentBp !== null) {
    return {
      kind: 'discount',
      discount: { kind: 'percentage', basisPoints: reward.percentBp, maxHalalas: reward.maxDiscountHalalas },
    };
  }
  throw new AppError('order_reward_not_for_orders');
}

/**
 * A reward (its free item or its discount) as a placement extra: the batch's rewards claimed in one statement (no staff user; the
 * order's branch and id recorded), each only while unclaimed, inside its window and allowed at the branch. Runs after
 * the points extra: customers' rows are locked before customer_rewards' in every transaction that takes both. Two
 * writes naming one reward: the first in the batch gets it. A refused claim refuses its order (nothing written).
 */
export const orderRewardExtra: PlacementExtra = {
  name: 'a reward',
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
