import type { Config } from '../../config/env.ts';
import type { Queryable } from '../../db/client.ts';
import { insertMail, type NewMail, orderReceiptMails } from './email.repo.ts';

export type { MailKind, NewMail } from './email.repo.ts';

/** Whether e-mail goes anywhere: a configured SMTP server or the local catcher (off: production without SMTP). */
export function mailIsOn(config: Config): boolean {
  return config.mail.mode !== 'off';
}

/**
 * Writes an e-mail into the outbox in the caller's transaction; the mail relay sends it after commit, retrying with
 * backoff (never inside a request). A second write of the same dedupe key is a no-op. Answers whether it was written.
 */
export async function queueMail(tx: Queryable, mail: NewMail): Promise<boolean> {
  return insertMail(tx, mail);
}

/** An order's receipt e-mails: how many, the newest one's state and when it was written. */
export async function receiptMailsOf(db: Queryable, orderId: number) {
  const rows = await orderReceiptMails(db, orderId);
  const [latest] = rows;
  return {
    count: rows.length,
    latest: latest
      ? {
          // 'discarded' (an owner dropped a dead letter, the queues page) is a receipt that was not sent.
          status: (latest.status === 'discarded' ? 'failed' : latest.status) as 'pending' | 'sent' | 'failed',
          queuedAt: latest.createdAt,
          sentAt: latest.sentAt,
        }
      : null,
  };
}
