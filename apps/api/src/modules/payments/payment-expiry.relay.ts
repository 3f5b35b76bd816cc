import type { FastifyBaseLogger } from 'fastify';
import { createRelayLoop } from '../../lib/relay.ts';

export interface PaymentExpiryDeps {
  sweep: () => Promise<{ expired: number; settled: number; failed: number }>;
  log: FastifyBaseLogger;
  /** The poll (CARD_PAYMENT_SWEEP_INTERVAL_MS); 0: not started (tests call drainOnce()). */
  intervalMs: number;
}

/**
 * Expires abandoned card orders (payments.service expireAbandonedOnce): every instance runs one; the orders'
 * lease columns make instances share the work and let a restart pick up where a dead sweep stopped.
 */
export function createPaymentExpiry(deps: PaymentExpiryDeps) {
  return createRelayLoop({
    name: 'card payment expiry',
    pass: deps.sweep,
    log: deps.log,
    intervalMs: deps.intervalMs,
    passAtStart: true,
  });
}

export type PaymentExpiry = ReturnType<typeof createPaymentExpiry>;
