import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptToken, encryptToken, readState, signState } from './foodics-tokens.service.ts';

const key = randomBytes(32);

describe('Foodics tokens at rest', () => {
  it('seals a token so that the text holds no part of it, and opens it with the key for the same brand only', () => {
    const token = 'eyJhbGciOiJSUzI1NiJ9.foodics-access-token-0123456789';
    const sealed = encryptToken(key, 7, token);
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('foodics-access-token');
    expect(encryptToken(key, 7, token)).not.toBe(sealed);
    expect(decryptToken(key, 7, sealed)).toBe(token);
    expect(decryptToken(key, 8, sealed)).toBeNull();
    expect(decryptToken(randomBytes(32), 7, sealed)).toBeNull();
    const altered = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}A`;
    expect(decryptToken(key, 7, altered)).toBeNull();
    expect(decryptToken(key, 7, 'plain-token')).toBeNull();
  });

  it('signs the OAuth state: read back until it expires, refused when altered or signed with another key', () => {
    const now = new Date('2026-11-29T00:00:00Z');
    const state = signState(key, { brandId: 3, staffId: 9, exp: now.getTime() + 600_000 });
    expect(readState(key, state, now)).toEqual({ brandId: 3, staffId: 9 });
    expect(readState(key, state, new Date(now.getTime() + 600_001))).toBeNull();
    expect(readState(randomBytes(32), state, now)).toBeNull();
    const [body, mac] = state.split('.');
    const forged = Buffer.from(JSON.stringify({ b: 4, s: 9, e: now.getTime() + 600_000 })).toString('base64url');
    expect(readState(key, `${forged}.${mac}`, now)).toBeNull();
    expect(readState(key, `${body}`, now)).toBeNull();
  });
});
