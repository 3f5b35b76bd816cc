/**
 * A cart line as the diner chose it, and the arithmetic on lines. In lib/ rather than in the cart slice because the
 * line check, the pricing input and the quantity stepper need it too, and shared code does not import stores/.
 * Money in halalas. Lines are snapshots taken when added.
 */
export const MAX_QUANTITY = 99;

export interface CartModifierChoice {
  groupId: number;
  optionId: number;
  name: string;
  priceHalalas: number;
}

export interface CartProduct {
  itemId: number;
  slug: string;
  name: string;
  image: string | null;
  /** Base price of one unit, without options. */
  unitPriceHalalas: number;
  taxRateBasisPoints: number | null;
  modifiers: CartModifierChoice[];
  productQuantity: number;
}

export interface CartComboSlotChoice {
  slotId: number;
  slotName: string;
  itemId: number;
  name: string;
  image: string | null;
  extraPriceHalalas: number;
}

export interface CartCombo {
  comboId: number;
  slug: string;
  name: string;
  image: string | null;
  unitPriceHalalas: number;
  taxRateBasisPoints: number | null;
  slots: CartComboSlotChoice[];
  modifiers: CartModifierChoice[];
  comboQuantity: number;
}

/** The lines of a cart, products then combos. */
export interface CartLines {
  products: CartProduct[];
  combos: CartCombo[];
}

function modifiersKey(modifiers: CartModifierChoice[]): string {
  return modifiers
    .map((m) => m.optionId)
    .sort((a, b) => a - b)
    .join(',');
}

export function productLineKey(line: Pick<CartProduct, 'itemId' | 'modifiers'>): string {
  return `${line.itemId}|${modifiersKey(line.modifiers)}`;
}

export function comboLineKey(line: Pick<CartCombo, 'comboId' | 'slots' | 'modifiers'>): string {
  const slots = line.slots
    .map((s) => `${s.slotId}:${s.itemId}`)
    .sort()
    .join(',');
  return `${line.comboId}|${slots}|${modifiersKey(line.modifiers)}`;
}

export function productUnitTotal(line: Pick<CartProduct, 'unitPriceHalalas' | 'modifiers'>): number {
  return line.unitPriceHalalas + line.modifiers.reduce((sum, m) => sum + m.priceHalalas, 0);
}

export function comboUnitTotal(line: Pick<CartCombo, 'unitPriceHalalas' | 'modifiers' | 'slots'>): number {
  return (
    line.unitPriceHalalas +
    line.modifiers.reduce((sum, m) => sum + m.priceHalalas, 0) +
    line.slots.reduce((sum, s) => sum + s.extraPriceHalalas, 0)
  );
}

/** Sum of the lines as shown on the menu (before charges, taxes added on top and discounts). */
export function linesSubtotal(lines: CartLines): number {
  return (
    lines.products.reduce((sum, p) => sum + productUnitTotal(p) * p.productQuantity, 0) +
    lines.combos.reduce((sum, c) => sum + comboUnitTotal(c) * c.comboQuantity, 0)
  );
}

export function cartItemCount(lines: CartLines): number {
  return (
    lines.products.reduce((sum, p) => sum + p.productQuantity, 0) +
    lines.combos.reduce((sum, c) => sum + c.comboQuantity, 0)
  );
}
