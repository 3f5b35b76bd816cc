import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { claimDueSms, markSmsFailedAttempt, markSmsSent } from './sms-outbox.repo.ts';
import type { SmsProvider } from './sms-provider.ts';

/** After this many failed attempts a message is marked failed (kept in the outbox, visible to managers). */
export const SMS_MAX_ATTEMPTS = 8;
const LEASE_MS = 60_000;
const BATCH = 20;

/** 5 s, 10 s, 20 s … capped at 10 minutes. */
export function smsRetryDelayMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 10 * 60_000);
}

export interface SmsRelayDeps {
  db: Database;
  provider: SmsProvider;
  now: () => Date;
  log: FastifyBaseLogger;
  /** 0: not started on its own; tests call drainOnce(). */
  intervalMs: number;
}

/**
 * Sends what the outbox holds, after the writing transaction committed: claim due rows, send each, mark sent
 * or schedule a retry. Runs on a timer in every instance; `kick()` asks for a run right away.
 */
export function createSmsRelay(deps: SmsRelayDeps) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<{ sent: number; failed: number }> | undefined;
  let again = false;
  let stopped = false;

  async function drain(): Promise<{ sent: number; failed: number }> {
    let sent = 0;
    let failed = 0;
    const now = deps.now();
    const rows = await claimDueSms(deps.db, now, new Date(now.getTime() + LEASE_MS), BATCH);
    for (const row of rows) {
      try {
        const result = await deps.provider.send({ to: row.toPhone, body: row.body });
        await markSmsSent(deps.db, row.id, deps.now(), result.providerMessageId);
        sent += 1;
      } catch (error) {
        failed += 1;
        const message = error instanceof Error ? error.message : String(error);
        const retryAt =
          row.attempts >= SMS_MAX_ATTEMPTS ? null : new Date(deps.now().getTime() + smsRetryDelayMs(row.attempts));
        deps.log.warn({ smsId: row.id, attempts: row.attempts, err: message }, 'SMS send failed');
        await markSmsFailedAttempt(deps.db, row.id, message.slice(0, 500), retryAt);
      }
    }
    return { sent, failed };
  }

  /** One pass (serialised with any pass already running). */
  async function drainOnce(): Promise<{ sent: number; failed: number }> {
    while (running) await running.catch(() => {});
    running = drain();
    try {
      return await running;
    } finally {
      running = undefined;
    }
  }

  function tick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    drainOnce()
      .catch((error: unknown) => deps.log.error({ err: error }, 'SMS relay pass failed'))
      .finally(() => {
        if (again) {
          again = false;
          tick();
        }
      });
  }

  return {
    drainOnce,
    /** Called after a transaction wrote to the outbox: send now rather than at the next tick. */
    kick() {
      if (timer) tick();
    },
    start() {
      if (deps.intervalMs <= 0 || timer) return;
      timer = setInterval(tick, deps.intervalMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => {});
    },
  };
}

export type SmsRelay = ReturnType<typeof createSmsRelay>;
