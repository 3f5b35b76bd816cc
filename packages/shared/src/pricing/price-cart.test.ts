import { describe, expect, it } from 'vitest';
import { type CartLineInput, type PriceCartInput, PricingInputError, priceCart } from './price-cart.ts';

/**
 * A Saudi menu, VAT 15 %, figures in halalas (100 = 1 SAR):
 * - chicken shawarma plate 25.00 with garlic sauce +2.00, two of them;
 * - bottled water 2.00, zero-rated (a 0 % override), three of them;
 * - burger meal (combo) 35.00: large drink +3.00, fries +0.00, extra patty +8.00, one of them.
 */
const shawarma: CartLineInput = {
  kind: 'product',
  unitPriceHalalas: 2500,
  taxRateBasisPoints: null,
  modifiers: [{ priceHalalas: 200 }],
  quantity: 2,
};
const water: CartLineInput = {
  kind: 'product',
  unitPriceHalalas: 200,
  taxRateBasisPoints: 0,
  modifiers: [],
  quantity: 3,
};
const burgerMeal: CartLineInput = {
  kind: 'combo',
  unitPriceHalalas: 3500,
  taxRateBasisPoints: null,
  slots: [{ extraPriceHalalas: 300 }, { extraPriceHalalas: 0 }],
  modifiers: [{ priceHalalas: 800 }],
  quantity: 1,
};
const saudiCart = (overrides: Partial<PriceCartInput>): PriceCartInput => ({
  lines: [shawarma, water, burgerMeal],
  taxMode: 'inclusive',
  vatRateBasisPoints: 1500,
  ...overrides,
});

describe('priceCart on a Saudi menu with prices including VAT', () => {
  // Line parts: shawarma items 2 × 25.00 = 5000, its sauce 2 × 2.00 = 400, water 3 × 2.00 = 600 at 0 %,
  // meal items 35.00 + 3.00 + 0.00 = 3800, its patty 800. Subtotal 10600.
  // Coupon 10 %: 1060, so each part keeps 90 %: 4500, 360, 540, 3420, 720.
  // Tax contained at 15 % is amount × 15 / 115 = amount × 3 / 23, rounded per part:
  //   4500 → 586.96 → 587;  360 → 46.96 → 47;  540 → 0 (0 %);  3420 → 446.09 → 446;  720 → 93.91 → 94.
  // Service charge 10 % of the subtotal: 1060, containing 1060 × 3 / 23 = 138.26 → 138.
  // Delivery fee 15.00: 1500, containing 1500 × 3 / 23 = 195.65 → 196.
  const priced = priceCart(
    saudiCart({
      charges: [{ kind: 'percentage', basisPoints: 1000 }],
      deliveryFeeHalalas: 1500,
      coupon: { kind: 'percentage', basisPoints: 1000 },
    }),
  );

  it('adds the lines as the menu shows them, extras and modifiers included', () => {
    expect(priced.lines.map((l) => [l.unitPriceHalalas, l.subtotal])).toEqual([
      [2700, 5400],
      [200, 600],
      [4600, 4600],
    ]);
    expect(priced.subtotal).toBe(10600);
  });

  it('takes the coupon off the lines in proportion to their amounts', () => {
    expect(priced.couponDiscount).toBe(1060);
    expect(priced.totalDiscount).toBe(1060);
    expect(priced.lines.map((l) => l.discount)).toEqual([540, 60, 460]);
  });

  it('finds the VAT each discounted line part contains, rounded per part', () => {
    expect(priced.lines.map((l) => [l.itemTax, l.modifiersTax, l.tax])).toEqual([
      [587, 47, 634],
      [0, 0, 0],
      [446, 94, 540],
    ]);
    expect(priced.branchTaxes).toBe(587 + 446);
    expect(priced.modifiersTaxes).toBe(47 + 94);
  });

  it('charges the service charge and delivery fee as set, with the VAT they contain', () => {
    expect(priced.charges).toEqual([{ amount: 1060, tax: 138 }]);
    expect(priced.deliveryFee).toBe(1500);
    expect(priced.deliveryFeeTax).toBe(196);
    expect(priced.chargeAmount).toBe(1060 + 1500);
    expect(priced.chargesTaxes).toBe(138 + 196);
  });

  it('totals the subtotal less the discount plus the charges, and reports the VAT inside', () => {
    expect(priced.total).toBe(10600 - 1060 + 2560);
    expect(priced.total).toBe(12100);
    expect(priced.taxesPrice).toBe(1033 + 141 + 334);
    // Cross-check: 15 % of what is not zero-rated, taken out of the total, is 11560 × 3 / 23 = 1507.83.
    expect(priced.taxesPrice).toBe(1508);
    expect(priced.lines.map((l) => l.total)).toEqual([4860, 540, 4140]);
  });

  it('leaves the POS figures at zero for a branch that is not integrated', () => {
    expect([priced.foodicsTaxes, priced.foodicsCharges, priced.foodicsTotal]).toEqual([0, 0, 0]);
  });
});

describe('priceCart on the same menu with prices excluding VAT', () => {
  // Same parts, subtotal 10600. Coupon 5.00 fixed, then 5.60 of points: 1060 off, so 90 % of each part is left:
  // 4500, 360, 540, 3420, 720. VAT added at 15 %: 675, 54, 0, 513, 108.
  // Service charge 10 % of 10600 = 1060 + 159 VAT. Delivery fee 1500 + 225 VAT.
  const priced = priceCart(
    saudiCart({
      taxMode: 'exclusive',
      charges: [{ kind: 'percentage', basisPoints: 1000 }],
      deliveryFeeHalalas: 1500,
      coupon: { kind: 'fixed', amountHalalas: 500 },
      pointsHalalas: 560,
      integrated: true,
    }),
  );

  it('takes the coupon, then the points, off before the tax', () => {
    expect([priced.couponDiscount, priced.pointsDiscount, priced.totalDiscount]).toEqual([500, 560, 1060]);
    expect(priced.lines.map((l) => [l.itemTax, l.modifiersTax])).toEqual([
      [675, 54],
      [0, 0],
      [513, 108],
    ]);
  });

  it('adds the VAT of the lines, the charges and the delivery fee on top', () => {
    expect(priced.branchTaxes).toBe(1188);
    expect(priced.modifiersTaxes).toBe(162);
    expect(priced.chargeAmount).toBe(2560);
    expect(priced.chargesTaxes).toBe(159 + 225);
    expect(priced.taxesPrice).toBe(1734);
    expect(priced.total).toBe(10600 - 1060 + 2560 + 1734);
    expect(priced.total).toBe(13834);
    expect(priced.lines.map((l) => l.total)).toEqual([4860 + 729, 540, 4140 + 621]);
  });

  it('sends the POS the same taxes, charges and total when the branch is integrated', () => {
    expect(priced.foodicsTaxes).toBe(1734);
    expect(priced.foodicsCharges).toBe(2560);
    expect(priced.foodicsTotal).toBe(13834);
  });
});

const product = (unitPriceHalalas: number, quantity = 1, taxRateBasisPoints: number | null = null): CartLineInput => ({
  kind: 'product',
  unitPriceHalalas,
  taxRateBasisPoints,
  modifiers: [],
  quantity,
});

describe('priceCart rounding', () => {
  it('rounds the tax of each line half away from zero, then adds the rounded figures', () => {
    // Three lines of 0.10 at 15 %: 1.5 halalas each → 2 each, 6 in all (the unrounded sum, 4.5, would give 5).
    const priced = priceCart({
      lines: [product(10), product(10), product(10)],
      taxMode: 'exclusive',
      vatRateBasisPoints: 1500,
    });
    expect(priced.lines.map((l) => l.tax)).toEqual([2, 2, 2]);
    expect(priced.taxesPrice).toBe(6);
    expect(priced.total).toBe(36);
  });

  it('taxes a line on its quantity, not unit by unit', () => {
    // 3 × 0.10 = 0.30 at 15 % = 4.5 → 5 (not 3 × round(1.5) = 6).
    expect(priceCart({ lines: [product(10, 3)], taxMode: 'exclusive', vatRateBasisPoints: 1500 }).taxesPrice).toBe(5);
  });

  it('rounds a contained tax below one half down', () => {
    // 1.00 with VAT inside: 100 × 3 / 23 = 13.04 → 13.
    expect(priceCart({ lines: [product(100)], taxMode: 'inclusive', vatRateBasisPoints: 1500 }).taxesPrice).toBe(13);
  });
});

describe('priceCart rates', () => {
  it('taxes a modifier at its own rate when it has one, and at its line rate otherwise', () => {
    const priced = priceCart({
      lines: [
        {
          kind: 'product',
          unitPriceHalalas: 1000,
          taxRateBasisPoints: null,
          modifiers: [{ priceHalalas: 400, taxRateBasisPoints: 0 }, { priceHalalas: 200 }],
          quantity: 1,
        },
        {
          kind: 'product',
          unitPriceHalalas: 1000,
          taxRateBasisPoints: 500,
          modifiers: [{ priceHalalas: 200 }],
          quantity: 1,
        },
      ],
      taxMode: 'exclusive',
      vatRateBasisPoints: 1500,
    });
    // Line 1: item 1000 × 15 % = 150; modifiers 400 at 0 % and 200 at 15 % = 30.
    // Line 2: item 1000 × 5 % = 50; its modifier follows the line: 200 × 5 % = 10.
    expect(priced.lines.map((l) => [l.itemTax, l.modifiersTax])).toEqual([
      [150, 30],
      [50, 10],
    ]);
  });

  it('taxes charges and the delivery fee at their own rates when they have them', () => {
    const priced = priceCart({
      lines: [product(10000)],
      taxMode: 'exclusive',
      vatRateBasisPoints: 1500,
      charges: [
        { kind: 'fixed', amountHalalas: 500, taxRateBasisPoints: 0 },
        { kind: 'percentage', basisPoints: 500 },
      ],
      deliveryFeeHalalas: 1000,
      deliveryFeeTaxRateBasisPoints: 0,
    });
    expect(priced.charges).toEqual([
      { amount: 500, tax: 0 },
      { amount: 500, tax: 75 },
    ]);
    expect(priced.deliveryFeeTax).toBe(0);
    expect(priced.chargesTaxes).toBe(75);
    expect(priced.total).toBe(10000 + 1500 + 500 + 500 + 75 + 1000);
  });

  it('prices an empty cart at its fixed charges only', () => {
    const priced = priceCart({
      lines: [],
      taxMode: 'exclusive',
      vatRateBasisPoints: 1500,
      charges: [{ kind: 'percentage', basisPoints: 1000 }],
      deliveryFeeHalalas: 1000,
    });
    expect([priced.subtotal, priced.chargeAmount, priced.taxesPrice, priced.total]).toEqual([0, 1000, 150, 1150]);
  });
});

describe('priceCart discounts', () => {
  const lines = [product(3000), product(2000)];

  it('caps a percentage coupon at its maximum', () => {
    // 50 % of 50.00 = 25.00, capped at 10.00.
    const priced = priceCart({
      lines,
      taxMode: 'inclusive',
      vatRateBasisPoints: 1500,
      coupon: { kind: 'percentage', basisPoints: 5000, maxHalalas: 1000 },
    });
    expect(priced.couponDiscount).toBe(1000);
    expect(priced.total).toBe(4000);
  });

  it('never takes off more than the subtotal, whatever the coupon and points say', () => {
    const priced = priceCart({
      lines,
      taxMode: 'exclusive',
      vatRateBasisPoints: 1500,
      coupon: { kind: 'fixed', amountHalalas: 4000 },
      pointsHalalas: 9999,
      deliveryFeeHalalas: 1000,
    });
    expect([priced.couponDiscount, priced.pointsDiscount, priced.totalDiscount]).toEqual([4000, 1000, 5000]);
    // The lines cost nothing; the delivery fee and its tax are still due.
    expect(priced.branchTaxes).toBe(0);
    expect(priced.total).toBe(1150);
  });

  it("takes an owned reward's discount off first: fixed, or a percentage capped at its maximum", () => {
    const fixed = priceCart({
      lines,
      taxMode: 'inclusive',
      vatRateBasisPoints: 1500,
      reward: { kind: 'fixed', amountHalalas: 1500 },
      pointsHalalas: 4000,
    });
    expect([fixed.rewardDiscount, fixed.pointsDiscount, fixed.totalDiscount, fixed.total]).toEqual([
      1500, 3500, 5000, 0,
    ]);
    // 10 % of 50.00 = 5.00, capped at 3.00; then the coupon on what is left.
    const percent = priceCart({
      lines,
      taxMode: 'inclusive',
      vatRateBasisPoints: 1500,
      reward: { kind: 'percentage', basisPoints: 1000, maxHalalas: 300 },
      coupon: { kind: 'fixed', amountHalalas: 9000 },
    });
    expect([percent.rewardDiscount, percent.couponDiscount, percent.total]).toEqual([300, 4700, 0]);
  });

  it('caps a fixed coupon larger than the subtotal at the subtotal and leaves the points unused', () => {
    const priced = priceCart({
      lines,
      taxMode: 'inclusive',
      vatRateBasisPoints: 1500,
      coupon: { kind: 'fixed', amountHalalas: 8000 },
      pointsHalalas: 500,
    });
    expect([priced.couponDiscount, priced.pointsDiscount, priced.total]).toEqual([5000, 0, 0]);
  });

  it('lowers the tax in exclusive mode, because the discount comes off before the tax', () => {
    const without = priceCart({ lines, taxMode: 'exclusive', vatRateBasisPoints: 1500 });
    const withCoupon = priceCart({
      lines,
      taxMode: 'exclusive',
      vatRateBasisPoints: 1500,
      coupon: { kind: 'fixed', amountHalalas: 1000 },
    });
    expect(without.taxesPrice).toBe(750);
    expect(withCoupon.taxesPrice).toBe(600);
    expect(withCoupon.total).toBe(4000 + 600);
  });

  it('does not discount the charges: a percentage charge is on the subtotal before the discount', () => {
    const priced = priceCart({
      lines,
      taxMode: 'inclusive',
      vatRateBasisPoints: 1500,
      charges: [{ kind: 'percentage', basisPoints: 1000 }],
      coupon: { kind: 'percentage', basisPoints: 10000 },
    });
    expect(priced.chargeAmount).toBe(500);
    expect(priced.total).toBe(500);
  });
});

describe('priceCart input checks', () => {
  const base: PriceCartInput = { lines: [product(1000)], taxMode: 'exclusive', vatRateBasisPoints: 1500 };
  const refused: [string, PriceCartInput, string, string][] = [
    ['a negative price', { ...base, lines: [product(-1)] }, 'lines[0].unitPriceHalalas', 'negative'],
    ['a fractional price', { ...base, lines: [product(10.5)] }, 'lines[0].unitPriceHalalas', 'not_an_integer'],
    [
      'a price that is not a number',
      { ...base, lines: [product(Number.NaN)] },
      'lines[0].unitPriceHalalas',
      'not_an_integer',
    ],
    ['a quantity of zero', { ...base, lines: [product(1000, 0)] }, 'lines[0].quantity', 'out_of_range'],
    ['a quantity of 100', { ...base, lines: [product(1000, 100)] }, 'lines[0].quantity', 'out_of_range'],
    ['a fractional quantity', { ...base, lines: [product(1000, 1.5)] }, 'lines[0].quantity', 'not_an_integer'],
    [
      'a tax rate above 100 %',
      { ...base, lines: [product(1000, 1, 10001)] },
      'lines[0].taxRateBasisPoints',
      'out_of_range',
    ],
    ['a negative VAT rate', { ...base, vatRateBasisPoints: -1 }, 'vatRateBasisPoints', 'negative'],
    ['an unknown tax mode', { ...base, taxMode: 'gross' as 'inclusive' }, 'taxMode', 'unknown_kind'],
    [
      'a negative modifier price',
      {
        ...base,
        lines: [
          {
            kind: 'product',
            unitPriceHalalas: 1,
            taxRateBasisPoints: null,
            modifiers: [{ priceHalalas: -200 }],
            quantity: 1,
          },
        ],
      },
      'lines[0].modifiers[0].priceHalalas',
      'negative',
    ],
    [
      'a negative combo extra',
      {
        ...base,
        lines: [
          {
            kind: 'combo',
            unitPriceHalalas: 1,
            taxRateBasisPoints: null,
            slots: [{ extraPriceHalalas: -1 }],
            modifiers: [],
            quantity: 1,
          },
        ],
      },
      'lines[0].slots[0].extraPriceHalalas',
      'negative',
    ],
    [
      'a price above 1,000,000 SAR',
      { ...base, lines: [product(100_000_001)] },
      'lines[0].unitPriceHalalas',
      'too_large',
    ],
    ['more than 200 lines', { ...base, lines: Array.from({ length: 201 }, () => product(1)) }, 'lines', 'too_large'],
    ['a negative delivery fee', { ...base, deliveryFeeHalalas: -500 }, 'deliveryFeeHalalas', 'negative'],
    [
      'a percentage charge above 100 %',
      { ...base, charges: [{ kind: 'percentage', basisPoints: 20000 }] },
      'charges[0].basisPoints',
      'out_of_range',
    ],
    [
      'a fractional fixed charge',
      { ...base, charges: [{ kind: 'fixed', amountHalalas: 0.5 }] },
      'charges[0].amountHalalas',
      'not_an_integer',
    ],
    [
      'a negative coupon',
      { ...base, coupon: { kind: 'fixed', amountHalalas: -100 } },
      'coupon.amountHalalas',
      'negative',
    ],
    [
      'a coupon above 100 %',
      { ...base, coupon: { kind: 'percentage', basisPoints: 10001 } },
      'coupon.basisPoints',
      'out_of_range',
    ],
    [
      'a negative coupon cap',
      { ...base, coupon: { kind: 'percentage', basisPoints: 100, maxHalalas: -1 } },
      'coupon.maxHalalas',
      'negative',
    ],
    ['negative points', { ...base, pointsHalalas: -1 }, 'pointsHalalas', 'negative'],
    ['lines that are not a list', { ...base, lines: {} as unknown as CartLineInput[] }, 'lines', 'not_a_list'],
    [
      'a line of an unknown kind',
      { ...base, lines: [{ ...product(1), kind: 'drink' } as unknown as CartLineInput] },
      'lines[0].kind',
      'unknown_kind',
    ],
  ];

  it.each(refused)('refuses %s, naming the field, with the validation_failed code', (_, input, field, problem) => {
    let error: unknown;
    try {
      priceCart(input);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(PricingInputError);
    expect(error).toMatchObject({ code: 'validation_failed', field, problem });
  });

  it('accepts the edges: quantity 1 and 99, rates 0 and 100 %, free items', () => {
    expect(() =>
      priceCart({ ...base, lines: [product(0, 1, 0), product(100_000_000, 99, 10000)], vatRateBasisPoints: 0 }),
    ).not.toThrow();
  });
});
