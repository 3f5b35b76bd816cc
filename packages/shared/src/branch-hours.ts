import type { OpeningRange, OpeningSpan, SpecialDay } from './schemas/branch.ts';

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The last answer per time zone, by UTC minute: an answer only changes from one minute to the next (time zones are
 * whole minutes off UTC), and formatToParts is the costly part (a server placing hundreds of orders a second asks
 * it for every one, for the same minute).
 */
const lastAnswer = new Map<string, { utcMinute: number; answer: { day: number; minute: number } }>();

/** The weekday (0 = Sunday) and minute of the day of `date` on the wall clock of `timeZone`. */
export function localWeekMinute(timeZone: string, date: Date): { day: number; minute: number } {
  const utcMinute = Math.floor(date.getTime() / 60_000);
  const last = lastAnswer.get(timeZone);
  if (last?.utcMinute === utcMinute) return { ...last.answer };
  const answer = computeLocalWeekMinute(timeZone, date);
  lastAnswer.set(timeZone, { utcMinute, answer });
  return { ...answer };
}

/** The start of `now`'s day in the time zone (the local midnight before it), as an instant. */
export function startOfLocalDay(now: Date, timeZone: string): Date {
  const { minute } = localWeekMinute(timeZone, now);
  return new Date(now.getTime() - minute * 60_000 - (now.getTime() % 60_000));
}

function computeLocalWeekMinute(timeZone: string, date: Date): { day: number; minute: number } {
  let day = 0;
  let hour = 0;
  let minute = 0;
  for (const part of formatterFor(timeZone).formatToParts(date)) {
    if (part.type === 'weekday') day = WEEKDAYS[part.value] ?? 0;
    else if (part.type === 'hour') hour = Number(part.value) % 24;
    else if (part.type === 'minute') minute = Number(part.value);
  }
  return { day, minute: hour * 60 + minute };
}

function toMinutes(hhmm: string): number {
  const [h = '0', m = '0'] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
}

/**
 * Is a branch open at `date` by its opening hours, read in the branch's own time zone?
 * A span whose `closes` is not after `opens` passes midnight into the next day (12:00–02:00);
 * equal times mean open round the clock from `opens`; `closes` 24:00 is the end of the day. No spans = closed.
 */
export function isOpenAt(hours: readonly OpeningSpan[], timeZone: string, date: Date): boolean {
  if (hours.length === 0) return false;
  const { day, minute } = localWeekMinute(timeZone, date);
  const yesterday = (day + 6) % 7;
  for (const span of hours) {
    const opens = toMinutes(span.opens);
    const closes = toMinutes(span.closes);
    if (closes > opens) {
      if (span.day === day && minute >= opens && minute < closes) return true;
    } else {
      if (span.day === day && minute >= opens) return true;
      if (span.day === yesterday && minute < closes) return true;
    }
  }
  return false;
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** The local calendar date (YYYY-MM-DD) of `date` on the wall clock of `timeZone`. */
export function localDate(timeZone: string, date: Date): string {
  let formatter = dateFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormatters.set(timeZone, formatter);
  }
  return formatter.format(date);
}

/** `isoDate` (YYYY-MM-DD) moved by `days` calendar days. */
export function addDays(isoDate: string, days: number): string {
  const [y = 1970, m = 1, d = 1] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The ranges that start on a local date: its special day's when it has one, else the week's for its weekday. */
function rangesStarting(
  hours: readonly OpeningSpan[],
  specialDays: readonly SpecialDay[],
  isoDate: string,
  weekday: number,
): readonly OpeningRange[] {
  const special = specialDays.find((d) => d.date === isoDate);
  return special ? special.ranges : hours.filter((s) => s.day === weekday);
}

/**
 * Is a branch open at `date` by its week's hours and its holidays and special days, in its own time zone? A special
 * day replaces the week's ranges that START on that date (none = closed all day); a range of the day before that
 * passes midnight still runs into it. Without special days this is exactly `isOpenAt`.
 */
export function isOpenOn(
  hours: readonly OpeningSpan[],
  specialDays: readonly SpecialDay[],
  timeZone: string,
  date: Date,
): boolean {
  if (specialDays.length === 0) return isOpenAt(hours, timeZone, date);
  const { day, minute } = localWeekMinute(timeZone, date);
  const today = localDate(timeZone, date);
  for (const range of rangesStarting(hours, specialDays, today, day)) {
    const opens = toMinutes(range.opens);
    const closes = toMinutes(range.closes);
    if (closes > opens ? minute >= opens && minute < closes : minute >= opens) return true;
  }
  for (const range of rangesStarting(hours, specialDays, addDays(today, -1), (day + 6) % 7)) {
    const opens = toMinutes(range.opens);
    const closes = toMinutes(range.closes);
    if (closes <= opens && minute < closes) return true;
  }
  return false;
}

/** Open now or not, and when that next changes ("closes at" / "opens at"); null when not within 8 days. */
export interface OpenState {
  open: boolean;
  changesAt: Date | null;
}

/**
 * The branch's state by its hours at `now` and its next change. The candidates are the range boundaries of the
 * days around `now` (local midnight + minutes: exact where the zone keeps one offset, as Saudi Arabia does); the
 * first one at which `isOpenOn` answers otherwise is the change (abutting ranges are one opening).
 */
export function openStateAt(
  hours: readonly OpeningSpan[],
  specialDays: readonly SpecialDay[],
  timeZone: string,
  now: Date,
): OpenState {
  const open = isOpenOn(hours, specialDays, timeZone, now);
  const midnight = startOfLocalDay(now, timeZone).getTime();
  const { day } = localWeekMinute(timeZone, now);
  const today = localDate(timeZone, now);
  const candidates: number[] = [];
  for (let offset = -1; offset <= 8; offset += 1) {
    const base = midnight + offset * 86_400_000;
    for (const range of rangesStarting(hours, specialDays, addDays(today, offset), (day + 7 + (offset % 7)) % 7)) {
      const opens = toMinutes(range.opens);
      const closes = toMinutes(range.closes);
      candidates.push(base + opens * 60_000, base + (closes > opens ? closes : closes + 1440) * 60_000);
    }
  }
  const later = [...new Set(candidates)].filter((t) => t > now.getTime()).sort((a, b) => a - b);
  for (const t of later) {
    if (isOpenOn(hours, specialDays, timeZone, new Date(t)) !== open) return { open, changesAt: new Date(t) };
  }
  return { open, changesAt: null };
}
