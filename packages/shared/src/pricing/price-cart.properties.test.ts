import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CartLineInput,
  type CartPricing,
  type ChargeInput,
  type CouponInput,
  PRICING_LIMITS,
  type PriceCartInput,
  priceCart,
  priceCartLines,
  priceCartWith,
} from './price-cart.ts';

// Mostly realistic figures (Saudi VAT, prices up to 1,000 SAR), with the limits mixed in now and then.
const rate = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(0, 500, 1500) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: PRICING_LIMITS.maxBasisPoints }) },
);
const amount = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 100_000 }) },
  { weight: 1, arbitrary: fc.constantFrom(0, 1, PRICING_LIMITS.maxAmountHalalas) },
);
const modifier = fc.record({ priceHalalas: amount, taxRateBasisPoints: fc.option(rate) });
const lineWith = (quantity: fc.Arbitrary<number>): fc.Arbitrary<CartLineInput> =>
  fc.oneof(
    fc.record({
      kind: fc.constant('product' as const),
      unitPriceHalalas: amount,
      taxRateBasisPoints: fc.option(rate),
      modifiers: fc.array(modifier, { maxLength: 4 }),
      quantity,
    }),
    fc.record({
      kind: fc.constant('combo' as const),
      unitPriceHalalas: amount,
      taxRateBasisPoints: fc.option(rate),
      slots: fc.array(fc.record({ extraPriceHalalas: amount }), { maxLength: 3 }),
      modifiers: fc.array(modifier, { maxLength: 3 }),
      quantity,
    }),
  );
const charge: fc.Arbitrary<ChargeInput> = fc.oneof(
  fc.record({ kind: fc.constant('percentage' as const), basisPoints: rate, taxRateBasisPoints: fc.option(rate) }),
  fc.record({ kind: fc.constant('fixed' as const), amountHalalas: amount, taxRateBasisPoints: fc.option(rate) }),
);
const coupon: fc.Arbitrary<CouponInput | null> = fc.option(
  fc.oneof(
    fc.record({ kind: fc.constant('fixed' as const), amountHalalas: amount }),
    fc.record({ kind: fc.constant('percentage' as const), basisPoints: rate, maxHalalas: fc.option(amount) }),
  ),
);
const cartWith = (quantity: fc.Arbitrary<number>): fc.Arbitrary<PriceCartInput> =>
  fc.record({
    lines: fc.array(lineWith(quantity), { maxLength: 8 }),
    taxMode: fc.constantFrom('inclusive' as const, 'exclusive' as const),
    vatRateBasisPoints: rate,
    charges: fc.array(charge, { maxLength: 3 }),
    deliveryFeeHalalas: amount,
    deliveryFeeTaxRateBasisPoints: fc.option(rate),
    coupon,
    reward: coupon,
    pointsHalalas: fc.option(amount, { nil: undefined }),
    integrated: fc.boolean(),
  });
const cart = cartWith(fc.integer({ min: 1, max: PRICING_LIMITS.maxQuantity }));

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** Every figure of the result, with its path, so one check covers them all. */
function figures(value: unknown, path = ''): [string, unknown][] {
  if (typeof value === 'string') return [];
  if (Array.isArray(value)) return value.flatMap((item, i) => figures(item, `${path}[${i}]`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => figures(item, path ? `${path}.${key}` : key));
  }
  return [[path, value]];
}

/** The order-level figures, which must not depend on how lines are listed. */
function totals(pricing: CartPricing): Omit<CartPricing, 'lines'> {
  const { lines: _lines, ...rest } = pricing;
  return rest;
}

describe('priceCart properties', () => {
  it('prices the lines once and finishes them with any discounts exactly as priceCart prices each whole cart', () => {
    // The server prices an order's lines once (its coupon is checked on their subtotal), then finishes them with
    // the coupon and again with the points: each result must be priceCart's for that input.
    fc.assert(
      fc.property(cart, (input) => {
        const plain = { ...input, coupon: null, reward: null, pointsHalalas: undefined };
        const lines = priceCartLines(plain);
        expect(lines.subtotal).toBe(priceCart(plain).subtotal);
        expect(priceCartWith(lines, plain)).toEqual(priceCart(plain));
        const withCoupon = { ...input, pointsHalalas: undefined };
        expect(priceCartWith(lines, withCoupon)).toEqual(priceCart(withCoupon));
        expect(priceCartWith(lines, input)).toEqual(priceCart(input));
      }),
    );
  });

  it('gives every figure as a whole, non-negative number of halalas', () => {
    fc.assert(
      fc.property(cart, (input) => {
        for (const [path, value] of figures(priceCart(input))) {
          expect(Number.isSafeInteger(value), path).toBe(true);
          expect(value as number, path).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('totals subtotal − discounts + charges + taxes in exclusive mode, and subtotal − discounts + charges in inclusive mode', () => {
    fc.assert(
      fc.property(cart, (input) => {
        const p = priceCart(input);
        const taxesOnTop = input.taxMode === 'exclusive' ? p.taxesPrice : 0;
        expect(p.total).toBe(p.subtotal - p.totalDiscount + p.chargeAmount + taxesOnTop);
      }),
    );
  });

  it('keeps the parts adding up: lines to subtotal, discounts and taxes; charges to chargeAmount', () => {
    fc.assert(
      fc.property(cart, (input) => {
        const p = priceCart(input);
        expect(sum(p.lines.map((l) => l.subtotal))).toBe(p.subtotal);
        expect(sum(p.lines.map((l) => l.discount))).toBe(p.totalDiscount);
        expect(sum(p.lines.map((l) => l.itemTax))).toBe(p.branchTaxes);
        expect(sum(p.lines.map((l) => l.modifiersTax))).toBe(p.modifiersTaxes);
        expect(p.taxesPrice).toBe(p.branchTaxes + p.modifiersTaxes + p.chargesTaxes);
        expect(p.chargeAmount).toBe(sum(p.charges.map((c) => c.amount)) + p.deliveryFee);
        expect(p.chargesTaxes).toBe(sum(p.charges.map((c) => c.tax)) + p.deliveryFeeTax);
        expect(p.totalDiscount).toBe(p.rewardDiscount + p.couponDiscount + p.pointsDiscount);
        for (const line of p.lines) {
          expect(line.tax).toBe(line.itemTax + line.modifiersTax);
          expect(line.total).toBe(line.subtotal - line.discount + (input.taxMode === 'exclusive' ? line.tax : 0));
        }
        expect(
          sum(p.lines.map((l) => l.total)) + p.chargeAmount + (input.taxMode === 'exclusive' ? p.chargesTaxes : 0),
        ).toBe(p.total);
      }),
    );
  });

  it('never discounts more than what the discount applies to', () => {
    fc.assert(
      fc.property(cart, (input) => {
        const p = priceCart(input);
        expect(p.totalDiscount).toBeLessThanOrEqual(p.subtotal);
        for (const line of p.lines) expect(line.discount).toBeLessThanOrEqual(line.subtotal);
        expect(p.pointsDiscount).toBeLessThanOrEqual(input.pointsHalalas ?? 0);
        if (input.coupon?.kind === 'fixed') expect(p.couponDiscount).toBeLessThanOrEqual(input.coupon.amountHalalas);
        if (input.coupon?.kind === 'percentage' && input.coupon.maxHalalas != null) {
          expect(p.couponDiscount).toBeLessThanOrEqual(input.coupon.maxHalalas);
        }
        if (input.coupon == null) expect(p.couponDiscount).toBe(0);
        if (input.reward?.kind === 'fixed') expect(p.rewardDiscount).toBeLessThanOrEqual(input.reward.amountHalalas);
        if (input.reward?.kind === 'percentage' && input.reward.maxHalalas != null) {
          expect(p.rewardDiscount).toBeLessThanOrEqual(input.reward.maxHalalas);
        }
        if (input.reward == null) expect(p.rewardDiscount).toBe(0);
      }),
    );
  });

  it('never gives a negative total or tax, and never finds more tax inside a price than the price', () => {
    fc.assert(
      fc.property(cart, (input) => {
        const p = priceCart(input);
        expect(p.total).toBeGreaterThanOrEqual(0);
        expect(p.taxesPrice).toBeGreaterThanOrEqual(0);
        if (input.taxMode === 'inclusive') {
          for (const line of p.lines) expect(line.tax).toBeLessThanOrEqual(line.subtotal - line.discount);
          for (const c of p.charges) expect(c.tax).toBeLessThanOrEqual(c.amount);
          expect(p.taxesPrice).toBeLessThanOrEqual(p.total);
        }
      }),
    );
  });

  it('never lowers the total when every quantity doubles', () => {
    fc.assert(
      fc.property(cartWith(fc.integer({ min: 1, max: 49 })), (input) => {
        const doubled = { ...input, lines: input.lines.map((l) => ({ ...l, quantity: l.quantity * 2 })) };
        expect(priceCart(doubled).total).toBeGreaterThanOrEqual(priceCart(input).total);
      }),
      { numRuns: 500 },
    );
  });

  // Small prices and steep rates make every halala of rounding count (the discount split's own monotonicity is
  // checked in apportion.test.ts, where a "largest remainder" split fails).
  it('never lowers the total when every quantity doubles, even on small prices with steep rates', () => {
    const tiny = fc.integer({ min: 0, max: 40 });
    const steep = fc.constantFrom(0, 1500, 5000, 10000);
    const line = fc.record({
      kind: fc.constant('product' as const),
      unitPriceHalalas: tiny,
      taxRateBasisPoints: fc.option(steep),
      modifiers: fc.array(fc.record({ priceHalalas: tiny, taxRateBasisPoints: fc.option(steep) }), { maxLength: 2 }),
      quantity: fc.integer({ min: 1, max: 3 }),
    });
    const smallCart = fc.record({
      lines: fc.array(line, { minLength: 1, maxLength: 5 }),
      taxMode: fc.constant('exclusive' as const),
      vatRateBasisPoints: steep,
      coupon: fc.option(
        fc.oneof(
          fc.record({ kind: fc.constant('fixed' as const), amountHalalas: tiny }),
          fc.record({ kind: fc.constant('percentage' as const), basisPoints: fc.integer({ min: 0, max: 10000 }) }),
        ),
      ),
      pointsHalalas: tiny,
    });
    fc.assert(
      fc.property(smallCart, (input) => {
        const doubled = { ...input, lines: input.lines.map((l) => ({ ...l, quantity: l.quantity * 2 })) };
        expect(priceCart(doubled).total).toBeGreaterThanOrEqual(priceCart(input).total);
      }),
      { numRuns: 3000 },
    );
  });

  it('gives the same totals whatever the order of the lines', () => {
    const cartAndOrder = cart.chain((input) =>
      fc.tuple(
        fc.constant(input),
        fc.shuffledSubarray(
          input.lines.map((_, i) => i),
          { minLength: input.lines.length },
        ),
      ),
    );
    fc.assert(
      fc.property(cartAndOrder, ([input, order]) => {
        const shuffled = { ...input, lines: order.map((i) => input.lines[i] as CartLineInput) };
        expect(totals(priceCart(shuffled))).toEqual(totals(priceCart(input)));
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same figures in inclusive and exclusive mode when every rate is 0 %', () => {
    const untaxed = cart.map(
      (input): PriceCartInput => ({
        ...input,
        vatRateBasisPoints: 0,
        lines: input.lines.map((line) => ({
          ...line,
          taxRateBasisPoints: line.taxRateBasisPoints === null ? null : 0,
          modifiers: line.modifiers.map((m) => ({ ...m, taxRateBasisPoints: m.taxRateBasisPoints == null ? null : 0 })),
        })),
        charges: (input.charges ?? []).map((c) => ({ ...c, taxRateBasisPoints: 0 })),
        deliveryFeeTaxRateBasisPoints: null,
      }),
    );
    fc.assert(
      fc.property(untaxed, (input) => {
        const inclusive = priceCart({ ...input, taxMode: 'inclusive' });
        const exclusive = priceCart({ ...input, taxMode: 'exclusive' });
        expect({ ...inclusive, taxMode: null }).toEqual({ ...exclusive, taxMode: null });
        expect(inclusive.taxesPrice).toBe(0);
      }),
    );
  });

  it('never raises the taxes when a discount is added', () => {
    fc.assert(
      fc.property(cart, (input) => {
        const without = priceCart({ ...input, coupon: null, pointsHalalas: 0 });
        const withDiscount = priceCart(input);
        expect(withDiscount.taxesPrice).toBeLessThanOrEqual(without.taxesPrice);
        expect(withDiscount.total).toBeLessThanOrEqual(without.total);
      }),
    );
  });

  it('fills the POS figures with our own when the branch is integrated, and zeros otherwise', () => {
    fc.assert(
      fc.property(cart, (input) => {
        const p = priceCart(input);
        const expected = input.integrated ? [p.taxesPrice, p.chargeAmount, p.total] : [0, 0, 0];
        expect([p.foodicsTaxes, p.foodicsCharges, p.foodicsTotal]).toEqual(expected);
      }),
    );
  });

  it('gives the same answer twice and leaves its input untouched', () => {
    fc.assert(
      fc.property(cart, (input) => {
        const copy: unknown = JSON.parse(JSON.stringify(input));
        const first = priceCart(input);
        expect(input).toEqual(copy);
        expect(priceCart(input)).toEqual(first);
      }),
      { numRuns: 50 },
    );
  });
});
