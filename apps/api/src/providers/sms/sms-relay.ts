import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { backoffDelayMs, createRelayLoop, drainLeased, RELAY_RETRIES } from '../../lib/relay.ts';
import { claimDueSms, markSmsFailedAttempt, markSmsSent } from './sms-outbox.repo.ts';
import type { SmsProvider } from './sms-provider.ts';

/** After this many failed attempts a message is marked failed (kept in the outbox, visible to managers). */
export const SMS_MAX_ATTEMPTS = RELAY_RETRIES.sms.maxAttempts;

/** The SMS backoff (RELAY_RETRIES.sms). */
export function smsRetryDelayMs(attempts: number): number {
  return backoffDelayMs(attempts, RELAY_RETRIES.sms);
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
  async function drain(): Promise<{ sent: number; failed: number }> {
    const result = { sent: 0, failed: 0 };
    await drainLeased({
      now: deps.now,
      claim: (now, leaseUntil, limit) => claimDueSms(deps.db, now, leaseUntil, limit),
      async handle(row) {
        const sent = await deps.provider.send({ to: row.toPhone, body: row.body });
        await markSmsSent(deps.db, row.id, deps.now(), sent.providerMessageId);
        result.sent += 1;
      },
      retry: RELAY_RETRIES.sms,
      async failed(row, message, retryAt) {
        result.failed += 1;
        deps.log.warn({ smsId: row.id, attempts: row.attempts, err: message }, 'SMS send failed');
        await markSmsFailedAttempt(deps.db, row.id, message.slice(0, 500), retryAt);
      },
    });
    return result;
  }

  return createRelayLoop({ name: 'SMS relay', pass: drain, log: deps.log, intervalMs: deps.intervalMs });
}

export type SmsRelay = ReturnType<typeof createSmsRelay>;
