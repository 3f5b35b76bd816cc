import { createSelector } from '@reduxjs/toolkit';
import { type CartLines, cartItemCount, linesSubtotal } from '../lib/cart-lines';
import type { RootState } from './root-state';

/**
 * The cart's figures, derived from its lines when they are read: memoized, so a component re-renders only when the
 * lines change. The full totals (taxes, charges, delivery fee) need the branch's menu and come from the shared pricing
 * function over the checked lines (lib/cart-pricing.ts) on the pages that show them.
 */
type CartRoot = Pick<RootState, 'cart'>;

const selectProducts = (state: CartRoot) => state.cart.products;
const selectCombos = (state: CartRoot) => state.cart.combos;

export const selectCartLines = createSelector(
  [selectProducts, selectCombos],
  (products, combos): CartLines => ({ products, combos }),
);

/** The lines' sum as the menu shows it (the cart bar's figure). */
export const selectCartSubtotal = createSelector([selectCartLines], linesSubtotal);

export const selectCartItemCount = createSelector([selectCartLines], cartItemCount);
