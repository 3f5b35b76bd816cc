import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import { createRelayLoop, RELAY_BATCH } from '../../lib/relay.ts';
import { FOODICS_WAKE_CHANNEL } from './foodics.repo.ts';
import type { FoodicsService, HandOffPass } from './foodics.service.ts';

export interface FoodicsRelayPass extends HandOffPass {
  polled: number;
}

/**
 * The Foodics relay, on every instance: due hand-offs (claimed under a lease, so instances share them) and then the
 * polls due (each claimed by pushing its next poll on). A queued hand-off wakes it at once (NOTIFY); the interval is
 * the safety net and the poll's clock.
 */
export function createFoodicsRelay(deps: {
  foodics: Pick<FoodicsService, 'handOffOnce' | 'pollOnce'>;
  database: Pick<DatabaseHandle, 'listen'>;
  log: FastifyBaseLogger;
  intervalMs: number;
}) {
  return createRelayLoop<FoodicsRelayPass>({
    name: 'foodics relay',
    async pass() {
      const handed = await deps.foodics.handOffOnce();
      return { ...handed, polled: await deps.foodics.pollOnce() };
    },
    log: deps.log,
    intervalMs: deps.intervalMs,
    listen: (wake) => deps.database.listen(FOODICS_WAKE_CHANNEL, wake),
    wakeDelayMs: 10,
    passAtStart: true,
    more: (r) => r.sent + r.retrying + r.dead === RELAY_BATCH || r.polled === RELAY_BATCH,
  });
}

export type FoodicsRelay = ReturnType<typeof createFoodicsRelay>;
