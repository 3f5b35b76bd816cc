import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The brands' Foodics tokens at rest (docs/adr/0650): AES-256-GCM with FOODICS_TOKEN_KEY, a fresh 12-byte IV each
 * time, the brand id as associated data (a token copied into another brand's row does not open), written
 * `v1.<iv>.<tag>.<ciphertext>` in base64url. And the OAuth `state`: brand, staff user and expiry, signed with a key
 * derived from the same key (HMAC-SHA256), so the callback needs no table.
 */
const VERSION = 'v1';
const b64 = (bytes: Buffer) => bytes.toString('base64url');

export function encryptToken(key: Buffer, brandId: number, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`foodics-token:${brandId}`));
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, b64(iv), b64(cipher.getAuthTag()), b64(sealed)].join('.');
}

/** The token, or null when the text was not sealed with this key for this brand (or was altered). */
export function decryptToken(key: Buffer, brandId: number, text: string): string | null {
  const [version, iv, tag, sealed] = text.split('.');
  if (version !== VERSION || !iv || !tag || sealed === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(`foodics-token:${brandId}`));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export interface OAuthState {
  brandId: number;
  staffId: number;
  /** Expiry, ms since the epoch. */
  exp: number;
}

const stateKey = (key: Buffer) => createHmac('sha256', key).update('foodics-oauth-state').digest();

export function signState(key: Buffer, state: OAuthState): string {
  const body = b64(
    Buffer.from(JSON.stringify({ b: state.brandId, s: state.staffId, e: state.exp, n: b64(randomBytes(9)) })),
  );
  return `${body}.${b64(createHmac('sha256', stateKey(key)).update(body).digest())}`;
}

/** The state's brand and staff user when it is ours, intact and not expired at `now`; null otherwise. */
export function readState(key: Buffer, text: string, now: Date): Omit<OAuthState, 'exp'> | null {
  const [body, mac] = text.split('.');
  if (!body || !mac) return null;
  const expected = createHmac('sha256', stateKey(key)).update(body).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const v = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { b: unknown; s: unknown; e: unknown };
    if (!Number.isSafeInteger(v.b) || !Number.isSafeInteger(v.s) || typeof v.e !== 'number') return null;
    if (v.e < now.getTime()) return null;
    return { brandId: v.b as number, staffId: v.s as number };
  } catch {
    return null;
  }
}
