import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceCart } from '../pricing/price-cart.ts';
import { type CouponRule, checkCoupon, couponDiscountOn, couponPricing, normalizeCouponCode } from './coupons.ts';

const base: CouponRule = {
  kind: 'fixed',
  percentBp: null,
  maxDiscountHalalas: null,
  amountHalalas: 1_000,
  itemId: null,
  minimumOrderHalalas: 0,
  startsAt: null,
  endsAt: null,
  globalLimit: null,
  perCustomerLimit: null,
  usedCount: 0,
  branchIds: null,
  orderTypes: null,
  newCustomersOnly: false,
  isActive: true,
};
const now = new Date('2026-11-26T12:00:00Z');
const context = {
  now,
  branchId: 1,
  orderType: 2,
  subtotalHalalas: 5_000,
  customerUses: 0,
  customerIsNewAtBranch: true,
};

describe('normalizeCouponCode', () => {
  it('trims, drops inner spaces, folds case and reads Arabic-Indic digits', () => {
    expect(normalizeCouponCode('  welcome ١٠ ')).toBe('WELCOME10');
    expect(normalizeCouponCode('Save۲۵')).toBe('SAVE25');
    expect(normalizeCouponCode('WELCOME10')).toBe('WELCOME10');
  });
});

describe('checkCoupon', () => {
  it('accepts a coupon that breaks no rule', () => {
    expect(checkCoupon(base, context)).toBeNull();
  });

  it('names the first rule a coupon breaks', () => {
    expect(checkCoupon(null, context)).toBe('coupon_not_found');
    expect(checkCoupon({ ...base, isActive: false }, context)).toBe('coupon_not_found');
    expect(checkCoupon({ ...base, startsAt: new Date(now.getTime() + 1) }, context)).toBe('coupon_not_yet_valid');
    expect(checkCoupon({ ...base, endsAt: now }, context)).toBe('coupon_expired');
    expect(checkCoupon({ ...base, branchIds: [2] }, context)).toBe('coupon_other_branch');
    expect(checkCoupon({ ...base, orderTypes: [1, 3] }, context)).toBe('coupon_other_order_type');
    expect(checkCoupon({ ...base, minimumOrderHalalas: 5_001 }, context)).toBe('coupon_below_minimum');
    expect(checkCoupon({ ...base, globalLimit: 3, usedCount: 3 }, context)).toBe('coupon_used_up');
    expect(checkCoupon({ ...base, perCustomerLimit: 1 }, { ...context, customerUses: 1 })).toBe(
      'coupon_customer_limit',
    );
    expect(checkCoupon({ ...base, newCustomersOnly: true }, { ...context, customerIsNewAtBranch: false })).toBe(
      'coupon_new_customers_only',
    );
    expect(checkCoupon({ ...base, perCustomerLimit: 1 }, { ...context, customerIsNewAtBranch: null })).toBe(
      'coupon_needs_customer',
    );
    expect(checkCoupon({ ...base, kind: 'free_item', itemId: 9 }, { ...context, freeItemPriceHalalas: null })).toBe(
      'coupon_item_not_in_cart',
    );
  });

  it('ignores the order type for a walk-in sale at the counter', () => {
    expect(checkCoupon({ ...base, orderTypes: [1] }, { ...context, orderType: null })).toBeNull();
  });
});

const rule = fc.oneof(
  fc.record({
    kind: fc.constant('percent' as const),
    percentBp: fc.integer({ min: 1, max: 10_000 }),
    maxDiscountHalalas: fc.option(fc.integer({ min: 1, max: 1_000_000 })),
  }),
  fc.record({ kind: fc.constant('fixed' as const), amountHalalas: fc.integer({ min: 1, max: 1_000_000 }) }),
  fc.record({ kind: fc.constant('free_item' as const), itemId: fc.constant(1) }),
);

describe('coupon arithmetic', () => {
  it('never takes off more than the coupon gives, its cap, or what it applies to; the total stays ≥ 0', () => {
    fc.assert(
      fc.property(
        rule,
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 99 }),
        fc.constantFrom<'inclusive' | 'exclusive'>('inclusive', 'exclusive'),
        (partial, unit, quantity, taxMode) => {
          const coupon = { ...base, ...partial } as CouponRule;
          const pricing = priceCart({
            lines: [{ kind: 'product', unitPriceHalalas: unit, taxRateBasisPoints: null, modifiers: [], quantity }],
            taxMode,
            vatRateBasisPoints: 1_500,
            coupon: couponPricing(coupon, unit),
          });
          expect(pricing.couponDiscount).toBeGreaterThanOrEqual(0);
          expect(pricing.couponDiscount).toBeLessThanOrEqual(pricing.subtotal);
          expect(pricing.total).toBeGreaterThanOrEqual(0);
          if (coupon.kind === 'fixed') expect(pricing.couponDiscount).toBeLessThanOrEqual(coupon.amountHalalas ?? 0);
          // A free item takes off one unit of it, never more.
          if (coupon.kind === 'free_item') expect(pricing.couponDiscount).toBe(unit);
          if (coupon.kind === 'percent') {
            if (coupon.maxDiscountHalalas !== null) {
              expect(pricing.couponDiscount).toBeLessThanOrEqual(coupon.maxDiscountHalalas);
            }
            // Never more than the percentage of the subtotal (rounded half up).
            expect(pricing.couponDiscount * 10_000).toBeLessThanOrEqual(
              pricing.subtotal * (coupon.percentBp ?? 0) + 5_000,
            );
          }
          // The counter's figure agrees with the pricing's on the same amount.
          expect(couponDiscountOn(coupon, pricing.subtotal, unit)).toBe(pricing.couponDiscount);
        },
      ),
    );
  });
});
