import { describe, expect, it } from 'vitest';
import { isOpenAt, isOpenOn, openStateAt } from './branch-hours.ts';
import type { OpeningSpan } from './schemas/branch.ts';

// Riyadh is UTC+3 all year: 2026-12-03 is a Thursday (day 4).
const at = (local: string) => new Date(`${local}:00+03:00`);
const TZ = 'Asia/Riyadh';
const week: OpeningSpan[] = [0, 1, 2, 3, 4, 5, 6].flatMap((day) => [
  { day, opens: '08:00', closes: '12:00' },
  { day, opens: '17:00', closes: '02:00' },
]);

describe('isOpenOn (the week with holidays and special days)', () => {
  it('answers as isOpenAt without special days, several ranges a day and past midnight', () => {
    for (const t of [
      '2026-12-03T09:00',
      '2026-12-03T13:00',
      '2026-12-03T23:30',
      '2026-12-04T01:30',
      '2026-12-04T03:00',
    ]) {
      expect(isOpenOn(week, [], TZ, at(t))).toBe(isOpenAt(week, TZ, at(t)));
    }
    expect(isOpenOn(week, [], TZ, at('2026-12-04T01:30'))).toBe(true);
    expect(isOpenOn(week, [], TZ, at('2026-12-03T13:00'))).toBe(false);
  });

  it('closes a holiday all day but lets the night before run past midnight into it', () => {
    const holiday = [{ date: '2026-12-04', ranges: [] }];
    expect(isOpenOn(week, holiday, TZ, at('2026-12-04T09:00'))).toBe(false);
    expect(isOpenOn(week, holiday, TZ, at('2026-12-04T20:00'))).toBe(false);
    expect(isOpenOn(week, holiday, TZ, at('2026-12-04T01:00'))).toBe(true);
    // Its own late range no longer runs into the next morning.
    expect(isOpenOn(week, holiday, TZ, at('2026-12-05T01:00'))).toBe(false);
  });

  it("opens a special day on its own ranges instead of the week's", () => {
    const special = [{ date: '2026-12-03', ranges: [{ opens: '10:00', closes: '04:00' }] }];
    expect(isOpenOn(week, special, TZ, at('2026-12-03T09:00'))).toBe(false);
    expect(isOpenOn(week, special, TZ, at('2026-12-03T14:00'))).toBe(true);
    expect(isOpenOn(week, special, TZ, at('2026-12-04T03:30'))).toBe(true);
    expect(isOpenOn(week, special, TZ, at('2026-12-04T04:00'))).toBe(false);
  });
});

describe('openStateAt (open now, closes at / opens at)', () => {
  it('says when an open branch closes, crossing midnight', () => {
    expect(openStateAt(week, [], TZ, at('2026-12-03T20:00'))).toEqual({
      open: true,
      changesAt: at('2026-12-04T02:00'),
    });
  });

  it('says when a closed branch opens, skipping a holiday', () => {
    expect(openStateAt(week, [], TZ, at('2026-12-03T13:00'))).toEqual({
      open: false,
      changesAt: at('2026-12-03T17:00'),
    });
    const holiday = [{ date: '2026-12-04', ranges: [] }];
    expect(openStateAt(week, holiday, TZ, at('2026-12-04T03:00'))).toEqual({
      open: false,
      changesAt: at('2026-12-05T08:00'),
    });
  });

  it('treats abutting ranges as one opening and has no change for hours round the clock or none', () => {
    const abutting: OpeningSpan[] = [
      { day: 4, opens: '08:00', closes: '12:00' },
      { day: 4, opens: '12:00', closes: '15:00' },
    ];
    expect(openStateAt(abutting, [], TZ, at('2026-12-03T09:00')).changesAt).toEqual(at('2026-12-03T15:00'));
    const always = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, opens: '00:00', closes: '24:00' }));
    expect(openStateAt(always, [], TZ, at('2026-12-03T09:00'))).toEqual({ open: true, changesAt: null });
    expect(openStateAt([], [], TZ, at('2026-12-03T09:00'))).toEqual({ open: false, changesAt: null });
  });
});
