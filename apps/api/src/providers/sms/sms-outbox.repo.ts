import { and, desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
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

/**
 * Claims up to `limit` due messages for this relay: counts the attempt and pushes next_attempt_at to the
 * lease end, so another instance (or this one after a crash) retries only once the lease has passed.
 * SKIP LOCKED lets several instances claim side by side without waiting on each other.
 */
export async function claimDueSms(db: Queryable, now: Date, leaseUntil: Date, limit: number) {
  const result = await db.execute(sql`
    update ${smsOutbox} set attempts = attempts + 1, next_attempt_at = ${leaseUntil.toISOString()}
    where id in (
      select id from ${smsOutbox}
      where status = 'pending' and next_attempt_at <= ${now.toISOString()}
      order by id limit ${limit}
      for update skip locked
    )
    returning id, to_phone as "toPhone", body, attempts`);
  return (result as unknown as { rows: { id: number; toPhone: string; body: string; attempts: number }[] }).rows;
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
