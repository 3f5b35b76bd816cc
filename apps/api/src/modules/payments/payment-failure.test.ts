import { describe, expect, it } from 'vitest';
import { failureCodeOf } from './payment-failure.rules.ts';

describe('a failed payment’s reason, for the diner', () => {
  it.each([
    ['Insufficient funds', 'payment_insufficient_funds'],
    ['INSUFFICIENT_FUNDS', 'payment_insufficient_funds'],
    ['3-D Secure transaction attempt failed', 'payment_3ds_failed'],
    ['3-D Secure transaction attempt failed (Authentication Failed)', 'payment_3ds_failed'],
    ['DECLINED', 'payment_declined'],
    ['Do not honor', 'payment_declined'],
    ['Card reported stolen', 'payment_declined'],
    ['The card processor timed out', 'payment_failed'],
    ['create: timeout', 'payment_failed'],
    ['mismatch: amount', 'payment_failed'],
    [null, 'payment_failed'],
  ])('reads %j as %s', (reason, code) => {
    expect(failureCodeOf(reason)).toBe(code);
  });
});
