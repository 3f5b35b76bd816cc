import type { FastifyBaseLogger } from 'fastify';

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
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<{ done: number; failed: number }> | undefined;
  let again = false;
  let stopped = false;

  async function drainOnce() {
    while (running) await running.catch(() => {});
    running = deps.drain();
    try {
      return await running;
    } finally {
      running = undefined;
    }
  }

  function kick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    drainOnce()
      .catch((error: unknown) => deps.log.error({ err: error }, 'refund relay pass failed'))
      .finally(() => {
        if (again && !stopped) {
          again = false;
          kick();
        }
      });
  }

  return {
    drainOnce,
    kick,
    start() {
      if (deps.intervalMs <= 0 || timer || stopped) return;
      timer = setInterval(kick, deps.intervalMs);
      timer.unref();
      kick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => {});
    },
  };
}

export type RefundRelay = ReturnType<typeof createRefundRelay>;
