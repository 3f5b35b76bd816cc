import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DB_INT_MAX } from '@sufra/shared/schemas/common';
import { canonicalBase64url } from '../lib/base64url.ts';

/** Lifetimes (issue 3): a short access token, a long rotating refresh token. */
export const ACCESS_TTL_MS = 15 * 60 * 1000;
export const REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export type SubjectKind = 'customer' | 'staff';

export interface AccessClaims {
  kind: SubjectKind;
  subjectId: number;
  brandId: number;
  familyId: string;
  /** Expiry, ms since epoch. */
  expiresAt: number;
}

const b64 = (buffer: Buffer) => buffer.toString('base64url');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isDbId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= DB_INT_MAX;

function sign(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(`access.${payload}`).digest();
}

/**
 * A compact signed token (`<payload>.<signature>`, base64url, HMAC-SHA256 with the server secret). Not a JWT
 * library: we only ever verify our own tokens, with one algorithm, so there is no header to trust.
 */
export function signAccessToken(secret: string, claims: AccessClaims): string {
  const payload = b64(
    Buffer.from(
      JSON.stringify({
        k: claims.kind === 'customer' ? 'c' : 's',
        s: claims.subjectId,
        b: claims.brandId,
        f: claims.familyId,
        e: claims.expiresAt,
      }),
    ),
  );
  return `${payload}.${b64(sign(secret, payload))}`;
}

/** The claims of a valid, unexpired token of ours; null for anything else (forged, garbage, expired). */
export function verifyAccessToken(secret: string, token: string | undefined, now: Date): AccessClaims | null {
  if (!token || token.length > 512) return null;
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = sign(secret, payload);
  const given = canonicalBase64url(signature);
  if (!given || given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const { k, s, b, f, e } = data;
    // Only what signAccessToken writes: ids in the database's integer range and a uuid family. A token signed with a
    // leaked secret but odd values must be refused here, not by the database as a 500 (issue 24 item 17).
    if ((k !== 'c' && k !== 's') || !isDbId(s) || !isDbId(b)) return null;
    if (typeof f !== 'string' || !UUID.test(f) || typeof e !== 'number' || e <= now.getTime()) return null;
    return { kind: k === 'c' ? 'customer' : 'staff', subjectId: s, brandId: b, familyId: f, expiresAt: e };
  } catch {
    return null;
  }
}

/** A fresh refresh token: 256 random bits. Only its hash is stored. */
export function newRefreshToken(): string {
  return b64(randomBytes(32));
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
