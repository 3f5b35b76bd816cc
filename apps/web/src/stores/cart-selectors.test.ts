import { configureStore } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { type CartProduct, linesSubtotal } from '../lib/cart-lines';
import { selectCartItemCount, selectCartLines, selectCartSubtotal, selectFromLines } from './cart-selectors';
import {
  addProduct,
  cartReducer,
  changeProductQuantity,
  initialCartState,
  removeProduct,
  repriceLines,
  setNotes,
} from './cart-slice';

const kabsa = (overrides: Partial<CartProduct> = {}): CartProduct => ({
  itemId: 1,
  slug: 'kabsa',
  name: 'Kabsa',
  image: null,
  unitPriceHalalas: 3500,
  taxRateBasisPoints: null,
  modifiers: [{ groupId: 6, optionId: 61, name: 'Cheese', priceHalalas: 300 }],
  productQuantity: 1,
  ...overrides,
});

/** A real store with the cart reducer and nothing else: no page, no effect that could write totals back. */
const cartStore = () => configureStore({ reducer: { cart: cartReducer } });

describe('the cart totals, derived from the lines', () => {
  it('stores no totals, only the lines and the choices', () => {
    for (const field of ['subtotal', 'taxesPrice', 'chargeAmount', 'totalDiscount', 'foodicsTotal', 'integrated']) {
      expect(initialCartState).not.toHaveProperty(field);
    }
  });

  it('follows every change of the lines with no effect running', () => {
    const store = cartStore();
    expect(selectCartSubtotal(store.getState())).toBe(0);

    store.dispatch(addProduct(kabsa({ productQuantity: 2 })));
    expect(selectCartSubtotal(store.getState())).toBe(2 * 3800);
    expect(selectCartItemCount(store.getState())).toBe(2);

    store.dispatch(changeProductQuantity({ index: 0, quantity: 5 }));
    expect(selectCartSubtotal(store.getState())).toBe(5 * 3800);

    store.dispatch(repriceLines({ products: [kabsa({ unitPriceHalalas: 4000 })], combos: [] }));
    expect(selectCartSubtotal(store.getState())).toBe(5 * 4300);

    store.dispatch(removeProduct(0));
    expect(selectCartSubtotal(store.getState())).toBe(0);
    expect(selectCartItemCount(store.getState())).toBe(0);
  });

  it('is memoized: a change that leaves the lines alone computes nothing again', () => {
    const store = cartStore();
    let computed = 0;
    const selectSubtotal = selectFromLines((lines) => {
      computed += 1;
      return linesSubtotal(lines);
    });
    store.dispatch(addProduct(kabsa()));
    const lines = selectCartLines(store.getState());
    expect(selectSubtotal(store.getState())).toBe(3800);

    store.dispatch(setNotes('No onions'));
    expect(selectCartLines(store.getState())).toBe(lines);
    expect(selectSubtotal(store.getState())).toBe(3800);
    expect(computed).toBe(1);

    store.dispatch(changeProductQuantity({ index: 0, quantity: 2 }));
    expect(selectCartLines(store.getState())).not.toBe(lines);
    expect(selectSubtotal(store.getState())).toBe(7600);
    expect(computed).toBe(2);
  });
});
