import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { createRelayLoop } from '../../lib/relay.ts';
import { FOODICS_WAKE_CHANNEL } from './foodics.repo.ts';
import { createFoodicsService, FOODICS_BATCH, type FoodicsService, type HandOffPass } from './foodics.service.ts';
import { createFoodicsConnections } from './foodics-connection.service.ts';
import { createFoodicsMenuService } from './foodics-menu.service.ts';

export interface FoodicsRelayPass extends HandOffPass {
  polled: number;
  /** Pending alerts raised (orders still Pending at Foodics past FOODICS_PENDING_ALERT_MINUTES). */
  alerted: number;
}

/**
 * The Foodics relay, on every instance: due hand-offs (claimed under a lease, so instances share them) and then the
 * polls due (each claimed by pushing its next poll on). A queued hand-off wakes it at once (NOTIFY); the interval is
 * the safety net and the poll's clock.
 */
export function createFoodicsRelay(deps: {
  foodics: Pick<FoodicsService, 'handOffOnce' | 'pollOnce' | 'raiseAlertsOnce'>;
  database: Pick<DatabaseHandle, 'listen'>;
  log: FastifyBaseLogger;
  intervalMs: number;
}) {
  return createRelayLoop<FoodicsRelayPass>({
    name: 'foodics relay',
    async pass() {
      const handed = await deps.foodics.handOffOnce();
      const polled = await deps.foodics.pollOnce();
      return { ...handed, polled, alerted: await deps.foodics.raiseAlertsOnce() };
    },
    log: deps.log,
    intervalMs: deps.intervalMs,
    listen: (wake) => deps.database.listen(FOODICS_WAKE_CHANNEL, wake),
    wakeDelayMs: 10,
    passAtStart: true,
    more: (r) => r.sent + r.retrying + r.dead === FOODICS_BATCH || r.polled === FOODICS_BATCH,
  });
}

export type FoodicsRelay = ReturnType<typeof createFoodicsRelay>;

/**
 * Foodics as the configuration says (docs/adr/0510, 0650): the POS of integrated branches when FOODICS_ACCESS_TOKEN or
 * an OAuth app (FOODICS_CLIENT_ID) is set; its webhook route, dead letters and connection page exist either way. The
 * relay polls only when configured.
 */
export function createFoodicsWithRelay(
  ctx: AppContext,
  deps: {
    database: DatabaseHandle;
    log: FastifyBaseLogger;
    moveFromPos: Parameters<typeof createFoodicsService>[1]['moveFromPos'];
  },
): { foodics: FoodicsService; foodicsRelay: FoodicsRelay } {
  const settings = ctx.config.foodics;
  const connections = createFoodicsConnections(ctx, settings, deps.log);
  const foodics: FoodicsService = createFoodicsService(ctx, {
    connections,
    moveFromPos: deps.moveFromPos,
    log: deps.log,
    maxAttempts: settings?.maxAttempts ?? 8,
    pollEveryMs: settings?.pollEveryMs ?? 60_000,
    pendingAlertMs: settings?.pendingAlertMs ?? 5 * 60_000,
    onQueued: () => foodicsRelay.kick(),
    menu: createFoodicsMenuService(ctx, { connections, log: deps.log }),
  });
  const foodicsRelay = createFoodicsRelay({
    foodics,
    database: deps.database,
    log: deps.log,
    intervalMs: settings?.relayIntervalMs ?? 0,
  });
  return { foodics, foodicsRelay };
}
