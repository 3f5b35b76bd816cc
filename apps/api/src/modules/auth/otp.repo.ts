import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { otpRequests, otpVerifyAttempts } from '../../db/schema/auth.ts';

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
    .select({
      n: sql<number>`count(*)::int`,
      oldest: sql<string | null>`min(${otpRequests.createdAt})`,
      latest: sql<string | null>`max(${otpRequests.createdAt})`,
    })
    .from(otpRequests)
    .where(and(eq(otpRequests.phone, phone), gt(otpRequests.createdAt, since)));
  return {
    count: row?.n ?? 0,
    oldest: row?.oldest ? new Date(row.oldest) : null,
    latest: row?.latest ? new Date(row.latest) : null,
  };
}

export async function sendsFromIpSince(db: Queryable, ip: string, since: Date) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${otpRequests.createdAt})` })
    .from(otpRequests)
    .where(and(eq(otpRequests.ip, ip), gt(otpRequests.createdAt, since)));
  return { count: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

export async function insertOtp(db: Queryable, row: typeof otpRequests.$inferInsert): Promise<void> {
  await db.insert(otpRequests).values(row);
}

/** The code's row; with `lock`, held FOR UPDATE until the transaction ends (one check of a code at a time). */
export async function findOtp(
  db: Queryable,
  id: string,
  brandId: number,
  options: { lock?: boolean } = {},
): Promise<OtpRow | undefined> {
  const query = db
    .select()
    .from(otpRequests)
    .where(and(eq(otpRequests.id, id), eq(otpRequests.brandId, brandId)));
  const [row] = options.lock ? await query.for('update') : await query;
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

/** One check of a code, right or wrong, from this client address (what the sign-in throttles count). */
export async function recordVerifyAttempt(
  db: Queryable,
  row: { phone: string; ip: string; success: boolean; at: Date },
): Promise<void> {
  await db.insert(otpVerifyAttempts).values({ phone: row.phone, ip: row.ip, success: row.success, createdAt: row.at });
}

/**
 * Wrong codes since `since` under one key: this phone (all addresses), this address (all phones) or both. With
 * `sinceSuccess`, only those after the key's last right code count (NIST's "consecutive" failures): the owner's
 * sign-in starts the phone's count again.
 */
export async function verifyFailuresSince(
  db: Queryable,
  key: { phone?: string; ip?: string },
  since: Date,
  sinceSuccess: boolean,
) {
  const t = otpVerifyAttempts;
  const keyed = and(
    key.phone === undefined ? undefined : eq(t.phone, key.phone),
    key.ip === undefined ? undefined : eq(t.ip, key.ip),
  );
  const samePhone = key.phone === undefined ? sql`true` : sql`s.phone = ${key.phone}`;
  const sameIp = key.ip === undefined ? sql`true` : sql`s.ip = ${key.ip}`;
  const lastSuccess = sql`(select max(s.created_at) from ${t} s where s.success and ${samePhone} and ${sameIp})`;
  const [row] = await db
    .select({
      n: sql<number>`count(*)::int`,
      last: sql<string | null>`max(${t.createdAt})`,
      oldest: sql<string | null>`min(${t.createdAt})`,
    })
    .from(t)
    .where(
      and(
        keyed,
        eq(t.success, false),
        gt(t.createdAt, since),
        sinceSuccess ? sql`${t.createdAt} > coalesce(${lastSuccess}, '-infinity'::timestamptz)` : undefined,
      ),
    );
  return {
    count: row?.n ?? 0,
    last: row?.last ? new Date(row.last) : null,
    oldest: row?.oldest ? new Date(row.oldest) : null,
  };
}
