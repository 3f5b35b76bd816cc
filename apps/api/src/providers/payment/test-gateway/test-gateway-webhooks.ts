import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.ts';
import {
  claimDueGatewayWebhooks,
  markGatewayWebhookDelivered,
  markGatewayWebhookFailedAttempt,
} from './test-gateway.repo.ts';
import { GATEWAY_EVENT_HEADER, GATEWAY_SIGNATURE_HEADER, signGatewayWebhook } from './test-gateway-signature.ts';

/** After this many failed deliveries a webhook is marked failed (kept, visible in the table). */
export const GATEWAY_WEBHOOK_MAX_ATTEMPTS = 12;
const LEASE_MS = 60_000;
const BATCH = 20;

/** 2 s, 4 s, 8 s … capped at 10 minutes (about 50 minutes of trying in all). */
export function gatewayWebhookRetryDelayMs(attempts: number): number {
  return Math.min(2_000 * 2 ** Math.max(0, attempts - 1), 10 * 60_000);
}

export interface GatewayWebhookRelayDeps {
  db: Database;
  now: () => Date;
  log: FastifyBaseLogger;
  /** The receiver (a function: read at each delivery, e.g. this process's own port once it listens). */
  url: string | (() => string);
  secret: string;
  /** How long one delivery may take before it counts as failed. */
  timeoutMs: number;
  /** 0: not started on its own (tests call drainOnce()). */
  intervalMs: number;
}

export type GatewayWebhookRelay = ReturnType<typeof createGatewayWebhookRelay>;

/**
 * Delivers the gateway's webhooks from its table: each one posted (signed) until the receiver answers 2xx,
 * retried with backoff. The row is written with the payment change, so a closed browser or a restart loses none.
 */
export function createGatewayWebhookRelay(deps: GatewayWebhookRelayDeps) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<{ delivered: number; failed: number }> | undefined;
  let again = false;
  let stopped = false;

  async function deliver(row: { eventId: string; body: string }): Promise<void> {
    const response = await fetch(typeof deps.url === 'string' ? deps.url : deps.url(), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [GATEWAY_SIGNATURE_HEADER]: signGatewayWebhook(deps.secret, row.body),
        [GATEWAY_EVENT_HEADER]: row.eventId,
      },
      body: row.body,
      signal: AbortSignal.timeout(deps.timeoutMs),
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`the receiver answered ${response.status}`);
  }

  async function drain(): Promise<{ delivered: number; failed: number }> {
    let delivered = 0;
    let failed = 0;
    const now = deps.now();
    const rows = await claimDueGatewayWebhooks(deps.db, now, new Date(now.getTime() + LEASE_MS), BATCH);
    for (const row of rows) {
      try {
        await deliver(row);
        await markGatewayWebhookDelivered(deps.db, row.id, deps.now());
        delivered += 1;
      } catch (error) {
        failed += 1;
        const message = error instanceof Error ? error.message : String(error);
        const retryAt =
          row.attempts >= GATEWAY_WEBHOOK_MAX_ATTEMPTS
            ? null
            : new Date(deps.now().getTime() + gatewayWebhookRetryDelayMs(row.attempts));
        await markGatewayWebhookFailedAttempt(deps.db, row.id, message, retryAt);
        deps.log.warn(
          { eventId: row.eventId, attempts: row.attempts, err: message },
          'test gateway webhook not delivered',
        );
      }
    }
    return { delivered, failed };
  }

  /** One pass; concurrent callers share it, and a call during a pass asks for one more pass after it. */
  function drainOnce(): Promise<{ delivered: number; failed: number }> {
    if (running) {
      again = true;
      return running;
    }
    running = drain().finally(() => {
      running = undefined;
      if (again && !stopped) {
        again = false;
        void drainOnce().catch((error) => deps.log.error({ err: error }, 'test gateway webhook relay failed'));
      }
    });
    return running;
  }

  return {
    drainOnce,
    /** A payment changed: deliver now rather than at the next tick (not in tests, where the interval is 0). */
    kick() {
      if (deps.intervalMs === 0 || stopped) return;
      setImmediate(
        () => void drainOnce().catch((error) => deps.log.error({ err: error }, 'test gateway webhook relay failed')),
      );
    },
    start() {
      if (deps.intervalMs === 0 || timer) return;
      timer = setInterval(
        () => void drainOnce().catch((error) => deps.log.error({ err: error }, 'test gateway webhook relay failed')),
        deps.intervalMs,
      );
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => {});
    },
  };
}
