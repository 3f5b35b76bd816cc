import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { backoffDelayMs, createRelayLoop, drainLeased, RELAY_RETRIES } from '../../lib/relay.ts';
import type { MailMessage, MailTransport } from '../../providers/mail/mail-transport.ts';
import { type ClaimedMail, claimDueMail, markMailFailedAttempt, markMailSent } from './email.repo.ts';

/** After this many failed attempts an e-mail is marked failed (kept in the outbox; the receipt shows it). */
export const MAIL_MAX_ATTEMPTS = RELAY_RETRIES.mail.maxAttempts;

export function mailRetryDelayMs(attempts: number): number {
  return backoffDelayMs(attempts, RELAY_RETRIES.mail);
}

/** Composes a receipt e-mail from its stored order at send time (modules/receipts owns what a receipt says). */
export type ReceiptComposer = (mail: ClaimedMail) => Promise<Omit<MailMessage, 'to' | 'language'>>;

export interface MailRelayDeps {
  db: Database;
  /** null: e-mail is off (production without SMTP): the relay is not started and sends nothing. */
  transport: MailTransport | null;
  composeReceipt: ReceiptComposer;
  now: () => Date;
  log: FastifyBaseLogger;
  /** 0: not started on its own; tests call drainOnce(). */
  intervalMs: number;
}

/**
 * Sends what the mail outbox holds, after the writing transaction committed: claim due rows, compose and send each
 * through the transport, mark sent or schedule a retry with backoff; after MAIL_MAX_ATTEMPTS the row is failed.
 */
export function createMailRelay(deps: MailRelayDeps) {
  async function compose(row: ClaimedMail): Promise<MailMessage> {
    const base = { to: row.toEmail, language: row.language };
    if (row.kind === 'receipt') return { ...base, ...(await deps.composeReceipt(row)) };
    if (row.subject === null || row.textBody === null || row.htmlBody === null)
      throw new Error(`mail ${row.id}: nothing stored to send`);
    return { ...base, subject: row.subject, text: row.textBody, html: row.htmlBody, inline: [] };
  }

  async function drain(): Promise<{ sent: number; failed: number }> {
    const result = { sent: 0, failed: 0 };
    const { transport } = deps;
    if (!transport) return result;
    await drainLeased({
      now: deps.now,
      claim: (now, leaseUntil, limit) => claimDueMail(deps.db, now, leaseUntil, limit),
      async handle(row) {
        const sent = await transport.send(await compose(row));
        await markMailSent(deps.db, row.id, deps.now(), sent.messageId, row.kind === 'staff_invitation');
        result.sent += 1;
      },
      retry: RELAY_RETRIES.mail,
      async failed(row, message, retryAt) {
        result.failed += 1;
        deps.log.warn({ mailId: row.id, attempts: row.attempts, err: message }, 'E-mail send failed');
        await markMailFailedAttempt(deps.db, row.id, message.slice(0, 500), retryAt);
      },
    });
    return result;
  }

  return createRelayLoop({
    name: 'mail relay',
    pass: drain,
    log: deps.log,
    intervalMs: deps.transport ? deps.intervalMs : 0,
    passAtStart: true,
  });
}

export type MailRelay = ReturnType<typeof createMailRelay>;
