import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.ts';
import { backoffDelayMs, createRelayLoop, drainLeased, RELAY_RETRIES } from '../../../lib/relay.ts';
import {
  claimDueGatewayWebhooks,
  markGatewayWebhookDelivered,
  markGatewayWebhookFailedAttempt,
} from './test-gateway.repo.ts';
import { GATEWAY_EVENT_HEADER, GATEWAY_SIGNATURE_HEADER, signGatewayWebhook } from './test-gateway-signature.ts';

/** After this many failed deliveries a webhook is marked failed (kept, visible in the table). */
export const GATEWAY_WEBHOOK_MAX_ATTEMPTS = RELAY_RETRIES.gatewayWebhooks.maxAttempts;

/** The webhooks' backoff (RELAY_RETRIES.gatewayWebhooks). */
export function gatewayWebhookRetryDelayMs(attempts: number): number {
  return backoffDelayMs(attempts, RELAY_RETRIES.gatewayWebhooks);
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
    const result = { delivered: 0, failed: 0 };
    await drainLeased({
      now: deps.now,
      claim: (now, leaseUntil, limit) => claimDueGatewayWebhooks(deps.db, now, leaseUntil, limit),
      async handle(row) {
        await deliver(row);
        await markGatewayWebhookDelivered(deps.db, row.id, deps.now());
        result.delivered += 1;
      },
      retry: RELAY_RETRIES.gatewayWebhooks,
      async failed(row, message, retryAt) {
        result.failed += 1;
        await markGatewayWebhookFailedAttempt(deps.db, row.id, message, retryAt);
        deps.log.warn(
          { eventId: row.eventId, attempts: row.attempts, err: message },
          'test gateway webhook not delivered',
        );
      },
    });
    return result;
  }

  // A payment changed: kick() delivers now rather than at the next tick (not in tests, where the interval is 0).
  return createRelayLoop({
    name: 'test gateway webhook relay',
    pass: drain,
    log: deps.log,
    intervalMs: deps.intervalMs,
  });
}
