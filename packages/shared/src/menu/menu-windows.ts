/**
 * A category's visibility window (breakfast 6–11) in minutes of the day on the branch's wall clock: `from` inclusive,
 * `until` exclusive; `from > until` wraps past midnight (22–02). Both null = always visible.
 */
export interface VisibilityWindow {
  fromMinute: number | null;
  untilMinute: number | null;
}

/** Whether `minute` (0–1439 of the local day) falls inside the window. */
export function isInsideWindow(window: VisibilityWindow, minute: number): boolean {
  const { fromMinute: from, untilMinute: until } = window;
  if (from === null || until === null) return true;
  return from < until ? minute >= from && minute < until : minute >= from || minute < until;
}

/** Minutes from `minute` until the window next opens or closes (1–1440), or null for an always-visible one. */
export function minutesToNextEdge(window: VisibilityWindow, minute: number): number | null {
  const { fromMinute: from, untilMinute: until } = window;
  if (from === null || until === null) return null;
  const ahead = (edge: number) => {
    const d = ((((edge % 1440) - minute) % 1440) + 1440) % 1440;
    return d === 0 ? 1440 : d;
  };
  return Math.min(ahead(from), ahead(until));
}

/** "HH:MM" ↔ minutes of the day, for forms and CSV. */
export function minuteToClock(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

export function clockToMinute(clock: string): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(clock.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 24 || min > 59 || (h === 24 && min > 0)) return null;
  return h * 60 + min;
}
