import type { FastifyBaseLogger } from 'fastify';
import { createRelayLoop } from '../../lib/relay.ts';

export interface RefundRelayDeps {
  drain: () => Promise<{ done: number; failed: number }>;
  log: FastifyBaseLogger;
  /** Safety poll for retries; 0: only kicks (after a commit that owes a refund) and drainOnce() run it. */
  intervalMs: number;
}

/**
 * Sends owed refunds (payment_refunds rows) to the provider: kicked right after the commit that owes one, and a
 * poll picks up retries and whatever a crashed process left. Passes in one process never overlap.
 */
export function createRefundRelay(deps: RefundRelayDeps) {
  return createRelayLoop({
    name: 'refund relay',
    pass: deps.drain,
    log: deps.log,
    intervalMs: deps.intervalMs,
    kickBeforeStart: true,
    passAtStart: true,
  });
}

export type RefundRelay = ReturnType<typeof createRefundRelay>;
