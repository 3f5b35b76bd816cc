import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../language.ts';
import { ORDER_TYPES, type OrderType } from '../order-types.ts';
import {
  canTransition,
  dinerOrderStatusLabel,
  INITIAL_ORDER_STATUS,
  isOrderStatus,
  isTerminalOrderStatus,
  nextStatuses,
  ORDER_STATUS_LABELS,
  ORDER_STATUS_TRANSITIONS,
  ORDER_STATUSES,
  type OrderStatus,
  orderStatusesFor,
  orderStatusLabel,
  TERMINAL_ORDER_STATUSES,
} from './order-status.ts';

const TYPES: [string, OrderType][] = [
  ['dine-in', ORDER_TYPES.dineIn],
  ['pickup', ORDER_TYPES.pickup],
  ['delivery', ORDER_TYPES.delivery],
];

// The expected moves, written out again by hand so the table is checked against a second statement of the rules.
const HANDED_OVER_MOVES = [
  'pending → sent_to_kitchen',
  'pending → canceled',
  'sent_to_kitchen → ready',
  'sent_to_kitchen → canceled',
  'ready → delivered',
  'ready → canceled',
];
const ALLOWED: Record<string, string[]> = {
  'dine-in': HANDED_OVER_MOVES,
  pickup: HANDED_OVER_MOVES,
  delivery: [
    'pending → sent_to_kitchen',
    'pending → canceled',
    'sent_to_kitchen → ready',
    'sent_to_kitchen → canceled',
    'ready → assigned',
    'ready → canceled',
    'assigned → en_route',
    'assigned → ready',
    'assigned → canceled',
    'en_route → delivered',
    'en_route → returned',
  ],
};

const every = TYPES.flatMap(([name, type]) =>
  ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => ({ name, type, from, to, move: `${from} → ${to}` }))),
);
const allowed = every.filter((c) => ALLOWED[c.name]?.includes(c.move));
const refused = every.filter((c) => !ALLOWED[c.name]?.includes(c.move));

describe('order status machine', () => {
  it('lists exactly the moves written out here, no more', () => {
    expect(allowed).toHaveLength(6 + 6 + 11);
    expect(refused).toHaveLength(3 * 8 * 8 - allowed.length);
  });

  it.each(allowed)('lets a $name order move $move', ({ type, from, to }) => {
    expect(canTransition(type, from, to)).toBe(true);
    expect(nextStatuses(type, from)).toContain(to);
  });

  it.each(refused)('refuses to move a $name order $move', ({ type, from, to }) => {
    expect(canTransition(type, from, to)).toBe(false);
    expect(nextStatuses(type, from)).not.toContain(to);
  });

  it('has no row that repeats a move or goes nowhere', () => {
    const keys = ORDER_STATUS_TRANSITIONS.map((t) => `${t.from} → ${t.to}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const row of ORDER_STATUS_TRANSITIONS) {
      expect(row.from).not.toBe(row.to);
      expect(row.orderTypes.length).toBeGreaterThan(0);
    }
  });

  it('starts every order as pending', () => {
    expect(INITIAL_ORDER_STATUS).toBe('pending');
  });

  it.each(TYPES)('lets no move leave a terminal status of a %s order', (_, type) => {
    expect(TERMINAL_ORDER_STATUSES).toEqual(['delivered', 'canceled', 'returned']);
    for (const status of TERMINAL_ORDER_STATUSES) {
      expect(isTerminalOrderStatus(status)).toBe(true);
      expect(nextStatuses(type, status)).toEqual([]);
    }
  });

  it.each(TYPES)('lets every other status a %s order can reach move on, towards an end', (_, type) => {
    for (const status of orderStatusesFor(type)) {
      if (isTerminalOrderStatus(status)) continue;
      expect(nextStatuses(type, status).length).toBeGreaterThan(0);
      // Canceling is always one of the ways out, except once the food is on its way.
      if (status !== 'en_route') expect(nextStatuses(type, status)).toContain('canceled');
    }
  });

  it('keeps pickup and dine-in orders away from the driver statuses', () => {
    const handedOver: OrderStatus[] = ['pending', 'sent_to_kitchen', 'ready', 'delivered', 'canceled'];
    expect(orderStatusesFor(ORDER_TYPES.pickup)).toEqual(handedOver);
    expect(orderStatusesFor(ORDER_TYPES.dineIn)).toEqual(handedOver);
    expect(orderStatusesFor(ORDER_TYPES.delivery)).toEqual([...ORDER_STATUSES]);
  });

  it('offers the next statuses in the order the board shows them', () => {
    expect(nextStatuses(ORDER_TYPES.delivery, 'ready')).toEqual(['assigned', 'canceled']);
    expect(nextStatuses(ORDER_TYPES.pickup, 'ready')).toEqual(['delivered', 'canceled']);
    expect(nextStatuses(ORDER_TYPES.delivery, 'assigned')).toEqual(['en_route', 'ready', 'canceled']);
  });

  it('recognises its own status strings and nothing else', () => {
    for (const status of ORDER_STATUSES) expect(isOrderStatus(status)).toBe(true);
    for (const other of ['Pending', 'shipped', '', 1, null, undefined]) expect(isOrderStatus(other)).toBe(false);
  });
});

describe('order status labels', () => {
  it("uses the spec's words in English", () => {
    expect(ORDER_STATUSES.map((s) => orderStatusLabel(s, 'en'))).toEqual([
      'Pending',
      'Sent to kitchen',
      'Ready',
      'Assigned',
      'En route',
      'Delivered',
      'Canceled',
      'Returned',
    ]);
  });

  it.each(LANGUAGES)('gives every status a distinct, non-empty label in %s', (language) => {
    const labels = ORDER_STATUSES.map((s) => ORDER_STATUS_LABELS[s][language]);
    expect(labels.every((l) => l.trim().length > 0)).toBe(true);
    expect(new Set(labels).size).toBe(ORDER_STATUSES.length);
  });

  it('writes the Arabic labels in Arabic script', () => {
    for (const status of ORDER_STATUSES) expect(orderStatusLabel(status, 'ar')).toMatch(/^[\u0600-\u06ff ]+$/);
  });
});

describe('the status as the diner reads it', () => {
  it('ends a pickup at "Picked up" and a dine-in at "Served"; a delivery stays "Delivered"', () => {
    expect(dinerOrderStatusLabel('delivered', ORDER_TYPES.pickup, 'en')).toBe('Picked up');
    expect(dinerOrderStatusLabel('delivered', ORDER_TYPES.dineIn, 'en')).toBe('Served');
    expect(dinerOrderStatusLabel('delivered', ORDER_TYPES.delivery, 'en')).toBe('Delivered');
    expect(dinerOrderStatusLabel('delivered', ORDER_TYPES.pickup, 'ar')).toBe('تم الاستلام');
    expect(dinerOrderStatusLabel('ready', ORDER_TYPES.pickup, 'en')).toBe('Ready');
  });
});
