import { useEffect, useState } from 'react';

/** Whole seconds until `until` (ms since the epoch; null = none), re-rendering while it counts down. */
export function useSecondsUntil(until: number | null): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (until === null || until <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), 250);
    return () => clearTimeout(timer);
  }, [until, now]);
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}
