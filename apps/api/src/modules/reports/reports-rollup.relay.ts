import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createRelayLoop, type RelayLoop } from '../../lib/relay.ts';
import type { ReportsService } from './reports.service.ts';

/**
 * The reports' catch-up job (docs/adr/0610): every instance runs one; a brand's days are rolled under its advisory
 * lock, and rolling a day again gives the same rows, so instances at once (or a pass after downtime) do no harm.
 * It starts and stops with the app, like the relays.
 */
export function registerReportsRollup(
  app: FastifyInstance,
  reports: ReportsService,
  options: { log: FastifyBaseLogger; intervalMs: number },
): RelayLoop<unknown> {
  const loop = createRelayLoop({
    name: 'reports roll-up',
    pass: () => reports.catchUpOnce(),
    log: options.log,
    intervalMs: options.intervalMs,
    passAtStart: true,
  });
  app.addHook('onReady', async () => {
    await loop.start();
  });
  app.addHook('onClose', async () => {
    await loop.stop();
  });
  // The owner's queues page shows its runs (modules/queues-admin).
  return loop;
}
