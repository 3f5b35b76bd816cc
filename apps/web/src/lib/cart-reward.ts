import {
  type ChoiceGroup,
  defaultFreeItemChoices,
  freeItemChoicePrice,
  freeItemGroups,
  freeUpTo,
} from '@sufra/shared/loyalty/free-item-choices';
import type { CartLineInput, CouponInput } from '@sufra/shared/pricing/price-cart';
import type { LocalizedText } from '@sufra/shared/schemas/common';
import type { MenuResponse, ModifierGroup } from '@sufra/shared/schemas/menu';

/**
 * A reward the diner put in the cart (My Rewards), one an order: a free item (the server adds it at no price, with
 * the required choices the diner picked) or a discount off the lines (the server prices it again and claims it).
 * stores/cart-slice keeps it; its shape lives here, with the logic that reads it.
 */
export interface CartReward {
  ownedId: number;
  name: LocalizedText;
  /** A free item's menu item (its required choices are picked in the cart). */
  itemId?: number | null;
  /** A free item's required choices, every required group's (absent: the cheapest of each, as the server picks). */
  modifiers?: number[];
  /** A discount reward, as the shared pricing takes it. */
  discount?: CouponInput | null;
}

/**
 * The cart's reward as the shared pricing takes it (issue 24 item 3): a discount off the lines, or a free item's line
 * (its item free, a required choice costing what it adds over its group's cheapest: shared free-item-choices), so the
 * cart and checkout show the figures the server will compute. Here in lib because the cart, checkout and coupon pages
 * all price it.
 */
export interface RewardPricing {
  reward: CouponInput | null;
  rewardLine: CartLineInput | null;
}

/** The free item's required groups, as the menu lists them (its item's order). */
export function freeItemChoiceGroups(
  reward: Pick<CartReward, 'itemId'> | null,
  menu: Pick<MenuResponse, 'items' | 'modifierGroups'> | undefined,
): ModifierGroup[] {
  const item = reward?.itemId != null ? menu?.items.find((i) => i.id === reward.itemId) : undefined;
  if (!item || !menu) return [];
  const groups = item.modifierGroupIds.flatMap((id) => menu.modifierGroups.filter((g) => g.id === id));
  return freeItemGroups(groups);
}

/** The free item's choices as they stand: the diner's, or the cheapest of each required group. */
export function freeItemChoices(
  reward: Pick<CartReward, 'modifiers'> | null,
  groups: readonly ChoiceGroup[],
): number[] {
  return reward?.modifiers ?? defaultFreeItemChoices(groups);
}

/** The choices with `optionId` picked in its (single-choice) group, every other group's kept. */
export function withFreeItemChoice(
  current: readonly number[],
  groups: readonly ChoiceGroup[],
  groupId: number,
  optionId: number,
): number[] {
  const group = groups.find((g) => g.id === groupId);
  const others = current.filter((id) => !group?.options.some((o) => o.id === id));
  return [...others, optionId];
}

/** What a free item's choices cost (0 when each is its group's cheapest). */
export function freeItemPrice(reward: Pick<CartReward, 'modifiers'> | null, groups: readonly ChoiceGroup[]): number {
  const upTo = freeUpTo(groups);
  const chosen = new Set(freeItemChoices(reward, groups));
  let total = 0;
  for (const group of groups) {
    for (const option of group.options) {
      if (chosen.has(option.id)) total += freeItemChoicePrice(upTo, option.id, option.priceHalalas);
    }
  }
  return total;
}

export function rewardPricingOf(
  reward: CartReward | null,
  menu: Pick<MenuResponse, 'items' | 'modifierGroups'> | undefined,
): RewardPricing {
  if (!reward) return { reward: null, rewardLine: null };
  if (reward.discount) return { reward: reward.discount, rewardLine: null };
  const item = reward.itemId != null ? menu?.items.find((i) => i.id === reward.itemId) : undefined;
  if (!item) return { reward: null, rewardLine: null };
  const groups = freeItemChoiceGroups(reward, menu);
  const extra = freeItemPrice(reward, groups);
  return {
    reward: null,
    rewardLine: {
      kind: 'product',
      unitPriceHalalas: 0,
      taxRateBasisPoints: item.taxRateBasisPoints,
      modifiers: extra > 0 ? [{ priceHalalas: extra }] : [],
      quantity: 1,
    },
  };
}
