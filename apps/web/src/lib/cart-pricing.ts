import {
  type CartLineInput,
  type CartPricing,
  type PriceCartInput,
  PricingInputError,
  priceCart,
} from '@sufra/shared/pricing/price-cart';
import type { MenuResponse } from '@sufra/shared/schemas/menu';
import type { CartCombo, CartProduct } from './cart-lines';
import type { CartCheck, CheckedLine } from './line-check';

/** One cart line as the shared pricing function takes it. Options carry no rate of their own: the line's applies. */
export function productInput(line: CartProduct): CartLineInput {
  return {
    kind: 'product',
    unitPriceHalalas: line.unitPriceHalalas,
    taxRateBasisPoints: line.taxRateBasisPoints,
    modifiers: line.modifiers.map((m) => ({ priceHalalas: m.priceHalalas })),
    quantity: line.productQuantity,
  };
}

export function comboInput(line: CartCombo): CartLineInput {
  return {
    kind: 'combo',
    unitPriceHalalas: line.unitPriceHalalas,
    taxRateBasisPoints: line.taxRateBasisPoints,
    slots: line.slots.map((s) => ({ extraPriceHalalas: s.extraPriceHalalas })),
    modifiers: line.modifiers.map((m) => ({ priceHalalas: m.priceHalalas })),
    quantity: line.comboQuantity,
  };
}

/** The lines the diner can order, products then combos (the order the page shows them); flagged lines are left out. */
export function orderableLines(check: Pick<CartCheck, 'products' | 'combos'>): {
  ids: string[];
  lines: CartLineInput[];
} {
  const ids: string[] = [];
  const lines: CartLineInput[] = [];
  const take = <T>(checked: CheckedLine<T>[], toInput: (line: T) => CartLineInput) => {
    for (const entry of checked) {
      if (entry.problem) continue;
      ids.push(entry.id);
      lines.push(toInput(entry.line));
    }
  };
  take(check.products, productInput);
  take(check.combos, comboInput);
  return { ids, lines };
}

export interface CartTotals {
  pricing: CartPricing;
  /** Line pricing by CheckedLine id, for the orderable lines. */
  byLine: Map<string, CartPricing['lines'][number]>;
}

/**
 * The cart's totals with the brand's tax mode and VAT from the menu. The cart page has no delivery fee yet (the order
 * type is chosen after it); checkout passes the chosen zone's fee; both pass the chosen coupon (lib/coupons). Null when a line is beyond what the function accepts (it
 * refuses rather than guesses; the page says the cart cannot be priced).
 */
export function priceCheckedCart(
  check: Pick<CartCheck, 'products' | 'combos'>,
  menu: Pick<MenuResponse, 'taxMode' | 'vatRateBasisPoints'>,
  options: Pick<PriceCartInput, 'integrated' | 'deliveryFeeHalalas' | 'pointsHalalas' | 'coupon' | 'reward'> & {
    /** A free-item reward's line (lib/cart-reward), priced after the cart's own. */
    rewardLine?: CartLineInput | null;
  } = {},
): CartTotals | null {
  const { ids, lines } = orderableLines(check);
  const { rewardLine, ...discounts } = options;
  if (rewardLine) lines.push(rewardLine);
  let pricing: CartPricing;
  try {
    pricing = priceCart({ lines, taxMode: menu.taxMode, vatRateBasisPoints: menu.vatRateBasisPoints, ...discounts });
  } catch (error) {
    if (error instanceof PricingInputError) return null;
    throw error;
  }
  const byLine = new Map<string, CartPricing['lines'][number]>();
  ids.forEach((id, i) => {
    const line = pricing.lines[i];
    if (line) byLine.set(id, line);
  });
  return { pricing, byLine };
}
