import { rewardRefusal } from '@sufra/shared/loyalty/rewards';
import type { ErrorCode } from '@sufra/shared/messages/errors';
import { type Carried, type CheckoutExtra, carry, type RewardBrings } from '../../core/checkout-extras.rules.ts';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { REWARD_COLUMNS, rewardClaimsForOrders } from './reward-writes.repo.ts';
import { findOwnedReward } from './rewards.repo.ts';

/** What a placement write carries when it uses a reward, free item or discount (PlacedOrderWrite.reward). */
export interface OrderRewardWrite {
  /** The owned reward's id (My Rewards). */
  ownedId: number;
}

/** What an owned reward brings to an order (orders' RewardBrings). */
export type OrderReward = RewardBrings;

/**
 * Before pricing: the diner's own reward, usable at this branch now, and what it brings (a gift is handed over at the
 * branch, not ordered). The claim itself is made in the placement's statement (orderRewardExtra), which checks all
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
 * A reward (its free item or its discount) as a checkout extra (core/checkout-extras.rules), folded into the placement
 * statement after the orders are written (customer_rewards come after the branch's counter in the lock order): the
 * batch's rewards claimed by one conditional update, each with its order's branch and id and no staff user, only
 * while the shared claim conditions hold (reward-writes.repo rewardClaimableSql); a reward named twice in a batch goes
 * to the first write. Held when every write's reward was claimed; else the refusals say which, and why.
 */
export const orderRewardExtra: CheckoutExtra<OrderRewardWrite, keyof typeof REWARD_COLUMNS> = {
  name: 'a reward',
  rank: 'customer_rewards',
  columns: REWARD_COLUMNS,
  input: (reward) => ({ reward_id: reward.ownedId }),
  rows: rewardClaimsForOrders,
  async refusals(db, writes, { at }) {
    const refusals = new Map<number, ErrorCode>();
    const named = new Set<number>();
    for (const w of [...writes].sort((a, b) => a.index - b.index)) {
      if (named.has(w.value.ownedId)) {
        refusals.set(w.index, 'reward_already_claimed');
        continue;
      }
      named.add(w.value.ownedId);
      const found = await findOwnedReward(db, w.value.ownedId, { customerId: w.customerId, brandId: w.brandId });
      const refusal = found
        ? rewardRefusal(found.owned, found.reward, w.branchId, at)
        : ('order_reward_not_found' as const);
      if (refusal) refusals.set(w.index, refusal);
    }
    return refusals;
  },
};

/** The diner's reward for an order as placement's port asks for it (core/checkout-extras.rules CheckoutOffers.reward). */
export async function rewardAtCheckout(
  db: Queryable,
  input: Parameters<typeof prepareOrderReward>[1],
): Promise<{ brings: RewardBrings; carried: Carried }> {
  const brings = await prepareOrderReward(db, input);
  return { brings, carried: carry(orderRewardExtra, { ownedId: input.ownedId }) };
}
