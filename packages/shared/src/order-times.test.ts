import { describe, expect, it } from 'vitest';
import { estimateOrderTimes, minutesUntil, type OrderTimesInput, preparationMinutes } from './order-estimate.ts';
import { DECLINE_REASONS, declineReasonLabel } from './order-times.ts';

const placedAt = '2026-11-28T12:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(placedAt) + minutes * 60_000).toISOString();
const pickup = (over: Partial<OrderTimesInput> = {}): OrderTimesInput => ({
  orderType: 2,
  status: 'pending',
  placedAt,
  receiveAt: null,
  prepMinutes: 20,
  deliveryMinutes: null,
  statusTimes: {},
  acceptDelayMinutes: null,
  ...over,
});

describe('preparationMinutes', () => {
  it('is the base plus the per-item minutes for every unit ordered', () => {
    expect(preparationMinutes({ baseMinutes: 15, perItemMinutes: 2 }, [2, 1])).toBe(21);
    expect(preparationMinutes({ baseMinutes: 10, perItemMinutes: 0 }, [5])).toBe(10);
  });

  it('never counts more than the cap, nor a negative quantity', () => {
    expect(preparationMinutes({ baseMinutes: 240, perItemMinutes: 30 }, [99, 99])).toBe(600);
    expect(preparationMinutes({ baseMinutes: 5, perItemMinutes: 3 }, [-4])).toBe(5);
  });
});

describe('estimateOrderTimes', () => {
  it('a pending pickup order is ready its preparation after placement, with no arrival', () => {
    expect(estimateOrderTimes(pickup())).toEqual({ readyAt: at(20), arrivalAt: null });
  });

  it("an accepted order with a delay is ready that long after the kitchen's acceptance", () => {
    const accepted = pickup({
      status: 'sent_to_kitchen',
      statusTimes: { sent_to_kitchen: at(3) },
      acceptDelayMinutes: 25,
    });
    expect(estimateOrderTimes(accepted)?.readyAt).toBe(at(28));
  });

  it('an order accepted without a delay keeps the preparation estimate', () => {
    const accepted = pickup({ status: 'sent_to_kitchen', statusTimes: { sent_to_kitchen: at(3) } });
    expect(estimateOrderTimes(accepted)?.readyAt).toBe(at(20));
  });

  it('a ready order shows when it became ready', () => {
    const ready = pickup({ status: 'ready', statusTimes: { sent_to_kitchen: at(1), ready: at(12) } });
    expect(estimateOrderTimes(ready)?.readyAt).toBe(at(12));
  });

  it("a delivery arrives the zone's minutes after ready, and after leaving once en route", () => {
    const delivery = pickup({ orderType: 3, deliveryMinutes: 35 });
    expect(estimateOrderTimes(delivery)).toEqual({ readyAt: at(20), arrivalAt: at(55) });
    const enRoute = { ...delivery, status: 'en_route' as const, statusTimes: { ready: at(18), en_route: at(30) } };
    expect(estimateOrderTimes(enRoute)).toEqual({ readyAt: at(18), arrivalAt: at(65) });
  });

  it('a zone without minutes counts the default drive of 30 minutes', () => {
    expect(estimateOrderTimes(pickup({ orderType: 3 }))?.arrivalAt).toBe(at(50));
  });

  it('a scheduled order is never ready before the wanted time (less the drive for delivery)', () => {
    expect(estimateOrderTimes(pickup({ receiveAt: at(90) }))?.readyAt).toBe(at(90));
    const delivery = pickup({ orderType: 3, deliveryMinutes: 30, receiveAt: at(120) });
    expect(estimateOrderTimes(delivery)).toEqual({ readyAt: at(90), arrivalAt: at(120) });
    // Wanted sooner than the kitchen can: the kitchen's time stands.
    expect(estimateOrderTimes(pickup({ receiveAt: at(5) }))?.readyAt).toBe(at(20));
  });

  it('gives no estimate once the order is finished', () => {
    for (const status of ['delivered', 'canceled', 'returned'] as const) {
      expect(estimateOrderTimes(pickup({ status }))).toBeNull();
    }
  });
});

describe('the decline reasons and minutesUntil', () => {
  it('every reason reads in both languages', () => {
    for (const reason of DECLINE_REASONS) {
      expect(declineReasonLabel(reason, 'en')).toMatch(/\w/);
      expect(declineReasonLabel(reason, 'ar')).toMatch(/[\u0600-\u06ff]/);
    }
  });

  it('counts whole minutes up, and never below zero', () => {
    expect(minutesUntil(at(10), new Date(at(0)))).toBe(10);
    expect(minutesUntil(at(10), new Date(Date.parse(at(0)) + 30_000))).toBe(10);
    expect(minutesUntil(at(0), new Date(at(5)))).toBe(0);
  });
});
