import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../app-context.ts';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import {
  ACCESS_TTL_MS,
  type AccessClaims,
  hashRefreshToken,
  newRefreshToken,
  REFRESH_TTL_MS,
  type SubjectKind,
  signAccessToken,
  verifyAccessToken,
} from './session-tokens.ts';
import {
  findSessionByHash,
  insertSession,
  isCustomerSessionLive,
  isFamilyLive,
  markReplaced,
  revokeFamily,
  revokeSubject,
} from './sessions.repo.ts';

export interface Subject {
  kind: SubjectKind;
  id: number;
  brandId: number;
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: Date;
  refreshExpiresAt: Date;
}

/** Sessions for customers and staff alike: issue, rotate with reuse detection, revoke, check access tokens. */
export function createSessionsService(ctx: AppContext, secret: string) {
  async function issue(db: Queryable, subject: Subject, familyId: string = randomUUID()): Promise<IssuedTokens> {
    const now = ctx.now();
    const refreshToken = newRefreshToken();
    const accessExpiresAt = new Date(now.getTime() + ACCESS_TTL_MS);
    const refreshExpiresAt = new Date(now.getTime() + REFRESH_TTL_MS);
    await insertSession(db, {
      familyId,
      subjectKind: subject.kind,
      subjectId: subject.id,
      brandId: subject.brandId,
      tokenHash: hashRefreshToken(refreshToken),
      expiresAt: refreshExpiresAt,
      createdAt: now,
    });
    const accessToken = signAccessToken(secret, {
      kind: subject.kind,
      subjectId: subject.id,
      brandId: subject.brandId,
      familyId,
      expiresAt: accessExpiresAt.getTime(),
    });
    return { accessToken, refreshToken, accessExpiresAt, refreshExpiresAt };
  }

  function readCustomerAccess(token: string | undefined, brandId: number, now: Date): AccessClaims | null {
    const claims = verifyAccessToken(secret, token, now);
    return claims?.kind === 'customer' && claims.brandId === brandId ? claims : null;
  }

  return {
    issue,

    /**
     * Trades a refresh token for a new pair (same family). A token already spent means it was copied:
     * the whole family is revoked and the caller must sign in again (401 session_expired).
     */
    async rotate(refreshToken: string | undefined, kind: SubjectKind, brandId: number | null) {
      if (!refreshToken || refreshToken.length > 256) throw new AppError('unauthenticated');
      const token = refreshToken;
      const now = ctx.now();
      const outcome = await ctx.db.transaction(async (tx) => {
        const row = await findSessionByHash(tx, hashRefreshToken(token));
        if (!row || row.subjectKind !== kind || (brandId !== null && row.brandId !== brandId)) {
          throw new AppError('session_expired');
        }
        if (row.revokedAt || row.expiresAt <= now) throw new AppError('session_expired');
        if (row.replacedAt || !(await markReplaced(tx, row.id, now))) return { reusedFamily: row.familyId };
        const subject = { kind, id: row.subjectId, brandId: row.brandId };
        return { subject, tokens: await issue(tx, subject, row.familyId) };
      });
      if ('reusedFamily' in outcome && outcome.reusedFamily) {
        // A spent token presented again was copied: revoke the whole family (after the transaction, so
        // the revocation stands although we answer 401).
        await revokeFamily(ctx.db, outcome.reusedFamily, now);
        throw new AppError('session_expired');
      }
      if (!('subject' in outcome) || !outcome.subject || !outcome.tokens) throw new AppError('session_expired');
      return { subject: outcome.subject, tokens: outcome.tokens };
    },

    /** Sign-out: revokes the family of this refresh token (unknown tokens are ignored). */
    async revokeByRefreshToken(refreshToken: string | undefined): Promise<void> {
      if (!refreshToken || refreshToken.length > 256) return;
      const row = await findSessionByHash(ctx.db, hashRefreshToken(refreshToken));
      if (row) await revokeFamily(ctx.db, row.familyId, ctx.now());
    },

    async revokeFamily(familyId: string): Promise<void> {
      await revokeFamily(ctx.db, familyId, ctx.now());
    },

    async revokeSubject(db: Queryable, kind: SubjectKind, subjectId: number): Promise<void> {
      await revokeSubject(db, kind, subjectId, ctx.now());
    },

    /**
     * The claims of a customer access token of this brand with a good signature and not expired, or null, with no
     * query: whoever uses it must still check the session is live (isCustomerSessionLive's condition), as
     * placement does inside its write (orders.repo insertPlacedOrders, and prepareCardPlacement for a card order).
     */
    readCustomerAccess(token: string | undefined, brandId: number): AccessClaims | null {
      return readCustomerAccess(token, brandId, ctx.now());
    },

    /**
     * A valid customer access token of this brand whose family is still signed in and whose customer still
     * exists there, or null: one query.
     */
    async checkCustomerAccess(token: string | undefined, brandId: number): Promise<AccessClaims | null> {
      const now = ctx.now();
      const claims = readCustomerAccess(token, brandId, now);
      if (!claims) return null;
      const live = await isCustomerSessionLive(ctx.db, {
        familyId: claims.familyId,
        customerId: claims.subjectId,
        brandId,
        now,
      });
      return live ? claims : null;
    },

    /**
     * The claims of an access token of this kind with a good signature and not expired, or null, with no query: the
     * caller checks the family is still signed in (the staff guard does, in its user's query).
     */
    readAccess(token: string | undefined, kind: SubjectKind): AccessClaims | null {
      const claims = verifyAccessToken(secret, token, ctx.now());
      return claims?.kind === kind ? claims : null;
    },

    /** A valid access token whose family is still signed in, or null. */
    async checkAccess(token: string | undefined, kind: SubjectKind): Promise<AccessClaims | null> {
      const now = ctx.now();
      const claims = verifyAccessToken(secret, token, now);
      if (!claims || claims.kind !== kind) return null;
      if (!(await isFamilyLive(ctx.db, claims.familyId, now))) return null;
      return claims;
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
