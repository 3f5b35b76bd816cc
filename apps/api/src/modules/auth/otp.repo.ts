import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { otpRequests } from '../../db/schema/auth.ts';

export type OtpRow = typeof otpRequests.$inferSelect;

/**
 * Serialises code sends for one phone number across connections and instances (transaction-scoped
 * advisory lock), so two simultaneous requests cannot both slip under the send limit.
 */
export async function lockPhone(db: Queryable, phone: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${phone}`}))`);
}

/** Sends to this phone since `since`, with the oldest one (when the window frees a slot). */
export async function sendsToPhoneSince(db: Queryable, phone: string, since: Date) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${otpRequests.createdAt})` })
    .from(otpRequests)
    .where(and(eq(otpRequests.phone, phone), gt(otpRequests.createdAt, since)));
  return { count: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

export async function sendsFromIpSince(db: Queryable, ip: string, since: Date) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${otpRequests.createdAt})` })
    .from(otpRequests)
    .where(and(eq(otpRequests.ip, ip), gt(otpRequests.createdAt, since)));
  return { count: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

/** Wrong codes typed for this phone since `since` (all its codes), and the oldest code that had one. */
export async function wrongTriesForPhoneSince(db: Queryable, phone: string, since: Date) {
  const [row] = await db
    .select({
      n: sql<number>`coalesce(sum(${otpRequests.wrongTries}), 0)::int`,
      oldest: sql<string | null>`min(${otpRequests.createdAt}) filter (where ${otpRequests.wrongTries} > 0)`,
    })
    .from(otpRequests)
    .where(and(eq(otpRequests.phone, phone), gt(otpRequests.createdAt, since)));
  return { count: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

export async function insertOtp(db: Queryable, row: typeof otpRequests.$inferInsert): Promise<void> {
  await db.insert(otpRequests).values(row);
}

export async function findOtp(db: Queryable, id: string, brandId: number): Promise<OtpRow | undefined> {
  const [row] = await db
    .select()
    .from(otpRequests)
    .where(and(eq(otpRequests.id, id), eq(otpRequests.brandId, brandId)));
  return row;
}

/** Counts one wrong try, never past the limit; returns the new count (undefined: the code is spent or maxed). */
export async function addWrongTry(db: Queryable, id: string, maxTries: number): Promise<number | undefined> {
  const [row] = await db
    .update(otpRequests)
    .set({ wrongTries: sql`${otpRequests.wrongTries} + 1` })
    .where(and(eq(otpRequests.id, id), isNull(otpRequests.consumedAt), lt(otpRequests.wrongTries, maxTries)))
    .returning({ wrongTries: otpRequests.wrongTries });
  return row?.wrongTries;
}

/**
 * Spends the code: only one caller can win (the row is re-checked under its lock), so two concurrent
 * verifies of one code succeed at most once.
 */
export async function consumeOtp(db: Queryable, id: string, now: Date, maxTries: number): Promise<boolean> {
  const rows = await db
    .update(otpRequests)
    .set({ consumedAt: now })
    .where(
      and(
        eq(otpRequests.id, id),
        isNull(otpRequests.consumedAt),
        lt(otpRequests.wrongTries, maxTries),
        gt(otpRequests.expiresAt, now),
      ),
    )
    .returning({ id: otpRequests.id });
  return rows.length === 1;
}
