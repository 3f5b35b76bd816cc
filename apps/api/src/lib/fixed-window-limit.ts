/**
 * At most `max` hits per key in each window of `windowMs`, counted in this process (a cheap guard for public
 * look-ups such as the address search; sign-in limits live in the database). Windows past their end are dropped
 * as keys come back, and the whole map when it grows past `maxKeys`, so memory stays bounded.
 */
export function createFixedWindowLimit(options: { max: number; windowMs: number; maxKeys?: number }) {
  const { max, windowMs, maxKeys = 10_000 } = options;
  const windows = new Map<string, { startsAt: number; hits: number }>();
  return {
    /** Counts a hit; answers null when allowed, else the seconds until the key's window ends. */
    hit(key: string, now: number): number | null {
      let window = windows.get(key);
      if (!window || now - window.startsAt >= windowMs) {
        if (!window && windows.size >= maxKeys) windows.clear();
        window = { startsAt: now, hits: 0 };
        windows.set(key, window);
      }
      window.hits += 1;
      return window.hits > max ? Math.ceil((window.startsAt + windowMs - now) / 1000) : null;
    },
  };
}
