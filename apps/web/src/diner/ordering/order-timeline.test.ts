import { ORDER_TYPES } from '@sufra/shared/order-types';
import { describe, expect, it } from 'vitest';
import { orderTimeline } from './order-timeline';

describe('order timeline', () => {
  it('shows the delivery path with the drivers steps, the current one marked', () => {
    expect(orderTimeline(ORDER_TYPES.delivery, 'ready')).toEqual([
      { status: 'pending', state: 'done' },
      { status: 'sent_to_kitchen', state: 'done' },
      { status: 'ready', state: 'current' },
      { status: 'assigned', state: 'upcoming' },
      { status: 'en_route', state: 'upcoming' },
      { status: 'delivered', state: 'upcoming' },
    ]);
  });

  it('shows pickup and dine-in without the driver steps', () => {
    for (const type of [ORDER_TYPES.pickup, ORDER_TYPES.dineIn]) {
      expect(orderTimeline(type, 'pending').map((s) => s.status)).toEqual([
        'pending',
        'sent_to_kitchen',
        'ready',
        'delivered',
      ]);
    }
  });

  it('ends a canceled order after it was placed, and a returned one after it went out', () => {
    expect(orderTimeline(ORDER_TYPES.pickup, 'canceled')).toEqual([
      { status: 'pending', state: 'done' },
      { status: 'canceled', state: 'current' },
    ]);
    expect(orderTimeline(ORDER_TYPES.delivery, 'returned').map((s) => s.status)).toEqual([
      'pending',
      'sent_to_kitchen',
      'ready',
      'assigned',
      'en_route',
      'returned',
    ]);
  });
});
