import { describe, expect, it } from 'vitest';
import { soldOutTodayUntil } from './sold-out-today.ts';

describe('sold out today', () => {
  it('ends at 04:00 Riyadh time the next morning when marked during the day', () => {
    // 15:00 in Riyadh (UTC+3) is 12:00 UTC; the next business day starts at 04:00 Riyadh = 01:00 UTC.
    expect(soldOutTodayUntil(new Date('2026-11-28T12:00:00Z'), 'Asia/Riyadh').toISOString()).toBe(
      '2026-11-29T01:00:00.000Z',
    );
  });
  it('marked at 01:00 after a late service still ends at 04:00 the same night', () => {
    expect(soldOutTodayUntil(new Date('2026-11-28T22:00:00Z'), 'Asia/Riyadh').toISOString()).toBe(
      '2026-11-29T01:00:00.000Z',
    );
  });
  it('follows the branch time zone', () => {
    expect(soldOutTodayUntil(new Date('2026-11-28T12:00:00Z'), 'Asia/Dubai').toISOString()).toBe(
      '2026-11-29T00:00:00.000Z',
    );
  });
});
