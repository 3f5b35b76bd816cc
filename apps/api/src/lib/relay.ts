import type { FastifyBaseLogger } from 'fastify';

/**
 * The shape every relay shares (SMS, kitchen hand-off, refunds, the test gateway's webhooks, card-order expiry):
 * rows are claimed under a lease (`attempts` counts the claims and is the lease token), each is handled, a failure
 * is retried with exponential backoff. A loop runs the passes: on a timer in every instance, at once on a kick,
 * never two passes at a time in one process. Each relay keeps only what it claims (db/lease-claim.ts builds the
 * statement) and its own delivery; the app starts and stops them all from one list (plugins/relays.ts).
 */

/**
 * How long a claim is good for, every relay's: a process that dies mid-row leaves it to another after the lease.
 * Longer than any one row's handling (a provider call times out well within it).
 */
export const RELAY_LEASE_MS = 60_000;
/** How many rows one claim takes, every relay's; a full batch runs the next pass at once (see `more`). */
export const RELAY_BATCH = 20;

/** Exponential backoff: base, 2 × base, 4 × base … capped. */
export interface Backoff {
  baseMs: number;
  capMs: number;
}

/** A relay's retries: its backoff, and when it gives a row up. */
export interface RetryPolicy extends Backoff {
  /** After this many failed claims the row is given up (kept, marked failed); unset: never given up. */
  maxAttempts?: number;
}

/** Every relay's retries, side by side (each relay's tests read its own through its module). */
export const RELAY_RETRIES = {
  /** 5 s, 10 s, 20 s … capped at 10 minutes; after 8 tries failed, kept in the outbox for managers to see. */
  sms: { baseMs: 5_000, capMs: 10 * 60_000, maxAttempts: 8 },
  /** 2 s, 4 s, 8 s … capped at 5 minutes; never given up: the kitchen must get the order. */
  kitchen: { baseMs: 2_000, capMs: 5 * 60_000 },
  /** 2 s, 4 s, 8 s … capped at 10 minutes; never given up: the diner's money must go back. */
  refunds: { baseMs: 2_000, capMs: 10 * 60_000 },
  /** A provider that does not answer: 30 s, 1 min, 2 min … capped at 10 minutes; never expired blind. */
  cardExpiry: { baseMs: 30_000, capMs: 10 * 60_000 },
  /** 2 s, 4 s, 8 s … capped at 10 minutes (about 50 minutes in all); after 12 tries failed, kept in its table. */
  gatewayWebhooks: { baseMs: 2_000, capMs: 10 * 60_000, maxAttempts: 12 },
  /** 10 s, 20 s, 40 s … capped at 30 minutes (about 2 hours in all); after 8 tries failed, kept as failed. */
  mail: { baseMs: 10_000, capMs: 30 * 60_000, maxAttempts: 8 },
} as const satisfies Record<string, RetryPolicy>;

export function backoffDelayMs(attempts: number, backoff: Backoff): number {
  return Math.min(backoff.baseMs * 2 ** Math.max(0, attempts - 1), backoff.capMs);
}

/** When a row that failed on its `attempts`-th claim is tried again. */
export function retryAt(attempts: number, backoff: Backoff, now: Date): Date {
  return new Date(now.getTime() + backoffDelayMs(attempts, backoff));
}

export interface LeasedDrain<Row extends { attempts: number }> {
  now: () => Date;
  /** Claims up to `limit` rows due at `now`, leased until `leaseUntil` (db/lease-claim.ts). */
  claim: (now: Date, leaseUntil: Date, limit: number) => Promise<Row[]>;
  handle: (row: Row) => Promise<void>;
  retry: RetryPolicy;
  /** Records a failed try: retry at `retryAt` (null: give up). The error is the thrown message. */
  failed: (row: Row, error: string, retryAt: Date | null) => Promise<void>;
}

/**
 * One claim of due rows (RELAY_BATCH under RELAY_LEASE_MS), each handled in turn; a row whose handling throws is
 * scheduled again. Returns how many were claimed.
 */
export async function drainLeased<Row extends { attempts: number }>(spec: LeasedDrain<Row>): Promise<number> {
  const now = spec.now();
  const rows = await spec.claim(now, new Date(now.getTime() + RELAY_LEASE_MS), RELAY_BATCH);
  for (const row of rows) {
    try {
      await spec.handle(row);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const { maxAttempts } = spec.retry;
      const next =
        maxAttempts !== undefined && row.attempts >= maxAttempts ? null : retryAt(row.attempts, spec.retry, spec.now());
      await spec.failed(row, message, next);
    }
  }
  return rows.length;
}

export interface RelayLoopOptions<Result> {
  /** Named in the log when a pass fails. */
  name: string;
  pass: () => Promise<Result>;
  log: FastifyBaseLogger;
  /** The poll; 0: start() does nothing (tests call drainOnce()). */
  intervalMs: number;
  /** A kick runs a pass even before start() (and with no poll); otherwise kicks wait for start(). */
  kickBeforeStart?: boolean;
  /** start() runs a pass at once: what a previous run left goes now, not at the first tick. */
  passAtStart?: boolean;
  /** A wake-up source started with the poll (LISTEN): it calls wake() to ask for a pass; returns its stop. */
  listen?: (wake: () => void) => Promise<() => Promise<void>>;
  /**
   * A wake-up runs its pass this much later, and the wake-ups meanwhile join it: under load one pass takes what
   * several commits made due, instead of a pass per commit (most of which would find their rows claimed already).
   */
  wakeDelayMs?: number;
  /** The pass may have left due rows (a full batch): go again rather than wait for the next tick. */
  more?: (result: Result) => boolean;
}

/** `idle`: not polling (before start(), or no poll configured: passes run on drainOnce() and kicks only). */
export type RelayState = 'idle' | 'running' | 'stopped';

/** What the owner's queues page shows of a loop (this process's): its last pass, its next, its last failure. */
export interface RelayRuns {
  /** When the last pass started; null: none yet. */
  lastRunAt: Date | null;
  /** When the poll runs next; null: not polling. */
  nextRunAt: Date | null;
  /** The last pass that threw (a row's own failure is the row's, not the pass's). */
  lastError: string | null;
  lastErrorAt: Date | null;
}

export interface RelayLoop<Result> {
  /** As the log names it. */
  name: string;
  /** The poll (0: passes on kicks and drainOnce() only). */
  intervalMs: number;
  /** Its passes so far (docs/adr/0670). */
  runs: () => RelayRuns;
  /** Whether it polls: what the app's start and stop did to it. */
  state: () => RelayState;
  /** One pass, serialised with any pass already running in this process. */
  drainOnce: () => Promise<Result>;
  /** Something became due (after its commit): run a pass now rather than at the next tick. */
  kick: () => void;
  start: () => Promise<void>;
  /** Stops the poll and the wake-up, and waits for a pass under way. */
  stop: () => Promise<void>;
}

export function createRelayLoop<Result>(options: RelayLoopOptions<Result>): RelayLoop<Result> {
  let timer: NodeJS.Timeout | undefined;
  let wakeTimer: NodeJS.Timeout | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  let running: Promise<Result> | undefined;
  let again = false;
  let stopped = false;
  let startedAt: Date | null = null;
  const runs: RelayRuns = { lastRunAt: null, nextRunAt: null, lastError: null, lastErrorAt: null };

  async function drainOnce(): Promise<Result> {
    while (running) await running.catch(() => {});
    runs.lastRunAt = new Date();
    running = options.pass();
    try {
      const result = await running.catch((error: unknown) => {
        runs.lastError = error instanceof Error ? error.message : String(error);
        runs.lastErrorAt = new Date();
        throw error;
      });
      if (options.more?.(result)) again = true;
      return result;
    } finally {
      running = undefined;
    }
  }

  /** A pass unless one is running; then one more right after it, however many asked meanwhile. */
  function tick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    drainOnce()
      .catch((error: unknown) => options.log.error({ err: error }, `${options.name} pass failed`))
      .finally(() => {
        if (again && !stopped) {
          again = false;
          tick();
        }
      });
  }

  function wake() {
    if (!options.wakeDelayMs) return tick();
    if (wakeTimer) return;
    wakeTimer = setTimeout(() => {
      wakeTimer = undefined;
      tick();
    }, options.wakeDelayMs);
  }

  return {
    name: options.name,
    intervalMs: options.intervalMs,
    runs() {
      if (!timer || !startedAt) return { ...runs, nextRunAt: null };
      // setInterval ticks at the start plus whole intervals (a kick in between does not move them).
      const ticks = Math.floor((Date.now() - startedAt.getTime()) / options.intervalMs) + 1;
      return { ...runs, nextRunAt: new Date(startedAt.getTime() + ticks * options.intervalMs) };
    },
    state: () => (stopped ? 'stopped' : timer ? 'running' : 'idle'),
    drainOnce,
    kick() {
      if (timer || options.kickBeforeStart) tick();
    },
    async start() {
      if (options.intervalMs <= 0 || timer || stopped) return;
      timer = setInterval(tick, options.intervalMs);
      timer.unref();
      startedAt = new Date();
      if (options.listen) unlisten = await options.listen(wake);
      if (options.passAtStart) tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      if (wakeTimer) clearTimeout(wakeTimer);
      wakeTimer = undefined;
      await unlisten?.().catch(() => {});
      unlisten = undefined;
      await running?.catch(() => {});
    },
  };
}
