import { describe, expect, it } from 'vitest';
import { isOpenAt, localWeekMinute } from './branch-hours.ts';

// 2025-01-05 is a Sunday. Riyadh is UTC+3 all year.
const riyadh = 'Asia/Riyadh';
const at = (iso: string) => new Date(iso);

describe('isOpenAt', () => {
  const lunchToLate = [{ day: 0, opens: '12:00', closes: '23:00' }];

  it('is open inside a span, read in the branch time zone', () => {
    // 10:00 UTC = 13:00 in Riyadh, Sunday.
    expect(isOpenAt(lunchToLate, riyadh, at('2025-01-05T10:00:00Z'))).toBe(true);
  });

  it('is closed before opening and at the closing minute', () => {
    expect(isOpenAt(lunchToLate, riyadh, at('2025-01-05T08:59:00Z'))).toBe(false); // 11:59
    expect(isOpenAt(lunchToLate, riyadh, at('2025-01-05T20:00:00Z'))).toBe(false); // 23:00
  });

  it('uses the branch zone, not UTC, to pick the weekday', () => {
    // Saturday 22:00 UTC = Sunday 01:00 in Riyadh: not inside Sunday 12:00–23:00.
    expect(isOpenAt([{ day: 6, opens: '20:00', closes: '23:30' }], riyadh, at('2025-01-04T22:00:00Z'))).toBe(false);
    // Saturday 21:00 UTC = Sunday 00:00 Riyadh; a Sunday 00:00–06:00 span is open.
    expect(isOpenAt([{ day: 0, opens: '00:00', closes: '06:00' }], riyadh, at('2025-01-04T21:00:00Z'))).toBe(true);
  });

  it('handles a span that passes midnight into the next day', () => {
    const lateNight = [{ day: 4, opens: '18:00', closes: '02:00' }]; // Thursday 18:00 → Friday 02:00
    expect(isOpenAt(lateNight, riyadh, at('2025-01-09T16:00:00Z'))).toBe(true); // Thu 19:00
    expect(isOpenAt(lateNight, riyadh, at('2025-01-09T22:30:00Z'))).toBe(true); // Fri 01:30
    expect(isOpenAt(lateNight, riyadh, at('2025-01-09T23:00:00Z'))).toBe(false); // Fri 02:00
    expect(isOpenAt(lateNight, riyadh, at('2025-01-10T16:00:00Z'))).toBe(false); // Fri 19:00 (no Friday span)
  });

  it('wraps Saturday night into Sunday morning', () => {
    const saturdayLate = [{ day: 6, opens: '20:00', closes: '03:00' }];
    expect(isOpenAt(saturdayLate, riyadh, at('2025-01-04T23:00:00Z'))).toBe(true); // Sun 02:00
  });

  it('treats equal open and close times as open round the clock from opening', () => {
    const allDay = [{ day: 1, opens: '00:00', closes: '00:00' }];
    expect(isOpenAt(allDay, riyadh, at('2025-01-06T20:59:00Z'))).toBe(true); // Mon 23:59
    expect(isOpenAt(allDay, riyadh, at('2025-01-06T21:00:00Z'))).toBe(false); // Tue 00:00
  });

  it('reads a span closing at 24:00 as open to the end of its day, with no gap at midnight', () => {
    const everyDay = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, opens: '00:00', closes: '24:00' }));
    expect(isOpenAt(everyDay, riyadh, at('2025-01-06T20:59:30Z'))).toBe(true); // Mon 23:59:30
    expect(isOpenAt(everyDay, riyadh, at('2025-01-06T21:00:00Z'))).toBe(true); // Tue 00:00
    const mondayOnly = [{ day: 1, opens: '18:00', closes: '24:00' }];
    expect(isOpenAt(mondayOnly, riyadh, at('2025-01-06T20:59:00Z'))).toBe(true); // Mon 23:59
    expect(isOpenAt(mondayOnly, riyadh, at('2025-01-06T21:00:00Z'))).toBe(false); // Tue 00:00
  });

  it('is closed all week with no hours', () => {
    expect(isOpenAt([], riyadh, at('2025-01-05T10:00:00Z'))).toBe(false);
  });

  it('follows daylight saving time in zones that have it', () => {
    // London: 2025-07-01 12:30 UTC = 13:30 BST (Tuesday).
    expect(isOpenAt([{ day: 2, opens: '13:00', closes: '14:00' }], 'Europe/London', at('2025-07-01T12:30:00Z'))).toBe(
      true,
    );
    expect(localWeekMinute('Europe/London', at('2025-01-07T12:30:00Z'))).toEqual({ day: 2, minute: 750 });
  });

  it('answers each minute afresh, across a clock change and back and forth', () => {
    // London springs forward at 01:00 UTC on 2025-03-30: 00:59 GMT, then 02:00 BST (Sunday).
    const before = at('2025-03-30T00:59:30Z');
    const after = at('2025-03-30T01:00:10Z');
    for (let i = 0; i < 2; i += 1) {
      expect(localWeekMinute('Europe/London', before)).toEqual({ day: 0, minute: 59 });
      expect(localWeekMinute('Europe/London', after)).toEqual({ day: 0, minute: 120 });
      // Another second of the same minute, and another zone in between.
      expect(localWeekMinute(riyadh, after)).toEqual({ day: 0, minute: 240 });
      expect(localWeekMinute('Europe/London', at('2025-03-30T01:00:50Z'))).toEqual({ day: 0, minute: 120 });
    }
  });
});
