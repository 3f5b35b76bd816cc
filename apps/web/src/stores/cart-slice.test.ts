import { describe, expect, it } from 'vitest';
import { type CartCombo, type CartProduct, cartItemCount, MAX_QUANTITY } from '../lib/cart-lines';
import { selectCartSubtotal } from './cart-selectors';
import {
  addCombo,
  addProduct,
  type CartState,
  cartReducer,
  changeComboQuantity,
  changeProductQuantity,
  initialCartState,
  putOrderBack,
  removeCombo,
  removeProduct,
  replaceCart,
  repriceLines,
  resetCart,
  restoreCombo,
  restoreProduct,
  setAddress,
  setBranch,
  setCoordinates,
  setCoupon,
  setDeliveryBranches,
  setDeliveryZone,
  setOrderType,
  setPaymentData,
  setPickupBranches,
  setReward,
  setRewardChoices,
} from './cart-slice';

const kabsa = (overrides: Partial<CartProduct> = {}): CartProduct => ({
  itemId: 1,
  slug: 'kabsa',
  name: 'Kabsa',
  image: '/images/menu/kabsa.svg',
  unitPriceHalalas: 3500,
  taxRateBasisPoints: null,
  modifiers: [],
  productQuantity: 1,
  ...overrides,
});

const spicy = { groupId: 5, optionId: 51, name: 'Spicy', priceHalalas: 0 };
const cheese = { groupId: 6, optionId: 61, name: 'Cheese', priceHalalas: 300 };

const meal = (overrides: Partial<CartCombo> = {}): CartCombo => ({
  comboId: 40,
  slug: 'burger-meal',
  name: 'Burger meal',
  image: null,
  unitPriceHalalas: 4000,
  taxRateBasisPoints: null,
  slots: [
    { slotId: 1, slotName: 'Side', itemId: 7, name: 'Fries', image: null, extraPriceHalalas: 0 },
    { slotId: 2, slotName: 'Drink', itemId: 9, name: 'Cola', image: null, extraPriceHalalas: 200 },
  ],
  modifiers: [],
  comboQuantity: 1,
  ...overrides,
});

/** The subtotal as the app reads it: derived from the lines by the memoized selector, never stored. */
const subtotal = (cart: CartState) => selectCartSubtotal({ cart });

const run = (...actions: Parameters<typeof cartReducer>[1][]): CartState =>
  actions.reduce((state, action) => cartReducer(state, action), initialCartState);

describe('cart products', () => {
  it('adds a product line and updates the subtotal', () => {
    const state = run(addProduct(kabsa({ productQuantity: 2 })));
    expect(state.products).toHaveLength(1);
    expect(state.products[0]?.productQuantity).toBe(2);
    expect(subtotal(state)).toBe(7000);
  });

  it('merges an identical product (same item, same options in any order) into one line', () => {
    const state = run(
      addProduct(kabsa({ modifiers: [spicy, cheese] })),
      addProduct(kabsa({ modifiers: [cheese, spicy], productQuantity: 2 })),
    );
    expect(state.products).toHaveLength(1);
    expect(state.products[0]?.productQuantity).toBe(3);
    expect(subtotal(state)).toBe(3 * 3800);
  });

  it('keeps the same item with different options as separate lines', () => {
    const state = run(addProduct(kabsa()), addProduct(kabsa({ modifiers: [cheese] })));
    expect(state.products).toHaveLength(2);
    expect(subtotal(state)).toBe(3500 + 3800);
  });

  it('caps a merged line at the maximum quantity', () => {
    const state = run(addProduct(kabsa({ productQuantity: 98 })), addProduct(kabsa({ productQuantity: 5 })));
    expect(state.products[0]?.productQuantity).toBe(MAX_QUANTITY);
  });

  it('removes a product by index', () => {
    const state = run(addProduct(kabsa()), addProduct(kabsa({ itemId: 2 })), removeProduct(0));
    expect(state.products.map((p) => p.itemId)).toEqual([2]);
    expect(subtotal(state)).toBe(3500);
  });

  it('ignores removing an index that does not exist', () => {
    const state = run(addProduct(kabsa()), removeProduct(5));
    expect(state.products).toHaveLength(1);
  });

  it('changes a product quantity by index', () => {
    const state = run(addProduct(kabsa()), changeProductQuantity({ index: 0, quantity: 4 }));
    expect(state.products[0]?.productQuantity).toBe(4);
    expect(subtotal(state)).toBe(14_000);
  });

  it('removes the product when its quantity goes to zero or below', () => {
    expect(run(addProduct(kabsa()), changeProductQuantity({ index: 0, quantity: 0 })).products).toEqual([]);
    expect(run(addProduct(kabsa()), changeProductQuantity({ index: 0, quantity: -3 })).products).toEqual([]);
  });

  it('clamps a product quantity above the maximum', () => {
    const state = run(addProduct(kabsa()), changeProductQuantity({ index: 0, quantity: 500 }));
    expect(state.products[0]?.productQuantity).toBe(MAX_QUANTITY);
  });

  it('ignores a quantity change for an index that does not exist', () => {
    const before = run(addProduct(kabsa()));
    expect(cartReducer(before, changeProductQuantity({ index: 3, quantity: 2 }))).toEqual(before);
  });
});

describe('order again', () => {
  it('puts an order back once: the lines it already has take the order quantity, never a second copy', () => {
    const order = { products: [kabsa({ productQuantity: 1 })], combos: [meal({ comboQuantity: 2 })] };
    // The cart a failed card payment kept (the same order's lines), then "order again" twice.
    const state = run(
      addProduct(kabsa()),
      addCombo(meal({ comboQuantity: 2 })),
      putOrderBack(order),
      putOrderBack(order),
    );
    expect(state.products).toHaveLength(1);
    expect(state.products[0]?.productQuantity).toBe(1);
    expect(state.combos).toHaveLength(1);
    expect(state.combos[0]?.comboQuantity).toBe(2);
    expect(subtotal(state)).toBe(3500 + 2 * 4200);
  });

  it('keeps the other lines of the cart and adds the order lines it lacks', () => {
    const spicyKabsa = kabsa({ modifiers: [spicy] });
    const state = run(addProduct(spicyKabsa), putOrderBack({ products: [kabsa({ productQuantity: 3 })], combos: [] }));
    expect(state.products.map((p) => [p.modifiers.length, p.productQuantity])).toEqual([
      [1, 1],
      [0, 3],
    ]);
  });
});

describe('cart combos', () => {
  it('adds a combo with its slot extras in the subtotal', () => {
    const state = run(addCombo(meal({ comboQuantity: 2 })));
    expect(state.combos).toHaveLength(1);
    expect(subtotal(state)).toBe(2 * 4200);
  });

  it('merges a combo with the same slot choices', () => {
    const state = run(addCombo(meal()), addCombo(meal({ slots: [...meal().slots].reverse() })));
    expect(state.combos).toHaveLength(1);
    expect(state.combos[0]?.comboQuantity).toBe(2);
  });

  it('keeps a combo with another slot choice as its own line', () => {
    const other = meal();
    other.slots = other.slots.map((s) =>
      s.slotId === 2 ? { ...s, itemId: 10, name: 'Water', extraPriceHalalas: 0 } : s,
    );
    const state = run(addCombo(meal()), addCombo(other));
    expect(state.combos).toHaveLength(2);
    expect(subtotal(state)).toBe(4200 + 4000);
  });

  it('removes a combo by index', () => {
    const state = run(addCombo(meal()), addCombo(meal({ comboId: 41 })), removeCombo(1));
    expect(state.combos.map((c) => c.comboId)).toEqual([40]);
  });

  it('changes a combo quantity by index, removing it at zero', () => {
    expect(run(addCombo(meal()), changeComboQuantity({ index: 0, quantity: 3 })).combos[0]?.comboQuantity).toBe(3);
    expect(run(addCombo(meal()), changeComboQuantity({ index: 0, quantity: 0 })).combos).toEqual([]);
    expect(run(addCombo(meal()), changeComboQuantity({ index: 0, quantity: 120 })).combos[0]?.comboQuantity).toBe(
      MAX_QUANTITY,
    );
  });

  it('counts products and combos together', () => {
    const state = run(addProduct(kabsa({ productQuantity: 2 })), addCombo(meal({ comboQuantity: 3 })));
    expect(cartItemCount(state)).toBe(5);
    expect(subtotal(state)).toBe(7000 + 12_600);
  });
});

describe('cart setters', () => {
  it("keeps one offer an order: a reward's discount replaces the coupon, a coupon replaces the discount, not a free item", () => {
    const tenOff = {
      ownedId: 7,
      name: { ar: 'خصم', en: 'SAR 10 off' },
      discount: { kind: 'fixed' as const, amountHalalas: 1000 },
    };
    const karak = { ownedId: 8, name: { ar: 'كرك', en: 'Karak' }, itemId: 3 };
    const rewarded = run(setCoupon({ code: 'SAVE15' }), setReward(tenOff));
    expect([rewarded.coupon, rewarded.reward]).toEqual([null, tenOff]);
    const couponed = run(setReward(tenOff), setCoupon({ code: 'SAVE15' }));
    expect([couponed.coupon, couponed.reward]).toEqual([{ code: 'SAVE15' }, null]);
    const both = run(setReward(karak), setCoupon({ code: 'SAVE15' }));
    expect([both.coupon, both.reward]).toEqual([{ code: 'SAVE15' }, karak]);
    expect(run(setReward(karak), setRewardChoices([4, 5])).reward?.modifiers).toEqual([4, 5]);
  });

  it('sets the coupon', () => {
    expect(run(setCoupon({ code: 'WELCOME' })).coupon).toEqual({ code: 'WELCOME' });
    expect(run(setCoupon({ code: 'X' }), setCoupon(null)).coupon).toBeNull();
  });

  it('sets the order type', () => {
    expect(run(setOrderType(3)).orderType).toBe(3);
  });

  it('sets the coordinates', () => {
    expect(run(setCoordinates({ lat: 24.7, lng: 46.68 })).coordinates).toEqual({ lat: 24.7, lng: 46.68 });
  });

  it('sets the delivery zone', () => {
    const zone = { id: 1, name: { ar: 'العليا', en: 'Olaya' }, feeHalalas: 1000, minimumOrderHalalas: 3000 };
    expect(run(setDeliveryZone(zone)).deliveryZone).toEqual(zone);
  });

  it('sets the address', () => {
    expect(run(setAddress('Olaya St, Riyadh')).fullAddress).toBe('Olaya St, Riyadh');
  });

  it('sets the branch', () => {
    const branch = { id: 2, name: { ar: 'الملقا', en: 'Malqa' } };
    expect(run(setBranch(branch)).branch).toEqual(branch);
  });

  it('sets the payment data', () => {
    expect(run(setPaymentData({ method: 'card', id: 'p_1' })).paymentData).toEqual({ method: 'card', id: 'p_1' });
  });

  it('sets the delivery and pickup branch lists', () => {
    const branches = [{ id: 1, name: { ar: 'أ', en: 'A' } }];
    expect(run(setDeliveryBranches(branches)).deliveryBranches).toEqual(branches);
    expect(run(setPickupBranches(branches)).pickupBranches).toEqual(branches);
  });
});

describe('replacing and resetting the cart', () => {
  it('replaces the whole cart', () => {
    const saved = run(addProduct(kabsa()), setOrderType(2));
    const state = run(addCombo(meal()), replaceCart(saved));
    expect(state).toEqual(saved);
  });

  it('leaves behind the totals an older version stored with the cart (they are derived now)', () => {
    const saved = { ...run(addProduct(kabsa())), subtotal: 1, taxesPrice: 2, totalDiscount: 3, integrated: true };
    const state = run(replaceCart(saved));
    expect(Object.keys(state).sort()).toEqual(Object.keys(initialCartState).sort());
    expect(subtotal(state)).toBe(3500);
  });

  it('fills fields missing from an older saved cart with their defaults', () => {
    const { notes: _omit, ...partial } = run(addProduct(kabsa()));
    const state = run(replaceCart(partial as CartState));
    expect(state.notes).toBe('');
    expect(state.products).toHaveLength(1);
  });

  it('resets to the empty initial state', () => {
    const state = run(addProduct(kabsa()), setCoupon({ code: 'X' }), setOrderType(1), resetCart());
    expect(state).toEqual(initialCartState);
  });
});

describe('undoing a removal and repricing', () => {
  it('puts a removed product back where it was', () => {
    const state = run(
      addProduct(kabsa()),
      addProduct(kabsa({ itemId: 2 })),
      addProduct(kabsa({ itemId: 3 })),
      removeProduct(1),
      restoreProduct({ index: 1, line: kabsa({ itemId: 2, productQuantity: 4 }) }),
    );
    expect(state.products.map((p) => [p.itemId, p.productQuantity])).toEqual([
      [1, 1],
      [2, 4],
      [3, 1],
    ]);
    expect(subtotal(state)).toBe(6 * 3500);
  });

  it('merges a restored line into an identical line added since, and clamps a far index to the end', () => {
    const merged = run(addProduct(kabsa({ productQuantity: 2 })), restoreProduct({ index: 0, line: kabsa() }));
    expect(merged.products.map((p) => p.productQuantity)).toEqual([3]);
    const atEnd = run(addProduct(kabsa()), restoreProduct({ index: 9, line: kabsa({ itemId: 2 }) }));
    expect(atEnd.products.map((p) => p.itemId)).toEqual([1, 2]);
  });

  it('puts a removed combo back where it was', () => {
    const other = meal({ comboId: 41 });
    const state = run(addCombo(meal()), addCombo(other), removeCombo(0), restoreCombo({ index: 0, line: meal() }));
    expect(state.combos.map((c) => c.comboId)).toEqual([40, 41]);
  });

  it('takes new prices for the same lines and keeps their quantities', () => {
    const state = run(
      addProduct(kabsa({ productQuantity: 2 })),
      addCombo(meal()),
      changeProductQuantity({ index: 0, quantity: 5 }),
      repriceLines({
        products: [kabsa({ unitPriceHalalas: 4000, productQuantity: 2 })],
        combos: [meal({ unitPriceHalalas: 4500 })],
      }),
    );
    expect(state.products[0]).toMatchObject({ unitPriceHalalas: 4000, productQuantity: 5 });
    expect(state.combos[0]?.unitPriceHalalas).toBe(4500);
    expect(subtotal(state)).toBe(5 * 4000 + 4500 + 200);
  });

  it('ignores a repriced line that no longer matches the line at its place', () => {
    const state = run(
      addProduct(kabsa()),
      repriceLines({ products: [kabsa({ itemId: 2, unitPriceHalalas: 1 })], combos: [meal()] }),
    );
    expect(state.products).toEqual([kabsa()]);
    expect(state.combos).toEqual([]);
  });
});
