import { describe, expect, it } from 'vitest';
import { handsToKitchenAt, isOnBoard, momentsOfMove } from './order-lifecycle.ts';

describe('the kitchen hand-off rule', () => {
  it('hands a cash order to the kitchen at placement and a card order once paid', () => {
    expect(handsToKitchenAt({ paymentMethod: 'cash' })).toBe('placement');
    expect(handsToKitchenAt({ paymentMethod: 'card' })).toBe('payment');
  });

  it('keeps an unpaid card order off the board, and shows it once paid or refunded', () => {
    expect(isOnBoard({ paymentMethod: 'card', paymentStatus: 'unpaid' })).toBe(false);
    expect(isOnBoard({ paymentMethod: 'card', paymentStatus: 'paid' })).toBe(true);
    expect(isOnBoard({ paymentMethod: 'card', paymentStatus: 'refunded' })).toBe(true);
  });

  it('shows a cash order on the board whether or not its money was taken', () => {
    expect(isOnBoard({ paymentMethod: 'cash', paymentStatus: 'unpaid' })).toBe(true);
    expect(isOnBoard({ paymentMethod: 'cash', paymentStatus: 'paid' })).toBe(true);
  });

  it('raises completed on delivery and canceled on a cancel, after status_changed', () => {
    expect(momentsOfMove('delivered')).toEqual(['status_changed', 'completed']);
    expect(momentsOfMove('canceled')).toEqual(['status_changed', 'canceled']);
    expect(momentsOfMove('ready')).toEqual(['status_changed']);
  });
});
