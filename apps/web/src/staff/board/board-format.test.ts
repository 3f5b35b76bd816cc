import { describe, expect, it } from 'vitest';
import { formatBranchTime, formatOrderNumber } from './board-format';

describe('board times', () => {
  const now = new Date('2026-11-23T15:00:00Z');

  it("shows today's times on the branch's clock, not the device's", () => {
    // 15:00 UTC is 18:00 in Riyadh (UTC+3) and 10:00 in New York (UTC−5).
    expect(formatBranchTime('2026-11-23T15:00:00Z', 'Asia/Riyadh', 'en', now)).toMatch(/6:00\sPM|18:00/);
    expect(formatBranchTime('2026-11-23T15:00:00Z', 'America/New_York', 'en', now)).toMatch(/10:00\sAM|10:00/);
  });

  it('adds the date for another day of the branch', () => {
    // 22:30 UTC on the 23rd is already the 24th in Riyadh.
    expect(formatBranchTime('2026-11-23T22:30:00Z', 'Asia/Riyadh', 'en', now)).toMatch(/24/);
  });

  it('uses Arabic-Indic digits in Arabic and survives an unknown zone', () => {
    expect(formatBranchTime('2026-11-23T15:00:00Z', 'Asia/Riyadh', 'ar', now)).toMatch(/[٠-٩]/);
    expect(formatBranchTime('2026-11-23T15:00:00Z', 'Not/AZone', 'en', now)).toMatch(/\d/);
    expect(formatOrderNumber(42, 'ar')).toBe('#٤٢');
    expect(formatOrderNumber(42, 'en')).toBe('#42');
  });
});
