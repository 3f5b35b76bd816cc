import { priceCart } from '@sufra/shared/pricing/price-cart';
import type { MenuResponse } from '@sufra/shared/schemas/menu';
import { describe, expect, it } from 'vitest';
import { freeItemChoiceGroups, freeItemPrice, rewardPricingOf, withFreeItemChoice } from './cart-reward';

const option = (id: number, priceHalalas: number, available = true) => ({
  id,
  name: `o${id}`,
  priceHalalas,
  calories: null,
  available,
});
const menu: Pick<MenuResponse, 'items' | 'modifierGroups'> = {
  items: [
    {
      id: 5,
      categoryId: 1,
      slug: 'karak',
      name: 'Karak',
      altName: 'كرك',
      description: '',
      image: null,
      priceHalalas: 600,
      taxRateBasisPoints: null,
      calories: null,
      available: true,
      modifierGroupIds: [1, 3, 2],
      combo: null,
    },
  ],
  modifierGroups: [
    { id: 1, name: 'Size', min: 1, max: 1, options: [option(10, 0), option(11, 300), option(12, 600)] },
    { id: 2, name: 'Sugar', min: 1, max: 1, options: [option(20, 0), option(21, 0)] },
    { id: 3, name: 'Extras', min: 0, max: 2, options: [option(30, 200)] },
  ],
};

describe("the cart's reward", () => {
  it("offers a free item's required groups, priced like the server: free up to each group's cheapest", () => {
    const karak = { ownedId: 1, name: { ar: 'كرك', en: 'Karak' }, itemId: 5 };
    const groups = freeItemChoiceGroups(karak, menu);
    expect(groups.map((g) => g.name)).toEqual(['Size', 'Sugar']);
    expect(freeItemPrice({}, groups)).toBe(0);
    const large = withFreeItemChoice([10, 20], groups, 1, 12);
    expect(large).toEqual([20, 12]);
    expect(freeItemPrice({ modifiers: large }, groups)).toBe(600);
    expect(withFreeItemChoice(large, groups, 2, 21)).toEqual([12, 21]);
    const { rewardLine } = rewardPricingOf({ ...karak, modifiers: large }, menu);
    expect(rewardLine).toMatchObject({ unitPriceHalalas: 0, modifiers: [{ priceHalalas: 600 }], quantity: 1 });
  });

  it('prices a discount reward through the shared pricing', () => {
    const tenPercent = {
      ownedId: 2,
      name: { ar: 'خصم', en: '10% off' },
      discount: { kind: 'percentage' as const, basisPoints: 1000, maxHalalas: 2000 },
    };
    const pricing = rewardPricingOf(tenPercent, menu);
    expect(pricing.rewardLine).toBeNull();
    const priced = priceCart({
      lines: [{ kind: 'product', unitPriceHalalas: 5000, taxRateBasisPoints: null, modifiers: [], quantity: 1 }],
      taxMode: 'inclusive',
      vatRateBasisPoints: 1500,
      reward: pricing.reward,
    });
    expect([priced.rewardDiscount, priced.total]).toEqual([500, 4500]);
    expect(rewardPricingOf(null, menu)).toEqual({ reward: null, rewardLine: null });
  });
});
