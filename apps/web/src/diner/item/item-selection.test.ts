import type { MenuItem, ModifierGroup } from '@sufra/shared/schemas/menu';
import { describe, expect, it } from 'vitest';
import { isSingleChoice, toCartCombo, toggleOption, unfilledSlots, unitTotal, unmetGroups } from './item-selection';

const size: ModifierGroup = {
  id: 1,
  name: 'Size',
  min: 1,
  max: 1,
  options: [
    { id: 11, name: 'Small', priceHalalas: 0, calories: null, available: true },
    { id: 12, name: 'Large', priceHalalas: 500, calories: null, available: true },
  ],
};
const extras: ModifierGroup = {
  id: 2,
  name: 'Extras',
  min: 0,
  max: 2,
  options: [
    { id: 21, name: 'Cheese', priceHalalas: 300, calories: null, available: true },
    { id: 22, name: 'Egg', priceHalalas: 200, calories: null, available: true },
    { id: 23, name: 'Avocado', priceHalalas: 500, calories: null, available: false },
    { id: 24, name: 'Olives', priceHalalas: 100, calories: null, available: true },
  ],
};
const combo: MenuItem = {
  id: 40,
  categoryId: 7,
  slug: 'meal',
  name: 'Meal',
  altName: 'وجبة',
  description: '',
  image: null,
  priceHalalas: 4000,
  taxRateBasisPoints: null,
  calories: null,
  available: true,
  modifierGroupIds: [],
  combo: {
    slots: [
      { id: 1, name: 'Side', choices: [{ itemId: 7, extraPriceHalalas: 0 }] },
      { id: 2, name: 'Drink', choices: [{ itemId: 9, extraPriceHalalas: 200 }] },
    ],
  },
};

describe('item selection', () => {
  it('uses radios only when exactly one choice is required', () => {
    expect(isSingleChoice(size)).toBe(true);
    expect(isSingleChoice(extras)).toBe(false);
  });

  it('replaces the choice in a single-choice group', () => {
    const s = toggleOption(toggleOption({}, size, 11), size, 12);
    expect(s[1]).toEqual([12]);
  });

  it('never ticks more than max, and unticks on a second toggle', () => {
    let s = toggleOption({}, extras, 21);
    s = toggleOption(s, extras, 22);
    s = toggleOption(s, extras, 24);
    expect(s[2]).toEqual([21, 22]);
    expect(toggleOption(s, extras, 21)[2]).toEqual([22]);
  });

  it('refuses a sold-out option', () => {
    expect(toggleOption({}, extras, 23)[2]).toBeUndefined();
  });

  it('lists the groups whose minimum is not met', () => {
    expect(unmetGroups([size, extras], {}).map((g) => g.name)).toEqual(['Size']);
    expect(unmetGroups([size, extras], { 1: [11] })).toEqual([]);
  });

  it('lists combo slots without a product', () => {
    expect(unfilledSlots(combo.combo?.slots ?? [], { 1: 7 }).map((s) => s.name)).toEqual(['Drink']);
  });

  it('prices a unit with options and slot extras', () => {
    expect(unitTotal(combo, [size, extras], { 1: [12], 2: [21] }, { 1: 7, 2: 9 })).toBe(4000 + 500 + 300 + 200);
  });

  it('snapshots a combo line with its chosen products', () => {
    const products = [
      { ...combo, id: 7, name: 'Fries', combo: null },
      { ...combo, id: 9, name: 'Cola', combo: null },
    ];
    const line = toCartCombo(combo, [], {}, { 1: 7, 2: 9 }, products, 2);
    expect(line.slots.map((s) => [s.slotName, s.name, s.extraPriceHalalas])).toEqual([
      ['Side', 'Fries', 0],
      ['Drink', 'Cola', 200],
    ]);
    expect(line.comboQuantity).toBe(2);
  });
});
