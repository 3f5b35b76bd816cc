import type { FastifyBaseLogger } from 'fastify';
import {
  type ClaimedOutboxRow,
  claimDueOutbox,
  markOutboxDelivered,
  markOutboxFailedAttempt,
  OUTBOX_WAKE_CHANNEL,
} from '../../core/order-outbox.repo.ts';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import {
  backoffDelayMs,
  createRelayLoop,
  RELAY_BATCH,
  RELAY_LEASE_MS,
  RELAY_RETRIES,
  retryAt,
} from '../../lib/relay.ts';
import type { KitchenDestination } from './kitchen-destinations.service.ts';

/** After this many failed attempts every further failure is logged as an error (the row keeps retrying). */
const LOUD_AFTER_ATTEMPTS = 10;

/** The kitchen's backoff (RELAY_RETRIES.kitchen): an order is never given up on. */
export function kitchenRetryDelayMs(attempts: number): number {
  return backoffDelayMs(attempts, RELAY_RETRIES.kitchen);
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
 * The kitchen's at-least-once deliveries: order_outbox rows (written in the order's transaction) to the destinations
 * outside the database (an integrated branch's POS).
 * Every instance runs one; rows are claimed with FOR UPDATE SKIP LOCKED under a lease, so relays share the
 * work and a row whose relay died is taken again after the lease. A write to the outbox NOTIFYs the wake
 * channel, so delivery starts right after the order commits; the interval is the safety net.
 */
export function createKitchenRelay(deps: KitchenRelayDeps) {
  /** Records a failed try of one row: logged, and due again after its backoff (an order is never given up on). */
  async function failed(row: ClaimedOutboxRow, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    const level = row.attempts >= LOUD_AFTER_ATTEMPTS ? 'error' : 'warn';
    deps.log[level](
      { outboxId: row.id, orderId: row.orderId, attempts: row.attempts, err: message },
      'kitchen delivery failed',
    );
    const next = retryAt(row.attempts, RELAY_RETRIES.kitchen, deps.now());
    await markOutboxFailedAttempt(deps.db, row.id, row.attempts, message.slice(0, 500), next).catch(
      (markError: unknown) =>
        deps.log.error({ err: markError, outboxId: row.id }, 'could not record a failed delivery'),
    );
  }

  /**
   * One claim of due rows: each row to the destinations that accept it (a POS), the rows side by side, a failure scheduling
   * that row's retry; then the rows that got through (and those no destination wants) marked delivered in one
   * statement, under the claim's lease token: a row whose claim was taken over is left to the claim that took it.
   * The board is not a destination: it heard of the order from the transaction that handed it over.
   */
  async function drain(): Promise<DrainResult> {
    const result: DrainResult = { delivered: 0, failed: 0, lost: 0 };
    const now = deps.now();
    const rows = await claimDueOutbox(deps.db, now, new Date(now.getTime() + RELAY_LEASE_MS), RELAY_BATCH);
    // Side by side (docs/adr/0730): a claim holds at most one row of an order (a row waits while an earlier one of
    // its order is undelivered), so an order's own events keep their order; in turn, 20 rows of a few queries each
    // held an order's hand-off to its POS up to 1.8 s at 50 orders/s.
    const delivered = await Promise.all(
      rows.map(async (row) => {
        try {
          for (const target of deps.destinations) if (target.accepts(row)) await target.deliver(row);
          return row;
        } catch (error) {
          result.failed += 1;
          await failed(row, error);
          return null;
        }
      }),
    );
    const outstanding = delivered.filter((row): row is ClaimedOutboxRow => row !== null);
    const marked = await markOutboxDelivered(
      deps.db,
      outstanding.map(({ id, attempts }) => ({ id, attempts })),
      deps.now(),
    );
    result.delivered += marked.size;
    result.lost += outstanding.length - marked.size;
    return result;
  }

  return createRelayLoop({
    name: 'kitchen relay',
    pass: drain,
    log: deps.log,
    intervalMs: deps.intervalMs,
    listen: (wake) => deps.database.listen(OUTBOX_WAKE_CHANNEL, wake),
    // The kitchen hears of an order 10 ms later; under load a pass then takes several batches' rows at once.
    wakeDelayMs: 10,
    // Whatever was left by a previous run (a restart mid-delivery) goes now, not at the first tick.
    passAtStart: true,
    // A full batch means more may be waiting: go again rather than wait for the next tick.
    more: (r) => r.delivered + r.failed + r.lost === RELAY_BATCH,
  });
}

export type KitchenRelay = ReturnType<typeof createKitchenRelay>;
