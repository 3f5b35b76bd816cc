import { and, eq, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { preparedFor } from '../db/prepared.ts';
import { authSessions } from '../db/schema/auth.ts';
import { customers } from '../db/schema/customers.ts';

export type SessionRow = typeof authSessions.$inferSelect;

/**
 * The one rule of a live session: a token of it neither revoked nor expired at `at`. Every statement that checks a
 * session builds its condition from this; `session` is the auth_sessions alias in raw SQL, or the table itself in
 * Drizzle's builder.
 */
export function sessionLiveSql(session: 's' | typeof authSessions, at: SQLWrapper): SQL {
  const [revoked, expires] =
    session === 's' ? [sql.raw('s.revoked_at'), sql.raw('s.expires_at')] : [session.revokedAt, session.expiresAt];
  return sql`${revoked} is null and ${expires} > ${at}`;
}

export async function insertSession(db: Queryable, row: typeof authSessions.$inferInsert): Promise<void> {
  await db.insert(authSessions).values(row);
}

export async function findSessionByHash(db: Queryable, tokenHash: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(authSessions).where(eq(authSessions.tokenHash, tokenHash));
  return row;
}

export async function findSessionById(db: Queryable, id: number): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(authSessions).where(eq(authSessions.id, id));
  return row;
}

/** Marks a live token spent; false when another request spent (or revoked) it first. */
export async function markReplaced(db: Queryable, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(authSessions)
    .set({ replacedAt: at })
    .where(and(eq(authSessions.id, id), isNull(authSessions.replacedAt), isNull(authSessions.revokedAt)))
    .returning({ id: authSessions.id });
  return rows.length === 1;
}

export async function revokeFamily(db: Queryable, familyId: string, at: Date): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: at })
    .where(and(eq(authSessions.familyId, familyId), isNull(authSessions.revokedAt)));
}

export async function revokeSubject(db: Queryable, kind: 'customer' | 'staff', subjectId: number, at: Date) {
  await db
    .update(authSessions)
    .set({ revokedAt: at })
    .where(
      and(eq(authSessions.subjectKind, kind), eq(authSessions.subjectId, subjectId), isNull(authSessions.revokedAt)),
    );
}

/** Is the family still signed in: a token of it neither revoked nor expired? */
export async function isFamilyLive(db: Queryable, familyId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ live: sql<number>`1` })
    .from(authSessions)
    .where(and(eq(authSessions.familyId, familyId), sessionLiveSql(authSessions, sql`${now.toISOString()}`)))
    .limit(1);
  return row !== undefined;
}

/**
 * The live-session condition of a customer's access token (placeholders familyId, customerId, brandId, now): the
 * family is still signed in (a token of it neither revoked nor expired) and the customer still exists in that
 * brand. Placement's card read uses it (orders.repo prepareCardPlacement); its write repeats it in SQL per placement.
 */
export function customerSessionLiveSelect(db: Queryable) {
  return db
    .select({ customerId: authSessions.subjectId })
    .from(authSessions)
    .innerJoin(
      customers,
      and(eq(customers.id, authSessions.subjectId), eq(customers.brandId, sql.placeholder('brandId'))),
    )
    .where(
      and(
        eq(authSessions.familyId, sql.placeholder('familyId')),
        eq(authSessions.subjectKind, 'customer'),
        eq(authSessions.subjectId, sql.placeholder('customerId')),
        sessionLiveSql(authSessions, sql.placeholder('now')),
      ),
    )
    .limit(1);
}

/** What the live-session check needs: the token's claims and the time. */
export interface CustomerSessionCheck {
  familyId: string;
  customerId: number;
  brandId: number;
  now: Date;
}

const customerSessionQuery = preparedFor((db) => customerSessionLiveSelect(db).prepare('customer_session_live'));

/**
 * A customer's access check in one indexed query (every signed-in request runs it): the session family is still
 * signed in (a token of it neither revoked nor expired) and the customer still exists in that brand.
 */
export async function isCustomerSessionLive(db: Queryable, check: CustomerSessionCheck): Promise<boolean> {
  const rows = await customerSessionQuery(db).execute({ ...check, now: check.now.toISOString() });
  return rows.length > 0;
}
