import { randomUUID } from 'node:crypto';
import type { SessionInfo } from '@sufra/shared/schemas/auth';
import type { AppContext } from '../app-context.ts';
import type { Queryable } from '../db/client.ts';
import { AppError } from '../plugins/errors.ts';
import {
  ACCESS_TTL_MS,
  type AccessClaims,
  hashRefreshToken,
  newRefreshToken,
  REFRESH_TTL_MS,
  type SubjectKind,
  signAccessToken,
  verifyAccessToken,
} from './session-tokens.service.ts';
import {
  findSessionByHash,
  findSessionById,
  insertSession,
  isCustomerSessionLive,
  isFamilyLive,
  markReplaced,
  revokeFamily as revokeFamilyRows,
  revokeSubject as revokeSubjectRows,
} from './sessions.repo.ts';

export interface Subject {
  kind: SubjectKind;
  id: number;
  brandId: number;
  /** The client signing in or refreshing, kept on the token's row (staff's "my sessions" list shows it). */
  client?: SessionClient;
}

/** Where a session is used from: the request's address and user agent (trimmed). */
export interface SessionClient {
  ip: string | null;
  userAgent: string | null;
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: Date;
  refreshExpiresAt: Date;
}

/** What the sessions' operations need: the app (database, clock) and the secret that signs access tokens. */
export interface SessionsDeps {
  ctx: AppContext;
  secret: string;
}

export async function issue(
  { ctx, secret }: SessionsDeps,
  db: Queryable,
  subject: Subject,
  familyId: string = randomUUID(),
): Promise<IssuedTokens> {
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
    ip: subject.client?.ip ?? null,
    userAgent: subject.client?.userAgent?.slice(0, 300) ?? null,
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

function customerClaims(secret: string, token: string | undefined, brandId: number, now: Date): AccessClaims | null {
  const claims = verifyAccessToken(secret, token, now);
  return claims?.kind === 'customer' && claims.brandId === brandId ? claims : null;
}

/**
 * How long a just-spent refresh token is still honoured (ADR 0550). A refresh whose answer never reached the browser
 * (the page reloaded or navigated, the phone lost signal) leaves the spent token in the cookie jar; without this the
 * next refresh would look like a copy and end the session of someone who did nothing wrong.
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;

/**
 * Trades a refresh token for a new pair (same family). A token spent more than REFRESH_REUSE_GRACE_MS ago means it
 * was copied: the whole family is revoked and the caller must sign in again (401 session_expired). Within the grace
 * the spent token buys one more pair of the same family.
 */
export async function rotate(
  deps: SessionsDeps,
  refreshToken: string | undefined,
  kind: SubjectKind,
  brandId: number | null,
  client?: SessionClient,
) {
  const { ctx } = deps;
  if (!refreshToken || refreshToken.length > 256) throw new AppError('unauthenticated');
  const token = refreshToken;
  const now = ctx.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const row = await findSessionByHash(tx, hashRefreshToken(token));
    if (!row || row.subjectKind !== kind || (brandId !== null && row.brandId !== brandId)) {
      throw new AppError('session_expired');
    }
    if (row.revokedAt || row.expiresAt <= now) throw new AppError('session_expired');
    // Spent by a request racing this one, or revoked meanwhile: read it again to know which.
    const spentAt = row.replacedAt ?? ((await markReplaced(tx, row.id, now)) ? null : await spentSince(tx, row.id));
    if (spentAt === undefined) throw new AppError('session_expired');
    if (spentAt && now.getTime() - spentAt.getTime() > REFRESH_REUSE_GRACE_MS) return { reusedFamily: row.familyId };
    const subject = { kind, id: row.subjectId, brandId: row.brandId };
    return { subject, tokens: await issue(deps, tx, { ...subject, client }, row.familyId) };
  });
  if ('reusedFamily' in outcome && outcome.reusedFamily) {
    // A spent token presented again was copied: revoke the whole family (after the transaction, so
    // the revocation stands although we answer 401).
    await revokeFamilyRows(ctx.db, outcome.reusedFamily, now);
    throw new AppError('session_expired');
  }
  if (!('subject' in outcome) || !outcome.subject || !outcome.tokens) throw new AppError('session_expired');
  return { subject: outcome.subject, tokens: outcome.tokens };
}

/** When a token was spent: undefined once it is revoked (the family signed out). */
async function spentSince(db: Queryable, id: number): Promise<Date | undefined> {
  const row = await findSessionById(db, id);
  return row && !row.revokedAt && row.replacedAt ? row.replacedAt : undefined;
}

/** Sign-out: revokes the family of this refresh token (unknown tokens are ignored). */
export async function revokeByRefreshToken({ ctx }: SessionsDeps, refreshToken: string | undefined): Promise<void> {
  if (!refreshToken || refreshToken.length > 256) return;
  const row = await findSessionByHash(ctx.db, hashRefreshToken(refreshToken));
  if (row) await revokeFamilyRows(ctx.db, row.familyId, ctx.now());
}

export async function revokeFamily({ ctx }: SessionsDeps, familyId: string): Promise<void> {
  await revokeFamilyRows(ctx.db, familyId, ctx.now());
}

export async function revokeSubject(
  { ctx }: SessionsDeps,
  db: Queryable,
  kind: SubjectKind,
  subjectId: number,
): Promise<void> {
  await revokeSubjectRows(db, kind, subjectId, ctx.now());
}

/**
 * The claims of a customer access token of this brand with a good signature and not expired, or null, with no
 * query: whoever uses it must still check the session is live (isCustomerSessionLive's condition), as
 * placement does inside its write (orders.repo insertPlacedOrders, and prepareCardPlacement for a card order).
 */
export function readCustomerAccess(
  { ctx, secret }: SessionsDeps,
  token: string | undefined,
  brandId: number,
): AccessClaims | null {
  return customerClaims(secret, token, brandId, ctx.now());
}

/**
 * A valid customer access token of this brand whose family is still signed in and whose customer still
 * exists there, or null: one query.
 */
export async function checkCustomerAccess(
  { ctx, secret }: SessionsDeps,
  token: string | undefined,
  brandId: number,
): Promise<AccessClaims | null> {
  const now = ctx.now();
  const claims = customerClaims(secret, token, brandId, now);
  if (!claims) return null;
  const live = await isCustomerSessionLive(ctx.db, {
    familyId: claims.familyId,
    customerId: claims.subjectId,
    brandId,
    now,
  });
  return live ? claims : null;
}

/**
 * The claims of an access token of this kind with a good signature and not expired, or null, with no query: the
 * caller checks the family is still signed in (the staff guard does, in its user's query).
 */
export function readAccess(
  { ctx, secret }: SessionsDeps,
  token: string | undefined,
  kind: SubjectKind,
): AccessClaims | null {
  const claims = verifyAccessToken(secret, token, ctx.now());
  return claims?.kind === kind ? claims : null;
}

/** A valid access token whose family is still signed in, or null. */
export async function checkAccess(
  { ctx, secret }: SessionsDeps,
  token: string | undefined,
  kind: SubjectKind,
): Promise<AccessClaims | null> {
  const now = ctx.now();
  const claims = verifyAccessToken(secret, token, now);
  if (!claims || claims.kind !== kind) return null;
  if (!(await isFamilyLive(ctx.db, claims.familyId, now))) return null;
  return claims;
}

/**
 * Sessions for customers and staff alike: issue, rotate with reuse detection, revoke, check access tokens. The
 * operations are the plain functions above; this binds them to the app.
 */
export function createSessionsService(ctx: AppContext, secret: string) {
  const deps: SessionsDeps = { ctx, secret };
  return {
    issue: issue.bind(null, deps),
    rotate: rotate.bind(null, deps),
    revokeByRefreshToken: revokeByRefreshToken.bind(null, deps),
    revokeFamily: revokeFamily.bind(null, deps),
    revokeSubject: revokeSubject.bind(null, deps),
    readCustomerAccess: readCustomerAccess.bind(null, deps),
    checkCustomerAccess: checkCustomerAccess.bind(null, deps),
    readAccess: readAccess.bind(null, deps),
    checkAccess: checkAccess.bind(null, deps),
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;

/** A session's expiry times as the API answers them (diners' and staff's sign-in and refresh). */
export function sessionInfo(tokens: IssuedTokens): SessionInfo {
  return {
    accessExpiresAt: tokens.accessExpiresAt.toISOString(),
    refreshExpiresAt: tokens.refreshExpiresAt.toISOString(),
  };
}
