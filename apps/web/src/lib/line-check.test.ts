import type { MenuItem, MenuResponse, ModifierGroup } from '@sufra/shared/schemas/menu';
import { describe, expect, it } from 'vitest';
import type { CartCombo, CartProduct } from './cart-lines';
import { checkCart } from './line-check';

/** A small branch menu in English: a shawarma plate with a sauce group, fries, two drinks, and a meal combo. */
const sauces: ModifierGroup = {
  id: 5,
  name: 'Sauce',
  min: 1,
  max: 1,
  options: [
    { id: 51, name: 'Garlic', priceHalalas: 200, calories: null, available: true },
    { id: 52, name: 'Tahini', priceHalalas: 100, calories: null, available: true },
  ],
};
const extras: ModifierGroup = {
  id: 6,
  name: 'Extras',
  min: 0,
  max: 2,
  options: [{ id: 61, name: 'Cheese', priceHalalas: 300, calories: null, available: true }],
};

const item = (overrides: Partial<MenuItem>): MenuItem => ({
  id: 0,
  categoryId: 1,
  slug: 'item',
  name: 'Item',
  altName: 'صنف',
  description: '',
  image: null,
  priceHalalas: 1000,
  taxRateBasisPoints: null,
  calories: null,
  available: true,
  modifierGroupIds: [],
  combo: null,
  ...overrides,
});

const shawarmaItem = item({
  id: 1,
  slug: 'shawarma',
  name: 'Shawarma plate',
  priceHalalas: 2500,
  modifierGroupIds: [5, 6],
});
const friesItem = item({ id: 7, slug: 'fries', name: 'Fries', priceHalalas: 900 });
const colaItem = item({ id: 9, slug: 'cola', name: 'Cola', priceHalalas: 500 });
const juiceItem = item({ id: 10, slug: 'juice', name: 'Orange juice', priceHalalas: 1200 });
const mealItem = item({
  id: 40,
  slug: 'burger-meal',
  name: 'Burger meal',
  priceHalalas: 4000,
  modifierGroupIds: [6],
  combo: {
    slots: [
      { id: 1, name: 'Side', choices: [{ itemId: 7, extraPriceHalalas: 0 }] },
      {
        id: 2,
        name: 'Drink',
        choices: [
          { itemId: 9, extraPriceHalalas: 0 },
          { itemId: 10, extraPriceHalalas: 300 },
        ],
      },
    ],
  },
});

const menuOf = (
  items: MenuItem[],
  groups: ModifierGroup[] = [sauces, extras],
): Pick<MenuResponse, 'items' | 'modifierGroups'> => ({
  items,
  modifierGroups: groups,
});
const fullMenu = () => menuOf([shawarmaItem, friesItem, colaItem, juiceItem, mealItem]);

const garlic = { groupId: 5, optionId: 51, name: 'Garlic', priceHalalas: 200 };
const cheese = { groupId: 6, optionId: 61, name: 'Cheese', priceHalalas: 300 };

const shawarma = (overrides: Partial<CartProduct> = {}): CartProduct => ({
  itemId: 1,
  slug: 'shawarma',
  name: 'Shawarma plate',
  image: null,
  unitPriceHalalas: 2500,
  taxRateBasisPoints: null,
  modifiers: [garlic],
  productQuantity: 2,
  ...overrides,
});

const meal = (overrides: Partial<CartCombo> = {}): CartCombo => ({
  comboId: 40,
  slug: 'burger-meal',
  name: 'Burger meal',
  image: null,
  unitPriceHalalas: 4000,
  taxRateBasisPoints: null,
  slots: [
    { slotId: 1, slotName: 'Side', itemId: 7, name: 'Fries', image: null, extraPriceHalalas: 0 },
    { slotId: 2, slotName: 'Drink', itemId: 10, name: 'Orange juice', image: null, extraPriceHalalas: 300 },
  ],
  modifiers: [],
  comboQuantity: 1,
  ...overrides,
});

const checkOne = (line: CartProduct | CartCombo, menu = fullMenu()) => {
  const cart = 'itemId' in line ? { products: [line], combos: [] } : { products: [], combos: [line] };
  const check = checkCart(cart, menu);
  const checked = check.products[0] ?? check.combos[0];
  if (!checked) throw new Error('no line checked');
  return { check, checked };
};

describe('checking cart lines against the current menu', () => {
  it('leaves lines that still match the menu as they are, with nothing to write back', () => {
    const check = checkCart({ products: [shawarma({ modifiers: [garlic, cheese] })], combos: [meal()] }, fullMenu());
    expect(check.products.map((c) => c.problem)).toEqual([null]);
    expect(check.combos.map((c) => c.problem)).toEqual([null]);
    expect(check.changed).toBe(false);
    expect(check.pricesChanged).toBe(false);
  });

  it('flags an item that is gone from the branch menu (deleted or no longer sold here)', () => {
    expect(checkOne(shawarma(), menuOf([friesItem])).checked.problem).toEqual({ reason: 'item_unavailable' });
    expect(checkOne(meal(), menuOf([friesItem, colaItem, juiceItem])).checked.problem).toEqual({
      reason: 'item_unavailable',
    });
  });

  it('flags a product line whose item became a combo, and a combo line whose item no longer is one', () => {
    const asCombo = { ...shawarmaItem, combo: { slots: [] } };
    expect(checkOne(shawarma(), menuOf([asCombo])).checked.problem).toEqual({ reason: 'item_unavailable' });
    const notCombo = { ...mealItem, combo: null };
    expect(checkOne(meal(), menuOf([notCombo, friesItem, juiceItem])).checked.problem).toEqual({
      reason: 'item_unavailable',
    });
  });

  it('flags a sold-out item', () => {
    const menu = menuOf([{ ...shawarmaItem, available: false }]);
    expect(checkOne(shawarma(), menu).checked.problem).toEqual({ reason: 'item_sold_out' });
  });

  it('flags an option that no longer exists, naming it as the diner chose it', () => {
    const withoutGarlic = { ...sauces, options: sauces.options.filter((o) => o.id !== 51) };
    const { checked } = checkOne(shawarma(), menuOf([shawarmaItem], [withoutGarlic, extras]));
    expect(checked.problem).toEqual({ reason: 'option_unavailable', name: 'Garlic' });
  });

  it('flags an option whose group is no longer offered with the item', () => {
    const { checked } = checkOne(
      shawarma({ modifiers: [garlic, cheese] }),
      menuOf([{ ...shawarmaItem, modifierGroupIds: [5] }]),
    );
    expect(checked.problem).toEqual({ reason: 'option_unavailable', name: 'Cheese' });
  });

  it('flags a sold-out option by its current name', () => {
    const soldOut = {
      ...sauces,
      options: sauces.options.map((o) => (o.id === 51 ? { ...o, name: 'Toum', available: false } : o)),
    };
    const { checked } = checkOne(shawarma(), menuOf([shawarmaItem], [soldOut, extras]));
    expect(checked.problem).toEqual({ reason: 'option_sold_out', name: 'Toum' });
  });

  it('flags a line that misses a choice the item now requires, or has more than it now allows', () => {
    expect(checkOne(shawarma({ modifiers: [] })).checked.problem).toEqual({ reason: 'choices_changed' });
    const twoSauces = [garlic, { groupId: 5, optionId: 52, name: 'Tahini', priceHalalas: 100 }];
    expect(checkOne(shawarma({ modifiers: twoSauces })).checked.problem).toEqual({ reason: 'choices_changed' });
  });

  it('flags a combo product that the slot no longer offers', () => {
    const drinks = mealItem.combo?.slots[1];
    if (!drinks) throw new Error('fixture');
    const onlyCola = { ...drinks, choices: [{ itemId: 9, extraPriceHalalas: 0 }] };
    const changed = { ...mealItem, combo: { slots: [mealItem.combo?.slots[0] ?? drinks, onlyCola] } };
    const { checked } = checkOne(meal(), menuOf([changed, friesItem, colaItem, juiceItem]));
    expect(checked.problem).toEqual({ reason: 'slot_unavailable', name: 'Orange juice' });
  });

  it('flags a combo whose slot is gone, and a combo that gained a slot the line has no product for', () => {
    const oneSlot = { ...mealItem, combo: { slots: mealItem.combo?.slots.slice(0, 1) ?? [] } };
    expect(checkOne(meal(), menuOf([oneSlot, friesItem, juiceItem])).checked.problem).toEqual({
      reason: 'slot_unavailable',
      name: 'Orange juice',
    });
    const dessert = { id: 3, name: 'Dessert', choices: [{ itemId: 9, extraPriceHalalas: 0 }] };
    const threeSlots = { ...mealItem, combo: { slots: [...(mealItem.combo?.slots ?? []), dessert] } };
    expect(checkOne(meal(), menuOf([threeSlots, friesItem, colaItem, juiceItem])).checked.problem).toEqual({
      reason: 'choices_changed',
    });
  });

  it('flags a sold-out combo product', () => {
    const menu = menuOf([mealItem, friesItem, colaItem, { ...juiceItem, available: false }]);
    expect(checkOne(meal(), menu).checked.problem).toEqual({ reason: 'slot_sold_out', name: 'Orange juice' });
  });

  it('flags a saved line that is not a line (tampered storage) without touching it', () => {
    const broken = { ...shawarma(), productQuantity: 0 };
    const { check, checked } = checkOne(broken);
    expect(checked.problem).toEqual({ reason: 'line_invalid' });
    expect(checked.line).toBe(broken);
    expect(check.changed).toBe(false);
    const noOptions = { ...shawarma(), modifiers: 'garlic' } as unknown as CartProduct;
    expect(checkOne(noOptions).checked.problem).toEqual({ reason: 'line_invalid' });
    const badSlots = { ...meal(), slots: [null] } as unknown as CartCombo;
    expect(checkOne(badSlots).checked.problem).toEqual({ reason: 'line_invalid' });
  });

  it('refreshes changed prices and tax rates of an orderable line and says prices changed', () => {
    const menu = menuOf(
      [{ ...shawarmaItem, priceHalalas: 2700, taxRateBasisPoints: 0 }, friesItem, colaItem, juiceItem, mealItem],
      [{ ...sauces, options: sauces.options.map((o) => (o.id === 51 ? { ...o, priceHalalas: 250 } : o)) }, extras],
    );
    const { check, checked } = checkOne(shawarma(), menu);
    expect(checked.problem).toBeNull();
    expect(checked.line).toMatchObject({ unitPriceHalalas: 2700, taxRateBasisPoints: 0, productQuantity: 2 });
    expect(checked.line.modifiers).toEqual([{ ...garlic, priceHalalas: 250 }]);
    expect(check.changed).toBe(true);
    expect(check.pricesChanged).toBe(true);
  });

  it('refreshes a combo product extra price', () => {
    const cheaperJuice = {
      ...mealItem,
      combo: {
        slots: (mealItem.combo?.slots ?? []).map((s) =>
          s.id === 2
            ? { ...s, choices: s.choices.map((c) => (c.itemId === 10 ? { ...c, extraPriceHalalas: 150 } : c)) }
            : s,
        ),
      },
    };
    const { check, checked } = checkOne(meal(), menuOf([cheaperJuice, friesItem, colaItem, juiceItem]));
    expect((checked.line as CartCombo).slots.map((s) => s.extraPriceHalalas)).toEqual([0, 150]);
    expect(check.pricesChanged).toBe(true);
  });

  it('takes names from the menu (the interface language) without calling it a price change', () => {
    const arabic = menuOf(
      [{ ...shawarmaItem, name: 'صحن شاورما' }, friesItem, colaItem, { ...juiceItem, name: 'عصير برتقال' }, mealItem],
      [{ ...sauces, options: sauces.options.map((o) => (o.id === 51 ? { ...o, name: 'ثوم' } : o)) }, extras],
    );
    const check = checkCart({ products: [shawarma()], combos: [meal()] }, arabic);
    expect(check.products[0]?.line.name).toBe('صحن شاورما');
    expect(check.products[0]?.line.modifiers[0]?.name).toBe('ثوم');
    expect(check.combos[0]?.line.slots[1]?.name).toBe('عصير برتقال');
    expect(check.changed).toBe(true);
    expect(check.pricesChanged).toBe(false);
  });

  it('does not call a price change on a line that cannot be ordered anyway', () => {
    const menu = menuOf([{ ...shawarmaItem, priceHalalas: 9900, available: false }]);
    const { check, checked } = checkOne(shawarma(), menu);
    expect(checked.problem).toEqual({ reason: 'item_sold_out' });
    expect(check.pricesChanged).toBe(false);
  });

  it('gives every line a distinct id and its index in the slice', () => {
    const check = checkCart(
      { products: [shawarma(), shawarma({ modifiers: [{ ...garlic }, cheese] })], combos: [meal()] },
      fullMenu(),
    );
    const all = [...check.products, ...check.combos];
    expect(new Set(all.map((c) => c.id)).size).toBe(3);
    expect(all.map((c) => c.index)).toEqual([0, 1, 0]);
  });
});
