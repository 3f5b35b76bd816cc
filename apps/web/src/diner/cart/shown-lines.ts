import { type CartCombo, type CartProduct, comboUnitTotal, productUnitTotal } from '../../lib/cart-lines';
import type { CartCheck, CheckedLine } from '../../lib/line-check';

/** A cart line as the cart page shows it: a product or a combo, checked against the current menu. */
export type ShownLine =
  | { kind: 'product'; checked: CheckedLine<CartProduct> }
  | { kind: 'combo'; checked: CheckedLine<CartCombo> };

export function shownLines(check: CartCheck): ShownLine[] {
  return [
    ...check.products.map((checked) => ({ kind: 'product' as const, checked })),
    ...check.combos.map((checked) => ({ kind: 'combo' as const, checked })),
  ];
}

export function details(line: ShownLine, slotText: (slot: string, product: string) => string): string[] {
  if (line.checked.problem?.reason === 'line_invalid') return [];
  const modifiers = line.checked.line.modifiers.map((m) => m.name);
  if (line.kind === 'product') return modifiers;
  return [...line.checked.line.slots.map((s) => slotText(s.slotName, s.name)), ...modifiers];
}

/** Price of one unit and the quantity, as the slice holds them; none for a line that is not a line. */
export function unitAndQuantity(line: ShownLine): { unit: number; quantity: number } | null {
  if (line.checked.problem?.reason === 'line_invalid') return null;
  return line.kind === 'product'
    ? { unit: productUnitTotal(line.checked.line), quantity: line.checked.line.productQuantity }
    : { unit: comboUnitTotal(line.checked.line), quantity: line.checked.line.comboQuantity };
}
