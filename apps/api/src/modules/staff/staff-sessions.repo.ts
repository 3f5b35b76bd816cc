import { and, desc, eq, sql } from 'drizzle-orm';
import { sessionLiveSql } from '../../core/sessions.repo.ts';
import type { Queryable } from '../../db/client.ts';
import { authSessions } from '../../db/schema/auth.ts';

/** The live refresh tokens of a staff user (every token of a signed-in family), newest first. */
export function liveStaffTokens(db: Queryable, staffUserId: number, now: Date) {
  return db
    .select({
      familyId: authSessions.familyId,
      createdAt: authSessions.createdAt,
      ip: authSessions.ip,
      userAgent: authSessions.userAgent,
    })
    .from(authSessions)
    .where(
      and(
        eq(authSessions.subjectKind, 'staff'),
        eq(authSessions.subjectId, staffUserId),
        sessionLiveSql(authSessions, sql`${now.toISOString()}`),
      ),
    )
    .orderBy(desc(authSessions.createdAt), desc(authSessions.id));
}
