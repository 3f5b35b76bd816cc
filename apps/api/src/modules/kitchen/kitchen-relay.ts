import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import type { KitchenDestination } from './kitchen-destinations.ts';
import {
  type ClaimedOutboxRow,
  claimDueOutbox,
  markOutboxAnnounced,
  markOutboxDelivered,
  markOutboxFailedAttempt,
  OUTBOX_WAKE_CHANNEL,
} from './order-outbox.repo.ts';

/** How long a claim is good for: a relay that dies mid-delivery holds its rows this long, then another takes them. */
export const KITCHEN_LEASE_MS = 60_000;
const BATCH = 20;
/** After this many failed attempts every further failure is logged as an error (the row keeps retrying). */
const LOUD_AFTER_ATTEMPTS = 10;

/** 2 s, 4 s, 8 s … capped at 5 minutes. An order is never given up on: the kitchen must get it. */
export function kitchenRetryDelayMs(attempts: number): number {
  return Math.min(2_000 * 2 ** Math.max(0, attempts - 1), 5 * 60_000);
}

export interface KitchenRelayDeps {
  db: Database;
  /** For the wake-up LISTEN. */
  database: Pick<DatabaseHandle, 'listen'>;
  destinations: KitchenDestination[];
  now: () => Date;
  log: FastifyBaseLogger;
  /** Safety poll; 0: not started on its own (tests call drainOnce()). */
  intervalMs: number;
}

export interface DrainResult {
  delivered: number;
  failed: number;
  /** Rows whose claim was taken over by another relay before this one could mark them. */
  lost: number;
}

/**
 * The kitchen hand-off: delivers order_outbox rows (written in the order's transaction) to their destinations.
 * Every instance runs one; rows are claimed with FOR UPDATE SKIP LOCKED under a lease, so relays share the
 * work and a row whose relay died is taken again after the lease. A write to the outbox NOTIFYs the wake
 * channel, so delivery starts right after the order commits; the interval is the safety net.
 */
export function createKitchenRelay(deps: KitchenRelayDeps) {
  let timer: NodeJS.Timeout | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  let running: Promise<DrainResult> | undefined;
  let again = false;
  let stopped = false;

  /**
   * In-database destinations (the board) first, in one transaction with their mark, once per row: a POS that is
   * down must not keep an order off the board. Then the others (a POS), then the row is marked delivered.
   * Every mark is under this claim's lease token: a claim that was taken over stops as soon as it notices.
   */
  async function deliverRow(row: ClaimedOutboxRow): Promise<'delivered' | 'lost'> {
    const targets = deps.destinations.filter((d) => d.accepts(row));
    const inDatabase = targets.filter((d) => d.deliverInTransaction);
    if (inDatabase.length > 0 && !row.announced) {
      const announced = await deps.db.transaction(async (tx) => {
        if (!(await markOutboxAnnounced(tx, row.id, row.attempts, deps.now()))) return false;
        for (const target of inDatabase) await target.deliverInTransaction?.(tx, row);
        return true;
      });
      if (!announced) return 'lost';
    }
    for (const target of targets) await target.deliver?.(row);
    return (await markOutboxDelivered(deps.db, row.id, row.attempts, deps.now())) ? 'delivered' : 'lost';
  }

  async function drain(): Promise<DrainResult> {
    const result: DrainResult = { delivered: 0, failed: 0, lost: 0 };
    const now = deps.now();
    const rows = await claimDueOutbox(deps.db, now, new Date(now.getTime() + KITCHEN_LEASE_MS), BATCH);
    for (const row of rows) {
      try {
        result[(await deliverRow(row)) === 'delivered' ? 'delivered' : 'lost'] += 1;
      } catch (error) {
        result.failed += 1;
        const message = error instanceof Error ? error.message : String(error);
        const level = row.attempts >= LOUD_AFTER_ATTEMPTS ? 'error' : 'warn';
        deps.log[level](
          { outboxId: row.id, orderId: row.orderId, attempts: row.attempts, err: message },
          'kitchen delivery failed',
        );
        const retryAt = new Date(deps.now().getTime() + kitchenRetryDelayMs(row.attempts));
        await markOutboxFailedAttempt(deps.db, row.id, row.attempts, message.slice(0, 500), retryAt).catch(
          (markError: unknown) =>
            deps.log.error({ err: markError, outboxId: row.id }, 'could not record a failed delivery'),
        );
      }
    }
    // A full batch means more may be waiting: go again rather than wait for the next tick.
    if (rows.length === BATCH) again = true;
    return result;
  }

  /** One pass (serialised with any pass already running in this relay). */
  async function drainOnce(): Promise<DrainResult> {
    while (running) await running.catch(() => {});
    running = drain();
    try {
      return await running;
    } finally {
      running = undefined;
    }
  }

  function tick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    drainOnce()
      .catch((error: unknown) => deps.log.error({ err: error }, 'kitchen relay pass failed'))
      .finally(() => {
        if (again && !stopped) {
          again = false;
          tick();
        }
      });
  }

  return {
    drainOnce,
    async start() {
      if (deps.intervalMs <= 0 || timer || stopped) return;
      timer = setInterval(tick, deps.intervalMs);
      timer.unref();
      unlisten = await deps.database.listen(OUTBOX_WAKE_CHANNEL, () => tick());
      // Whatever was left by a previous run (a restart mid-delivery) goes now, not at the first tick.
      tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await unlisten?.().catch(() => {});
      unlisten = undefined;
      await running?.catch(() => {});
    },
  };
}

export type KitchenRelay = ReturnType<typeof createKitchenRelay>;
