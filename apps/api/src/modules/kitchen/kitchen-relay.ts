import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import { backoffDelayMs, createRelayLoop, drainLeased } from '../../lib/relay.ts';
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

const RETRY = { baseMs: 2_000, capMs: 5 * 60_000 };

/** 2 s, 4 s, 8 s … capped at 5 minutes. An order is never given up on: the kitchen must get it. */
export function kitchenRetryDelayMs(attempts: number): number {
  return backoffDelayMs(attempts, RETRY);
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
    await drainLeased({
      now: deps.now,
      leaseMs: KITCHEN_LEASE_MS,
      batch: BATCH,
      claim: (now, leaseUntil, limit) => claimDueOutbox(deps.db, now, leaseUntil, limit),
      async handle(row) {
        result[(await deliverRow(row)) === 'delivered' ? 'delivered' : 'lost'] += 1;
      },
      retry: RETRY,
      async failed(row, message, retryAt) {
        result.failed += 1;
        const level = row.attempts >= LOUD_AFTER_ATTEMPTS ? 'error' : 'warn';
        deps.log[level](
          { outboxId: row.id, orderId: row.orderId, attempts: row.attempts, err: message },
          'kitchen delivery failed',
        );
        // Never given up, so retryAt is always set.
        await markOutboxFailedAttempt(
          deps.db,
          row.id,
          row.attempts,
          message.slice(0, 500),
          retryAt ?? deps.now(),
        ).catch((markError: unknown) =>
          deps.log.error({ err: markError, outboxId: row.id }, 'could not record a failed delivery'),
        );
      },
    });
    return result;
  }

  return createRelayLoop({
    name: 'kitchen relay',
    pass: drain,
    log: deps.log,
    intervalMs: deps.intervalMs,
    listen: (wake) => deps.database.listen(OUTBOX_WAKE_CHANNEL, wake),
    // Whatever was left by a previous run (a restart mid-delivery) goes now, not at the first tick.
    passAtStart: true,
    // A full batch means more may be waiting: go again rather than wait for the next tick.
    more: (r) => r.delivered + r.failed + r.lost === BATCH,
  });
}

export type KitchenRelay = ReturnType<typeof createKitchenRelay>;
