import { createHmac, timingSafeEqual } from 'node:crypto';
import { canonicalBase64url } from '../../lib/base64url.ts';

/**
 * A reward's QR: a short signed token bound to the owned reward, its diner and brand, valid for a short time
 * (REWARD_QR_TTL_MS). The diner's page asks for a fresh one before it ends, so a screenshot sent to a friend stops
 * working within minutes. Format: `SUFRA-R1.<owned id>.<customer id>.<brand id>.<expiry, s since epoch>.<signature>`;
 * the signature is HMAC-SHA256 over the rest with the server secret (every instance shares it), cut to 16 bytes.
 */
export const REWARD_QR_TTL_MS = 120_000;
/** The page asks for a new token this long before the current one ends. */
export const REWARD_QR_REFRESH_MS = 60_000;

const PREFIX = 'SUFRA-R1';

export interface RewardQrClaims {
  ownedRewardId: number;
  customerId: number;
  brandId: number;
  expiresAt: Date;
}

function signature(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(`reward-qr.${payload}`).digest().subarray(0, 16);
}

export function signRewardQr(
  secret: string,
  claims: Omit<RewardQrClaims, 'expiresAt'>,
  now: Date,
): RewardQrClaims & { token: string } {
  const expiresAt = new Date(now.getTime() + REWARD_QR_TTL_MS);
  const payload = [
    PREFIX,
    claims.ownedRewardId,
    claims.customerId,
    claims.brandId,
    Math.floor(expiresAt.getTime() / 1000),
  ].join('.');
  return { ...claims, expiresAt, token: `${payload}.${signature(secret, payload).toString('base64url')}` };
}

/** The claims of a genuine token ('stale' when its time is over), or 'invalid' for anything else. */
export function readRewardQr(secret: string, token: string, now: Date): RewardQrClaims | 'invalid' | 'stale' {
  const parts = token.trim().split('.');
  if (parts.length !== 6 || parts[0] !== PREFIX) return 'invalid';
  const [, id, customer, brand, expiry, sig] = parts;
  const numbers = [id, customer, brand, expiry].map((p) => (p && /^\d{1,12}$/.test(p) ? Number(p) : Number.NaN));
  if (numbers.some((n) => !Number.isSafeInteger(n)) || !sig) return 'invalid';
  const given = canonicalBase64url(sig);
  const expected = signature(secret, parts.slice(0, 5).join('.'));
  if (!given || given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  const [ownedRewardId = 0, customerId = 0, brandId = 0, expirySeconds = 0] = numbers;
  const expiresAt = new Date(expirySeconds * 1000);
  if (expiresAt.getTime() <= now.getTime()) return 'stale';
  return { ownedRewardId, customerId, brandId, expiresAt };
}
