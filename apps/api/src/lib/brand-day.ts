/** One formatter per time zone: making one was 2.7 % of the server's CPU profile under the spins bench. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The brand's calendar day at `now` in its branch's time zone (the daily budget's day). */
export function dayIn(now: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
}
