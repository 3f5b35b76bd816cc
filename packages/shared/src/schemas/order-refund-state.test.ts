import { describe, expect, it } from 'vitest';
import { orderRefundState } from './order.ts';

describe("a card order's refund state, as the confirmation page reads it", () => {
  it('is pending while a canceled order is still paid, done once refunded, and absent otherwise', () => {
    expect(orderRefundState({ paymentMethod: 'card', paymentStatus: 'paid', status: 'canceled' })).toBe('pending');
    expect(orderRefundState({ paymentMethod: 'card', paymentStatus: 'refunded', status: 'canceled' })).toBe('done');
    expect(orderRefundState({ paymentMethod: 'card', paymentStatus: 'paid', status: 'delivered' })).toBeNull();
    expect(orderRefundState({ paymentMethod: 'card', paymentStatus: 'unpaid', status: 'canceled' })).toBeNull();
    expect(orderRefundState({ paymentMethod: 'cash', paymentStatus: 'paid', status: 'canceled' })).toBeNull();
  });
});
