import { describe, expect, it } from 'vitest';
import { createOrderLifecycle } from './core/order-lifecycle.service.ts';
import { subscribeOrderReactions } from './order-reactions.ts';

describe('order reactions', () => {
  it("run on a cancel in placement's lock order: points (customers), the coupon, then the reward used", () => {
    const lifecycle = createOrderLifecycle();
    subscribeOrderReactions(lifecycle);
    expect(lifecycle.subscribers().canceled).toEqual([
      'loyalty: give back points spent',
      'coupons: give back the use',
      'loyalty: give back a reward used',
    ]);
  });
});
