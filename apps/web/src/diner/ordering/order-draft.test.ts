import { ORDER_TYPES } from '@sufra/shared/order-types';
import type { OpeningSpan } from '@sufra/shared/schemas/branch';
import { describe, expect, it } from 'vitest';
import { type CartState, initialCartState } from '../../stores/cart-slice';
import {
  attemptFor,
  attemptIsSpent,
  checkReceiveTime,
  enabledOrderTypes,
  isStaleCartError,
  missingStep,
  nextOpening,
  pendingCardOrderFor,
  placeOrderBody,
  receiveDays,
  receiveDaysFor,
  timeZoneLabel,
  zonedParts,
  zonedToInstant,
  zoneFor,
} from './order-draft';

const product = {
  itemId: 7,
  slug: 'shawarma',
  name: 'Shawarma',
  image: null,
  unitPriceHalalas: 1800,
  taxRateBasisPoints: null,
  modifiers: [{ groupId: 1, optionId: 11, name: 'Large', priceHalalas: 600 }],
  productQuantity: 2,
};
const combo = {
  comboId: 9,
  slug: 'meal',
  name: 'Meal',
  image: null,
  unitPriceHalalas: 3500,
  taxRateBasisPoints: null,
  slots: [{ slotId: 3, slotName: 'Drink', itemId: 21, name: 'Tea', image: null, extraPriceHalalas: 0 }],
  modifiers: [],
  comboQuantity: 1,
};
const cart = (patch: Partial<CartState>): CartState => ({
  ...initialCartState,
  products: [product],
  combos: [combo],
  ...patch,
});

const square = (lng: number, lat: number, size: number) => ({
  type: 'Polygon' as const,
  coordinates: [
    [
      [lng, lat],
      [lng + size, lat],
      [lng + size, lat + size],
      [lng, lat + size],
      [lng, lat],
    ],
  ],
});
const zone = (id: number, geometry: ReturnType<typeof square>) => ({
  id,
  name: { ar: 'منطقة', en: 'Zone' },
  feeHalalas: 1000,
  minimumOrderHalalas: 0,
  geometry,
});

describe('order draft', () => {
  it('offers the order types the branch has switched on, in the spec order', () => {
    expect(enabledOrderTypes({ dineIn: true, pickup: true, delivery: true })).toEqual([1, 2, 3]);
    expect(enabledOrderTypes({ dineIn: false, pickup: true, delivery: false })).toEqual([2]);
  });

  it('leaves out the types a manager switched off, and every type when ordering is off', () => {
    const all = { dineIn: true, pickup: true, delivery: true };
    expect(enabledOrderTypes(all, { delivery: false, pickup: true })).toEqual([1, 2]);
    expect(enabledOrderTypes(all, { ordering: false })).toEqual([]);
  });

  it('finds the delivery zone that covers a point, and none outside every zone', () => {
    const zones = [zone(1, square(46.6, 24.6, 0.1)), zone(2, square(46.7, 24.6, 0.1))];
    expect(zoneFor({ lat: 24.65, lng: 46.75 }, zones)?.id).toBe(2);
    expect(zoneFor({ lat: 25.5, lng: 46.65 }, zones)).toBeNull();
  });

  it('names the first step still missing, then none when the order is complete', () => {
    const counter = { tableQr: false, branchHasTables: false };
    expect(missingStep(cart({ products: [], combos: [] }), counter)).toBe('cart');
    expect(missingStep(cart({}), counter)).toBe('type');
    expect(missingStep(cart({ orderType: ORDER_TYPES.dineIn }), counter)).toBe('location');
    expect(missingStep(cart({ orderType: ORDER_TYPES.dineIn, coordinates: { lat: 1, lng: 2 } }), counter)).toBeNull();
    expect(missingStep(cart({ orderType: ORDER_TYPES.pickup }), counter)).toBe('branch');
    const branch = { id: 4, name: { ar: 'ب', en: 'B' } };
    expect(missingStep(cart({ orderType: ORDER_TYPES.pickup, branch }), counter)).toBeNull();
    expect(missingStep(cart({ orderType: ORDER_TYPES.delivery, branch }), counter)).toBe('address');
    const deliveryZone = { id: 1, name: { ar: 'م', en: 'Z' }, feeHalalas: 1000, minimumOrderHalalas: 0 };
    expect(
      missingStep(cart({ orderType: ORDER_TYPES.delivery, branch, addressId: 5, deliveryZone }), counter),
    ).toBeNull();
  });

  it("asks nothing for dine-in from a table's QR, and the table number from a counter QR where the branch has tables", () => {
    const dineIn = cart({ orderType: ORDER_TYPES.dineIn });
    expect(missingStep(dineIn, { tableQr: true, branchHasTables: true })).toBeNull();
    const tables = { tableQr: false, branchHasTables: true };
    expect(missingStep(dineIn, tables)).toBe('location');
    const located = cart({ orderType: ORDER_TYPES.dineIn, coordinates: { lat: 1, lng: 2 } });
    expect(missingStep(located, tables)).toBe('table');
    expect(missingStep({ ...located, tableNumber: '  ' }, tables)).toBe('table');
    expect(missingStep({ ...located, tableNumber: '4' }, tables)).toBeNull();
    // The body: a table's QR sends neither the location nor a number; a counter QR sends both.
    const chosen = { ...located, tableNumber: ' 4 ' };
    const atTable = placeOrderBody(chosen, { tableQr: true, branchHasTables: true });
    expect(atTable.location).toBeUndefined();
    expect(atTable.tableNumber).toBeUndefined();
    const atCounter = placeOrderBody(chosen, tables);
    expect(atCounter.location).toEqual({ lat: 1, lng: 2 });
    expect(atCounter.tableNumber).toBe('4');
    expect(placeOrderBody(chosen, { tableQr: false, branchHasTables: false }).tableNumber).toBeUndefined();
  });

  it('builds the order body from what was chosen, with no prices in it', () => {
    const body = placeOrderBody(
      cart({
        orderType: ORDER_TYPES.delivery,
        branch: { id: 4, name: { ar: 'ب', en: 'B' } },
        coordinates: { lat: 1, lng: 2 },
        addressId: 5,
        notes: '  no onions  ',
        receiveAt: '2026-11-23T18:00:00.000Z',
      }),
      { tableQr: false, branchHasTables: false },
    );
    expect(body).toEqual({
      orderType: 3,
      branchId: 4,
      addressId: 5,
      lines: [
        { kind: 'product', itemId: 7, quantity: 2, modifiers: [11] },
        { kind: 'combo', itemId: 9, quantity: 1, slots: [{ slotId: 3, itemId: 21 }], modifiers: [] },
      ],
      notes: 'no onions',
      receiveAt: '2026-11-23T18:00:00.000Z',
      paymentMethod: 'cash',
    });
    expect(JSON.stringify(body)).not.toMatch(/price/i);
  });

  it('sends the diner location, and no branch, for dine-in', () => {
    const body = placeOrderBody(
      cart({
        orderType: ORDER_TYPES.dineIn,
        coordinates: { lat: 24.7, lng: 46.68 },
        branch: { id: 4, name: { ar: '', en: '' } },
      }),
      { tableQr: false, branchHasTables: false },
    );
    expect(body.location).toEqual({ lat: 24.7, lng: 46.68 });
    expect(body.branchId).toBeUndefined();
    expect(body.notes).toBeUndefined();
    expect(body.receiveAt).toBeUndefined();
  });

  it('pays the pending card order again for the same cart, and makes a new order for a changed one', () => {
    const saved = { orderId: 12, body: '{"a":1}' };
    expect(pendingCardOrderFor(saved, '{"a":1}')).toBe(12);
    expect(pendingCardOrderFor(saved, '{"a":2}')).toBeNull();
    expect(pendingCardOrderFor(null, '{"a":1}')).toBeNull();
  });

  it('carries the payment method the diner chose', () => {
    const chosen = cart({ orderType: ORDER_TYPES.dineIn, coordinates: { lat: 24.7, lng: 46.68 } });
    const counter = { tableQr: false, branchHasTables: false };
    expect(placeOrderBody(chosen, counter, 'card').paymentMethod).toBe('card');
    expect(placeOrderBody(chosen, counter).paymentMethod).toBe('cash');
  });

  it('keeps the idempotency key while the same order is retried, and takes a new one for a changed order', () => {
    let n = 0;
    const newKey = () => `key-${++n}`;
    const first = attemptFor(null, '{"a":1}', newKey);
    expect(first.key).toBe('key-1');
    expect(attemptFor(first, '{"a":1}', newKey)).toBe(first);
    expect(attemptFor(first, '{"a":2}', newKey).key).toBe('key-2');
  });

  it('keeps the key after network errors and server failures, drops it after a refusal', () => {
    expect(attemptIsSpent(0, 'network_error')).toBe(false);
    expect(attemptIsSpent(503, 'unknown')).toBe(false);
    expect(attemptIsSpent(409, 'idempotency_key_in_flight')).toBe(false);
    expect(attemptIsSpent(409, 'branch_closed')).toBe(true);
  });

  it('recognises the errors of a stale cart', () => {
    expect(isStaleCartError('item_not_available')).toBe(true);
    expect(isStaleCartError('branch_closed')).toBe(false);
  });
});

describe('receive time in the branch time zone', () => {
  it('reads and writes wall-clock times in Riyadh (UTC+3)', () => {
    const instant = new Date('2026-11-23T21:30:00Z');
    expect(zonedParts(instant, 'Asia/Riyadh')).toEqual({ date: '2026-11-24', time: '00:30' });
    expect(zonedToInstant('2026-11-24', '00:30', 'Asia/Riyadh')?.toISOString()).toBe('2026-11-23T21:30:00.000Z');
  });

  it('follows a daylight-saving change (Europe/London in summer is UTC+1)', () => {
    expect(zonedToInstant('2026-07-01', '12:00', 'Europe/London')?.toISOString()).toBe('2026-07-01T11:00:00.000Z');
    expect(zonedToInstant('2026-12-01', '12:00', 'Europe/London')?.toISOString()).toBe('2026-12-01T12:00:00.000Z');
  });

  it('refuses malformed dates and times', () => {
    expect(zonedToInstant('2026-7-1', '12:00', 'Asia/Riyadh')).toBeNull();
    expect(zonedToInstant('2026-07-01', '1200', 'Asia/Riyadh')).toBeNull();
  });

  it('offers dine-in today only (no table booked days ahead), pickup and delivery the week', () => {
    const now = new Date('2026-11-27T22:00:00Z');
    expect(receiveDaysFor(ORDER_TYPES.dineIn, now, 'Asia/Riyadh')).toEqual(['2026-11-28']);
    expect(receiveDaysFor(ORDER_TYPES.pickup, now, 'Asia/Riyadh')).toHaveLength(7);
    expect(receiveDaysFor(ORDER_TYPES.delivery, now, 'Asia/Riyadh')).toHaveLength(7);
  });

  it('lists today and the next six days of the branch, across a month end', () => {
    const days = receiveDays(new Date('2026-11-27T22:00:00Z'), 'Asia/Riyadh');
    expect(days).toEqual([
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
    ]);
  });

  it('accepts a time within the coming week only', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(checkReceiveTime(new Date('2026-11-23T11:59:00Z'), now)).toBe('past');
    expect(checkReceiveTime(new Date('2026-11-23T13:00:00Z'), now)).toBeNull();
    expect(checkReceiveTime(new Date('2026-12-01T13:00:00Z'), now)).toBe('too_far');
  });

  it('finds when a closed branch opens next, and never for a branch without hours', () => {
    const hours: OpeningSpan[] = [1, 2, 3, 4, 5, 6, 0].map((day) => ({ day, opens: '12:00', closes: '23:00' }));
    // 08:00 in Riyadh → opens at 12:00 the same day (09:00 UTC).
    expect(nextOpening(hours, 'Asia/Riyadh', new Date('2026-11-23T05:00:00Z'))?.toISOString()).toBe(
      '2026-11-23T09:00:00.000Z',
    );
    expect(nextOpening([], 'Asia/Riyadh', new Date())).toBeNull();
  });
});

describe('the time zone named for diners', () => {
  it('is a name in the interface language, never the IANA id', () => {
    for (const language of ['ar', 'en'] as const) {
      const label = timeZoneLabel('Asia/Riyadh', language);
      expect(label).not.toBe('');
      expect(label).not.toContain('Asia/Riyadh');
      expect(label).not.toMatch(/[0-9]/); // no "GMT+3": a name, or in Arabic only Arabic-Indic digits
    }
    expect(timeZoneLabel('Asia/Riyadh', 'ar')).toMatch(/[\u0600-\u06ff]/);
    expect(timeZoneLabel('Asia/Riyadh', 'en')).toMatch(/^[A-Za-z ]+$/);
  });
});
