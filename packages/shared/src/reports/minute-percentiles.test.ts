import { describe, expect, it } from 'vitest';
import { minutePercentiles } from './minute-percentiles.ts';

const of = (minutes: number[]) => {
  const h = new Map<number, number>();
  for (const m of minutes) h.set(m, (h.get(m) ?? 0) + 1);
  return minutePercentiles(h);
};

describe('minute percentiles from a histogram', () => {
  it('gives nothing for no orders', () => {
    expect(minutePercentiles(new Map())).toEqual({ orders: 0, medianMinutes: null, p90Minutes: null });
  });

  it('takes the nearest rank: the lower middle of an even count, the 9th of ten for p90', () => {
    expect(of([12, 5, 30, 8])).toEqual({ orders: 4, medianMinutes: 8, p90Minutes: 30 });
    expect(of([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toEqual({ orders: 10, medianMinutes: 5, p90Minutes: 9 });
    expect(of([7])).toEqual({ orders: 1, medianMinutes: 7, p90Minutes: 7 });
  });

  it('counts repeated minutes as many orders and ignores empty buckets', () => {
    const h = new Map([
      [10, 3],
      [20, 0],
      [40, 1],
    ]);
    expect(minutePercentiles(h)).toEqual({ orders: 4, medianMinutes: 10, p90Minutes: 40 });
  });
});
