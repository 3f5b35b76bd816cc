/**
 * Growing delays after wrong sign-in tries (verification codes, staff passwords): OWASP ASVS 6.3 and NIST SP 800-63B
 * rev 4 ask that failures slow the one who makes them rather than lock the account. A key (a client address, or an
 * address + an account) gets `free` failures in its window; from then on every try waits after the last failure, and
 * each further failure doubles the wait, up to `maxDelayMs`. The rules and their keys:
 * docs/adr/0024-sign-in-throttling.md.
 */
export interface Backoff {
  /** Failures allowed before any wait (a diner mistyping, a venue's shared address). */
  free: number;
  /** The wait after the `free`-th failure; doubled by each failure after it. */
  firstDelayMs: number;
  maxDelayMs: number;
}

/** The failures counted for one key in its window, and when the last one was. */
export interface FailureTally {
  count: number;
  last: Date | null;
}

/** When the next try under this key is allowed: null when it is allowed now (or was at any time since `last`). */
export function nextTryAt(rule: Backoff, tally: FailureTally, now: Date): Date | null {
  if (tally.count < rule.free || !tally.last) return null;
  // 2^30 × any first delay is far past every cap; the exponent is bounded so the product stays a finite number.
  const doublings = Math.min(tally.count - rule.free, 30);
  const delay = Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** doublings);
  const at = new Date(tally.last.getTime() + delay);
  return at > now ? at : null;
}

/** The latest of several "not before" times (null: none). */
export function latestOf(times: (Date | null)[]): Date | null {
  let out: Date | null = null;
  for (const t of times) if (t && (!out || t > out)) out = t;
  return out;
}
