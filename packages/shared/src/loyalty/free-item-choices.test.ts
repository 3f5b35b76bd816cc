import { describe, expect, it } from 'vitest';
import { defaultFreeItemChoices, freeItemChoicePrice, freeItemGroups, freeUpTo } from './free-item-choices.ts';

const size = {
  id: 1,
  min: 1,
  options: [
    { id: 11, priceHalalas: 300, available: true },
    { id: 10, priceHalalas: 0, available: true },
    { id: 12, priceHalalas: 600, available: true },
  ],
};
const sugar = {
  id: 2,
  min: 1,
  options: [
    { id: 20, priceHalalas: 0, available: false },
    { id: 21, priceHalalas: 50, available: true },
    { id: 22, priceHalalas: 50, available: true },
  ],
};
const extras = { id: 3, min: 0, options: [{ id: 30, priceHalalas: 200, available: true }] };

describe("a free item's required choices", () => {
  it('offers the required groups only, and picks the cheapest available of each by default', () => {
    expect(freeItemGroups([size, extras, sugar]).map((g) => g.id)).toEqual([1, 2]);
    expect(defaultFreeItemChoices([size, extras, sugar])).toEqual([10, 21]);
  });

  it("charges only what a choice adds over its group's cheapest available option", () => {
    const upTo = freeUpTo([size, extras, sugar]);
    expect(freeItemChoicePrice(upTo, 12, 600)).toBe(600);
    expect(freeItemChoicePrice(upTo, 10, 0)).toBe(0);
    // The sold-out free sugar does not make the SAR 0.50 ones cost anything.
    expect(freeItemChoicePrice(upTo, 22, 50)).toBe(0);
    // An optional extra is no part of the reward.
    expect(upTo.has(30)).toBe(false);
  });
});
