import { priceCart } from '@sufra/shared/pricing/price-cart';
import { describe, expect, it } from 'vitest';
import { type CartCombo, type CartProduct, comboUnitTotal, linesSubtotal, productUnitTotal } from './cart-lines';
import { comboInput, orderableLines, priceCheckedCart, productInput } from './cart-pricing';
import type { CheckedLine, LineProblem } from './line-check';

const shawarma: CartProduct = {
  itemId: 1,
  slug: 'shawarma',
  name: 'Shawarma plate',
  image: null,
  unitPriceHalalas: 2500,
  taxRateBasisPoints: null,
  modifiers: [{ groupId: 5, optionId: 51, name: 'Garlic', priceHalalas: 200 }],
  productQuantity: 2,
};
const water: CartProduct = {
  itemId: 2,
  slug: 'water',
  name: 'Water',
  image: null,
  unitPriceHalalas: 200,
  taxRateBasisPoints: 0,
  modifiers: [],
  productQuantity: 3,
};
const meal: CartCombo = {
  comboId: 40,
  slug: 'burger-meal',
  name: 'Burger meal',
  image: null,
  unitPriceHalalas: 3500,
  taxRateBasisPoints: null,
  slots: [
    { slotId: 1, slotName: 'Drink', itemId: 9, name: 'Large cola', image: null, extraPriceHalalas: 300 },
    { slotId: 2, slotName: 'Side', itemId: 7, name: 'Fries', image: null, extraPriceHalalas: 0 },
  ],
  modifiers: [{ groupId: 6, optionId: 61, name: 'Extra patty', priceHalalas: 800 }],
  comboQuantity: 1,
};

const checked = <T>(line: T, id: string, problem: LineProblem | null = null): CheckedLine<T> => ({
  id,
  index: 0,
  line,
  problem,
});

describe('cart lines as priceCart input', () => {
  it('maps a product: base price, its rate, each option price, the quantity', () => {
    expect(productInput(shawarma)).toEqual({
      kind: 'product',
      unitPriceHalalas: 2500,
      taxRateBasisPoints: null,
      modifiers: [{ priceHalalas: 200 }],
      quantity: 2,
    });
    expect(productInput(water)).toMatchObject({ taxRateBasisPoints: 0, modifiers: [], quantity: 3 });
  });

  it('maps a combo with the extra price of each chosen product', () => {
    expect(comboInput(meal)).toEqual({
      kind: 'combo',
      unitPriceHalalas: 3500,
      taxRateBasisPoints: null,
      slots: [{ extraPriceHalalas: 300 }, { extraPriceHalalas: 0 }],
      modifiers: [{ priceHalalas: 800 }],
      quantity: 1,
    });
  });

  it('prices each line as the slice adds it up (unit total × quantity)', () => {
    const priced = priceCart({
      lines: [productInput(shawarma), productInput(water), comboInput(meal)],
      taxMode: 'inclusive',
      vatRateBasisPoints: 1500,
    });
    expect(priced.lines.map((l) => l.unitPriceHalalas)).toEqual([
      productUnitTotal(shawarma),
      productUnitTotal(water),
      comboUnitTotal(meal),
    ]);
    expect(priced.subtotal).toBe(linesSubtotal({ products: [shawarma, water], combos: [meal] }));
  });

  it('leaves flagged lines out, products first then combos, keeping their ids', () => {
    const { ids, lines } = orderableLines({
      products: [checked(shawarma, 'a'), checked(water, 'b', { reason: 'item_sold_out' })],
      combos: [checked(meal, 'c')],
    });
    expect(ids).toEqual(['a', 'c']);
    expect(lines.map((l) => l.kind)).toEqual(['product', 'combo']);
  });
});

describe('pricing the checked cart', () => {
  const check = {
    products: [checked(shawarma, 'shawarma'), checked(water, 'water')],
    combos: [checked(meal, 'meal')],
  };

  // Shawarma 2 × (25.00 + 2.00) = 54.00, water 3 × 2.00 = 6.00 at 0 %, meal 35.00 + 3.00 + 8.00 = 46.00.
  it('adds VAT on top in exclusive mode, per line part rounded half up', () => {
    const totals = priceCheckedCart(check, { taxMode: 'exclusive', vatRateBasisPoints: 1500 });
    // Taxes: 5000 × 15 % = 750, 400 × 15 % = 60, water 0, 3800 × 15 % = 570, 800 × 15 % = 120.
    expect(totals?.pricing).toMatchObject({ subtotal: 10_600, taxesPrice: 1500, total: 12_100 });
    expect(totals?.pricing.branchTaxes).toBe(750 + 570);
    expect(totals?.pricing.modifiersTaxes).toBe(60 + 120);
    expect(totals?.byLine.get('water')).toMatchObject({ subtotal: 600, tax: 0 });
  });

  it('shows the VAT the prices contain in inclusive mode, the total being the subtotal', () => {
    const totals = priceCheckedCart(check, { taxMode: 'inclusive', vatRateBasisPoints: 1500 });
    // 5000 × 15/115 = 652.17 → 652, 400 → 52.17 → 52, 3800 → 495.65 → 496, 800 → 104.35 → 104.
    expect(totals?.pricing).toMatchObject({ subtotal: 10_600, taxesPrice: 652 + 52 + 496 + 104, total: 10_600 });
    expect(totals?.byLine.get('meal')).toMatchObject({ unitPriceHalalas: 4600, subtotal: 4600 });
  });

  it('leaves a flagged line out of the totals', () => {
    const withStale = { ...check, combos: [checked(meal, 'meal', { reason: 'item_unavailable' })] };
    const totals = priceCheckedCart(withStale, { taxMode: 'inclusive', vatRateBasisPoints: 1500 });
    expect(totals?.pricing.subtotal).toBe(6000);
    expect(totals?.byLine.has('meal')).toBe(false);
  });

  it('prices an empty cart at zero', () => {
    const totals = priceCheckedCart({ products: [], combos: [] }, { taxMode: 'exclusive', vatRateBasisPoints: 1500 });
    expect(totals?.pricing).toMatchObject({ subtotal: 0, taxesPrice: 0, total: 0 });
  });

  it('gives up (null) rather than guess when a line is beyond what priceCart accepts', () => {
    const huge = { ...water, unitPriceHalalas: 100_000_001 };
    const totals = priceCheckedCart(
      { products: [checked(huge, 'huge')], combos: [] },
      { taxMode: 'exclusive', vatRateBasisPoints: 1500 },
    );
    expect(totals).toBeNull();
  });

  it('fills the Foodics figures only for an integrated branch', () => {
    const plain = priceCheckedCart(check, { taxMode: 'exclusive', vatRateBasisPoints: 1500 });
    const integrated = priceCheckedCart(
      check,
      { taxMode: 'exclusive', vatRateBasisPoints: 1500 },
      { integrated: true },
    );
    expect(plain?.pricing.foodicsTotal).toBe(0);
    expect(integrated?.pricing.foodicsTotal).toBe(12_100);
  });
});
