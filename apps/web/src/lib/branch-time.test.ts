import { describe, expect, it } from 'vitest';
import { formatBranchDateTime, timeZoneName } from './branch-time';

describe('staff times on the branch clock', () => {
  it("reads an instant on the branch's clock, not the device's, in the Gregorian calendar in both languages", () => {
    // 21:30 UTC on the 27th is 00:30 on the 28th in Riyadh.
    expect(formatBranchDateTime('2026-11-27T21:30:00Z', 'Asia/Riyadh', 'en')).toMatch(/\b28\b.*12:30/);
    expect(formatBranchDateTime('2026-11-27T21:30:00Z', 'America/New_York', 'en')).toMatch(/\b27\b.*4:30/);
    const ar = formatBranchDateTime('2026-11-27T21:30:00Z', 'Asia/Riyadh', 'ar');
    expect(ar).toMatch(/٢٨/);
    expect(ar).toMatch(/١١/);
    expect(ar).not.toMatch(/[0-9]/);
  });

  it('names the zone in the interface language', () => {
    expect(timeZoneName('Asia/Riyadh', 'en')).toMatch(/Arabia/);
    expect(timeZoneName('Asia/Riyadh', 'ar')).toMatch(/[\u0600-\u06FF]/);
    expect(timeZoneName('Not/AZone', 'en')).toBe('Not/AZone');
  });
});
