import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { createRelayLoop, type RelayLoop } from '../../lib/relay.ts';
import { FOODICS_WAKE_CHANNEL } from './foodics.repo.ts';
import {
  createFoodicsService,
  FOODICS_BATCH,
  FOODICS_IN_FLIGHT,
  type FoodicsService,
  type HandOffPass,
} from './foodics.service.ts';
import { createFoodicsConnections } from './foodics-connection.service.ts';
import { createFoodicsMenuService } from './foodics-menu.service.ts';

export interface FoodicsRelayPass extends HandOffPass {
  polled: number;
  /** Pending alerts raised (orders still Pending at Foodics past FOODICS_PENDING_ALERT_MINUTES). */
  alerted: number;
}

/**
 * The Foodics relay, on every instance: two loops under one name (docs/adr/0730).
 * - The hand-offs (claimed under a lease, so instances share them) are a pump: woken at once by a queued hand-off
 *   (NOTIFY), it claims what is due and starts it without waiting for the previous claim's answers, up to
 *   FOODICS_IN_FLIGHT rows waiting on Foodics at once; a row finishing makes room and, if a claim was cut short, wakes
 *   it. A claim takes each row under its lease, so one order is never handed off twice at once.
 * - The polls due (each claimed by pushing its next poll on) and the pending alerts run on another loop, on the
 *   interval, so a hand-off never waits behind a pass of polls.
 * One loop doing a batch of hand-offs, then its polls, then the next batch held the hand-off's p99 at 7.9 s at 50
 * orders/s (`npm run bench -- --only foodics`). drainOnce() (tests) hands off one claim, waits for its answers, then
 * polls once; the interval is the hand-offs' safety net and the polls' clock.
 */
export function createFoodicsRelay(deps: {
  foodics: Pick<FoodicsService, 'handOffOnce' | 'startHandOffs' | 'pollOnce' | 'raiseAlertsOnce'>;
  database: Pick<DatabaseHandle, 'listen'>;
  log: FastifyBaseLogger;
  intervalMs: number;
}): RelayLoop<FoodicsRelayPass> {
  let inFlight = 0;
  /** A claim found no room: the next row to finish wakes the pump. */
  let starved = false;
  const running = new Set<Promise<unknown>>();

  const handOffs = createRelayLoop<{ claimed: number; limit: number }>({
    name: 'foodics relay (hand-offs)',
    async pass() {
      const limit = Math.min(FOODICS_BATCH, FOODICS_IN_FLIGHT - inFlight);
      if (limit <= 0) {
        starved = true;
        return { claimed: 0, limit };
      }
      const started = await deps.foodics.startHandOffs(limit);
      for (const outcome of started) {
        inFlight += 1;
        const settled: Promise<unknown> = outcome
          .catch((error: unknown) => deps.log.error({ err: error }, 'Foodics hand-off could not be recorded'))
          .finally(() => {
            inFlight -= 1;
            running.delete(settled);
            if (starved) {
              starved = false;
              handOffs.kick();
            }
          });
        running.add(settled);
      }
      return { claimed: started.length, limit };
    },
    log: deps.log,
    intervalMs: deps.intervalMs,
    listen: (wake) => deps.database.listen(FOODICS_WAKE_CHANNEL, wake),
    wakeDelayMs: 10,
    passAtStart: true,
    // A full claim means more may be due: claim again at once (while these wait on Foodics).
    more: (r) => r.limit > 0 && r.claimed === r.limit,
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
      const handed = await deps.foodics.handOffOnce();
      return { ...handed, ...(await polls.drainOnce()) };
    },
    kick: () => handOffs.kick(),
    async start() {
      await handOffs.start();
      await polls.start();
    },
    async stop() {
      await Promise.all([handOffs.stop(), polls.stop()]);
      while (running.size > 0) await Promise.all([...running]);
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
