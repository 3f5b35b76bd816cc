import type { OpeningSpan } from './schemas/branch.ts';

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
