import { describe, expect, it } from 'vitest';
import { formatSwitchTime } from './switch-time';

describe("a switch's time on the services tab", () => {
  it("is the branch's wall clock, labelled with its zone's name, in each language's digits", () => {
    const en = formatSwitchTime('2026-04-01T21:30:00Z', 'Asia/Riyadh', 'en');
    expect(en.text).toContain('12:30');
    expect(en.text).toContain('Apr 2, 2026');
    expect(en.zone).toBe('Arabian Standard Time');
    const ar = formatSwitchTime('2026-04-01T21:30:00Z', 'Asia/Riyadh', 'ar');
    expect(ar.text).toMatch(/١٢:٣٠/);
    expect(ar.zone).not.toMatch(/Asia|Riyadh/);
  });
});
