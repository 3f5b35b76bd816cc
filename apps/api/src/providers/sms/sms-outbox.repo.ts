import { and, desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { claimLeased, type LeaseTarget } from '../../db/lease-claim.ts';
import { smsOutbox } from '../../db/schema/sms.ts';

export type SmsOutboxRow = typeof smsOutbox.$inferSelect;

export async function insertSms(
  db: Queryable,
  row: { brandId: number; toPhone: string; body: string; now: Date },
): Promise<void> {
  await db
    .insert(smsOutbox)
    .values({ brandId: row.brandId, toPhone: row.toPhone, body: row.body, nextAttemptAt: row.now, createdAt: row.now });
}

/** What the relay claims: pending messages, by id (the lease columns are the outbox's own). */
const PENDING_SMS: LeaseTarget = {
  table: smsOutbox,
  where: sql`${smsOutbox.status} = 'pending'`,
  returning: sql`id, to_phone as "toPhone", body, attempts`,
};

/** Claims up to `limit` due messages for this relay under a lease (db/lease-claim.ts). */
export async function claimDueSms(db: Queryable, now: Date, leaseUntil: Date, limit: number) {
  type Claimed = { id: number; toPhone: string; body: string; attempts: number };
  return claimLeased<Claimed>(db, PENDING_SMS, { now, leaseUntil, limit });
}

export async function markSmsSent(db: Queryable, id: number, at: Date, providerMessageId: string | null) {
  await db
    .update(smsOutbox)
    .set({ status: 'sent', sentAt: at, providerMessageId, lastError: null })
    .where(eq(smsOutbox.id, id));
}

export async function markSmsFailedAttempt(
  db: Queryable,
  id: number,
  error: string,
  retryAt: Date | null,
): Promise<void> {
  await db
    .update(smsOutbox)
    .set(retryAt ? { lastError: error, nextAttemptAt: retryAt } : { lastError: error, status: 'failed' })
    .where(and(eq(smsOutbox.id, id), eq(smsOutbox.status, 'pending')));
}

export async function listBrandSms(db: Queryable, brandId: number, limit: number): Promise<SmsOutboxRow[]> {
  return db.select().from(smsOutbox).where(eq(smsOutbox.brandId, brandId)).orderBy(desc(smsOutbox.id)).limit(limit);
}
