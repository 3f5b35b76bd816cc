import { type CartLines, cartItemCount, linesSubtotal } from '../lib/cart-lines';
import type { RootState } from './root-state';

/**
 * The cart's figures, derived from its lines when they are read, never stored: no effect writes them back. The full
 * totals (taxes, charges, delivery fee) need the branch's menu and come from the shared pricing function over the
 * checked lines (lib/cart-pricing.ts) on the pages that show them.
 */
type CartRoot = Pick<RootState, 'cart'>;

/**
 * A selector computed again only when the cart's lines change (the reducers replace the arrays they change, so their
 * identity says so). Hand-written rather than RTK's createSelector: that brings reselect, 1.2 KB gzip, into the menu
 * route's first screen (measured with `npm run bench -- --only web`), for one comparison of two references.
 */
export function selectFromLines<T>(compute: (lines: CartLines) => T): (state: CartRoot) => T {
  let last: { lines: CartLines; value: T } | null = null;
  return (state) => {
    const { products, combos } = state.cart;
    if (last && last.lines.products === products && last.lines.combos === combos) return last.value;
    const lines = { products, combos };
    last = { lines, value: compute(lines) };
    return last.value;
  };
}

export const selectCartLines = selectFromLines((lines) => lines);

/** The lines' sum as the menu shows it (the cart bar's figure). */
export const selectCartSubtotal = selectFromLines(linesSubtotal);

export const selectCartItemCount = selectFromLines(cartItemCount);
