import { startOfLocalDay } from '../branch-hours.ts';

/**
 * When a branch's business day starts, in minutes after local midnight: a branch open until 02:00 is still in the
 * same business day at 01:00, so "sold out today" marked then holds until 04:00 (docs/adr/0431).
 */
export const BUSINESS_DAY_STARTS_MINUTE = 4 * 60;

/** The instant "sold out today" ends: the start of the branch's next business day, on its own clock. */
export function soldOutTodayUntil(now: Date, timeZone: string): Date {
  const cutoff = BUSINESS_DAY_STARTS_MINUTE * 60_000;
  const businessDayMidnight = startOfLocalDay(new Date(now.getTime() - cutoff), timeZone);
  // 30 h on lands on the next local day whatever a daylight-saving shift did; its midnight, then the cut-off.
  const nextMidnight = startOfLocalDay(new Date(businessDayMidnight.getTime() + 30 * 3_600_000), timeZone);
  return new Date(nextMidnight.getTime() + cutoff);
}
