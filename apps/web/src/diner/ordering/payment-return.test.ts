import { describe, expect, it } from 'vitest';
import { orderIdFrom, PAYMENT_POLL_LIMIT_MS, paymentReturnStep } from './payment-return';

describe('paymentReturnStep', () => {
  it('goes on to the confirmation once the server says paid', () => {
    expect(paymentReturnStep('paid', 0)).toBe('paid');
  });

  it('sends a failed payment to the payment-failed page', () => {
    expect(paymentReturnStep('failed', 0)).toBe('failed');
    expect(paymentReturnStep('failed', 5_000)).toBe('failed');
  });

  it('asks again while the payment is pending and the budget lasts', () => {
    expect(paymentReturnStep('pending', 0)).toBe('poll');
    expect(paymentReturnStep('pending', PAYMENT_POLL_LIMIT_MS - 1_000)).toBe('poll');
  });

  it('stops asking once the budget is spent', () => {
    expect(paymentReturnStep('pending', PAYMENT_POLL_LIMIT_MS)).toBe('stalled');
  });
});

describe('orderIdFrom', () => {
  it('reads our order id and ignores the provider query', () => {
    expect(orderIdFrom(new URLSearchParams('order=42&id=pay_1&status=paid'))).toBe(42);
  });

  it('refuses a missing or malformed id', () => {
    expect(orderIdFrom(new URLSearchParams('id=pay_1&status=paid'))).toBeNull();
    expect(orderIdFrom(new URLSearchParams('order=-1'))).toBeNull();
    expect(orderIdFrom(new URLSearchParams('order=1.5'))).toBeNull();
    expect(orderIdFrom(new URLSearchParams('order=abc'))).toBeNull();
  });
});
