import type { FastifyBaseLogger } from 'fastify';
import { createRelayLoop } from '../../lib/relay.ts';

/**
 * Writes off loyalty points past their brand's days (loyalty.service expireOnce): every instance runs one; each
 * customer's expiry is decided under their row lock, so instances sweeping at once write it once.
 */
export function createPointsExpiry(deps: {
  sweep: () => Promise<number>;
  log: FastifyBaseLogger;
  /** POINTS_EXPIRY_INTERVAL_MS; 0: not started. */
  intervalMs: number;
}) {
  return createRelayLoop({
    name: 'points expiry',
    pass: deps.sweep,
    log: deps.log,
    intervalMs: deps.intervalMs,
    passAtStart: true,
  });
}

export type PointsExpiry = ReturnType<typeof createPointsExpiry>;
