import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { createRelayLoop, type RelayLoop } from '../../lib/relay.ts';
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
 * The Foodics relay, on every instance: two loops under one name (docs/adr/0730). The hand-offs (claimed under a
 * lease, so instances share them) run on their own loop, woken at once by a queued hand-off (NOTIFY); the polls due
 * (each claimed by pushing its next poll on) and the pending alerts run on another, on the interval. One loop for both
 * made a hand-off wait behind a pass of up to FOODICS_BATCH polls, each a call to Foodics: with many orders sent and
 * polled every 2 s the hand-off's p99 was 7.9 s (`npm run bench -- --only foodics`). drainOnce() runs one pass of
 * each, hand-offs first, and sums them (tests); the interval is the hand-offs' safety net and the polls' clock.
 */
export function createFoodicsRelay(deps: {
  foodics: Pick<FoodicsService, 'handOffOnce' | 'pollOnce' | 'raiseAlertsOnce'>;
  database: Pick<DatabaseHandle, 'listen'>;
  log: FastifyBaseLogger;
  intervalMs: number;
}): RelayLoop<FoodicsRelayPass> {
  const handOffs = createRelayLoop<HandOffPass>({
    name: 'foodics relay (hand-offs)',
    pass: () => deps.foodics.handOffOnce(),
    log: deps.log,
    intervalMs: deps.intervalMs,
    listen: (wake) => deps.database.listen(FOODICS_WAKE_CHANNEL, wake),
    wakeDelayMs: 10,
    passAtStart: true,
    more: (r) => r.sent + r.retrying + r.dead === FOODICS_BATCH,
  });
  const polls = createRelayLoop<{ polled: number; alerted: number }>({
    name: 'foodics relay (polls)',
    async pass() {
      const polled = await deps.foodics.pollOnce();
      return { polled, alerted: await deps.foodics.raiseAlertsOnce() };
    },
    log: deps.log,
    intervalMs: deps.intervalMs,
    passAtStart: true,
    more: (r) => r.polled === FOODICS_BATCH,
  });
  return {
    name: 'foodics relay',
    intervalMs: deps.intervalMs,
    runs() {
      // The page shows one loop: the hand-offs' runs, and the latest failure of either.
      const a = handOffs.runs();
      const b = polls.runs();
      const bLater = (b.lastErrorAt?.getTime() ?? -1) > (a.lastErrorAt?.getTime() ?? -1);
      return bLater ? { ...a, lastError: b.lastError, lastErrorAt: b.lastErrorAt } : a;
    },
    state: () => handOffs.state(),
    async drainOnce() {
      const handed = await handOffs.drainOnce();
      return { ...handed, ...(await polls.drainOnce()) };
    },
    kick: () => handOffs.kick(),
    async start() {
      await handOffs.start();
      await polls.start();
    },
    async stop() {
      await Promise.all([handOffs.stop(), polls.stop()]);
    },
  };
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
