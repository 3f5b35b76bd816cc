import { and, desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { claimLeased, type LeaseTarget } from '../../db/lease-claim.ts';
import { mailOutbox } from '../../db/schema/mail.ts';

export type MailOutboxRow = typeof mailOutbox.$inferSelect;
export type MailKind = 'receipt' | 'staff_invitation';

export interface NewMail {
  brandId: number;
  kind: MailKind;
  toEmail: string;
  language: 'ar' | 'en';
  orderId?: number | null;
  subject?: string | null;
  textBody?: string | null;
  htmlBody?: string | null;
  dedupeKey?: string | null;
  now: Date;
}

/** Writes one e-mail; a second with the same dedupe key is a no-op. Answers whether a row was written. */
export async function insertMail(db: Queryable, mail: NewMail): Promise<boolean> {
  const rows = await db
    .insert(mailOutbox)
    .values({
      brandId: mail.brandId,
      kind: mail.kind,
      toEmail: mail.toEmail,
      language: mail.language,
      orderId: mail.orderId ?? null,
      subject: mail.subject ?? null,
      textBody: mail.textBody ?? null,
      htmlBody: mail.htmlBody ?? null,
      dedupeKey: mail.dedupeKey ?? null,
      nextAttemptAt: mail.now,
      createdAt: mail.now,
    })
    .onConflictDoNothing()
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}

export interface ClaimedMail {
  id: number;
  brandId: number;
  kind: MailKind;
  toEmail: string;
  language: 'ar' | 'en';
  orderId: number | null;
  subject: string | null;
  textBody: string | null;
  htmlBody: string | null;
  attempts: number;
}

const PENDING_MAIL: LeaseTarget = {
  table: mailOutbox,
  where: sql`${mailOutbox.status} = 'pending'`,
  returning: sql`id, brand_id as "brandId", kind, to_email as "toEmail", language, order_id as "orderId", subject,
    text_body as "textBody", html_body as "htmlBody", attempts`,
};

/** Claims up to `limit` due e-mails under a lease (db/lease-claim.ts). */
export async function claimDueMail(db: Queryable, now: Date, leaseUntil: Date, limit: number) {
  return claimLeased<ClaimedMail>(db, PENDING_MAIL, { now, leaseUntil, limit });
}

/** Sent: an invitation's text (its one-time link) is not kept once it has gone. */
export async function markMailSent(db: Queryable, id: number, at: Date, messageId: string | null, forget: boolean) {
  await db
    .update(mailOutbox)
    .set({
      status: 'sent',
      sentAt: at,
      providerMessageId: messageId,
      lastError: null,
      ...(forget ? { textBody: null, htmlBody: null } : {}),
    })
    .where(eq(mailOutbox.id, id));
}

export async function markMailFailedAttempt(db: Queryable, id: number, error: string, retryAt: Date | null) {
  await db
    .update(mailOutbox)
    .set(retryAt ? { lastError: error, nextAttemptAt: retryAt } : { lastError: error, status: 'failed' })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')));
}

/** An order's receipt e-mails, newest first. */
export async function orderReceiptMails(db: Queryable, orderId: number) {
  return db
    .select({ status: mailOutbox.status, createdAt: mailOutbox.createdAt, sentAt: mailOutbox.sentAt })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.orderId, orderId), eq(mailOutbox.kind, 'receipt')))
    .orderBy(desc(mailOutbox.id));
}
