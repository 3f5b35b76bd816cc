import type { OrderLineBody } from '@sufra/shared/schemas/order';
import type { CartCombo, CartProduct } from './cart-lines';

// Its own module, not lib/cart-lines.ts: the menu route's first load takes cart-lines (the cart bar) but never
// needs the order's wire shape (the menu route's budget, scripts/web-bundle.test.ts).

/** The cart's lines as the order API (and the coupon check) takes them: what was chosen, never what it costs. */
export function cartOrderLines(cart: {
  products: readonly CartProduct[];
  combos: readonly CartCombo[];
}): OrderLineBody[] {
  return [
    ...cart.products.map(
      (p): OrderLineBody => ({
        kind: 'product',
        itemId: p.itemId,
        quantity: p.productQuantity,
        modifiers: p.modifiers.map((m) => m.optionId),
      }),
    ),
    ...cart.combos.map(
      (c): OrderLineBody => ({
        kind: 'combo',
        itemId: c.comboId,
        quantity: c.comboQuantity,
        slots: c.slots.map((s) => ({ slotId: s.slotId, itemId: s.itemId })),
        modifiers: c.modifiers.map((m) => m.optionId),
      }),
    ),
  ];
}
