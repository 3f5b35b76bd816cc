import { sessionResponse } from '@sufra/shared/schemas/auth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Caller, caller, countRows, signIn } from '../../../test/accounts.ts';
import { UUID } from '../../../test/fixture-brands.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { signAccessToken } from '../../core/session-tokens.service.ts';
import { REFRESH_REUSE_GRACE_MS } from '../../core/sessions.service.ts';

const MINUTE = 60_000;

describe('customer sessions: cookies, refresh rotation, sign-out', () => {
  let t: TestApp;
  let clock = new Date('2026-04-01T09:00:00Z');
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  let brandA = 0;
  let brandB = 0;
  let phoneSeq = 0;
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    brandA = t.seeded.get('test-brand-a')?.brandId ?? 0;
    brandB = t.seeded.get('test-brand-b')?.brandId ?? 0;
  });
  afterAll(() => t.close());
  beforeEach(() => advance(2 * 24 * 60 * MINUTE));

  async function registered(uuid: string = UUID.aMain): Promise<Caller> {
    const c = caller(t);
    phoneSeq += 1;
    const res = await signIn(t, c, uuid, `05010000${String(phoneSeq).padStart(2, '0')}`, {
      fullName: `Diner ${phoneSeq}`,
    });
    expect(res.statusCode).toBe(200);
    return c;
  }
  const me = (c: Caller, uuid: string = UUID.aMain) => c.call('GET', `/api/customers/${uuid}/me/`);
  const refresh = (c: Caller, uuid: string = UUID.aMain) => c.call('POST', `/api/auth/${uuid}/refresh/`);

  it('keeps the customer signed in after the access token expires by refreshing once, with a new refresh token', async () => {
    const c = await registered();
    const firstRefresh = c.jar.cookies.get(`sufra_rt_${brandA}`);
    advance(16 * MINUTE);
    const expired = await me(c);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe('session_expired');

    const res = await refresh(c);
    expect(res.statusCode).toBe(200);
    const body = sessionResponse.parse(res.json());
    expect(new Date(body.session.accessExpiresAt).getTime() - clock.getTime()).toBe(15 * MINUTE);
    expect(new Date(body.session.refreshExpiresAt).getTime() - clock.getTime()).toBe(30 * 24 * 60 * MINUTE);
    const rt = res.cookies.find((x) => x.name === `sufra_rt_${brandA}`);
    expect(rt).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth' });
    expect(rt?.value).not.toBe(firstRefresh);
    expect((await me(c)).statusCode).toBe(200);
  });

  it('honours a refresh token spent moments ago whose answer was lost, in the same session (ADR 0550)', async () => {
    const c = await registered();
    const lost = caller(t);
    for (const [k, v] of c.jar.cookies) lost.jar.cookies.set(k, v);
    // The page reloaded while its refresh was on the way: the server rotated, the browser kept the old cookie.
    expect((await refresh(c)).statusCode).toBe(200);
    advance(REFRESH_REUSE_GRACE_MS);
    const retried = await refresh(lost);
    expect(retried.statusCode).toBe(200);
    expect((await me(lost)).statusCode).toBe(200);
    // Neither copy ended the session: the tab that got the first answer goes on too.
    expect((await me(c)).statusCode).toBe(200);
    expect((await refresh(c)).statusCode).toBe(200);
  });

  it('revokes the whole family when a refresh token spent longer ago than the grace is presented again', async () => {
    const c = await registered();
    const stolen = c.jar.clone();
    expect((await refresh(c)).statusCode).toBe(200);
    advance(REFRESH_REUSE_GRACE_MS + 1);
    // The thief replays the first (now spent) token: refused, and the family dies.
    const thief = caller(t);
    for (const [k, v] of stolen.cookies) thief.jar.cookies.set(k, v);
    const replay = await refresh(thief);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('session_expired');
    // The rightful owner's newer tokens are dead too, access token included.
    expect((await me(c)).statusCode).toBe(401);
    expect((await refresh(c)).statusCode).toBe(401);
  });

  it('refuses expired, forged and garbage tokens with 401', async () => {
    const c = await registered();
    const id = (await me(c)).json().id as number;
    const name = `sufra_at_${brandA}`;
    const family = '00000000-0000-4000-8000-000000000000';
    const forged = signAccessToken('not-the-server-secret-not-the-server-secret', {
      kind: 'customer',
      subjectId: id,
      brandId: brandA,
      familyId: family,
      expiresAt: clock.getTime() + MINUTE,
    });
    const real = c.jar.cookies.get(name) ?? '';
    const [payload, signature] = real.split('.');
    const tampered = `${Buffer.from(JSON.stringify({ k: 'c', s: id + 1, b: brandA, f: family, e: 9e15 })).toString('base64url')}.${signature}`;
    // Issue 24: the real signature with '===' appended, or with its last character's unused bits changed, decodes to
    // the same bytes; only the canonical base64url text is accepted.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(real.slice(-1));
    const lowBits = `${real.slice(0, -1)}${alphabet[last ^ 1]}`;
    const variants = [`${real}===`, `${real}=`, lowBits, real.replace(/-/g, '+').replace(/_/g, '/')].filter(
      (token) => token !== real,
    );
    expect(variants.length).toBeGreaterThanOrEqual(3);
    for (const token of [forged, tampered, 'garbage', `${payload}.`, 'a.b.c', 'x'.repeat(600), ...variants]) {
      const res = await caller(t).call('GET', `/api/customers/${UUID.aMain}/me/`, undefined, {
        cookie: `${name}=${token}`,
      });
      expect(res.statusCode, token.slice(0, 20)).toBe(401);
      expect(res.json().error.code).toBe('session_expired');
    }
    const none = await caller(t).call('GET', `/api/customers/${UUID.aMain}/me/`);
    expect(none.statusCode).toBe(401);
    expect(none.json().error).toEqual({ code: 'unauthenticated', message: 'Please sign in to continue' });
    const garbageRefresh = await caller(t).call('POST', `/api/auth/${UUID.aMain}/refresh/`, undefined, {
      cookie: `sufra_rt_${brandA}=garbage`,
    });
    expect(garbageRefresh.statusCode).toBe(401);
    // An expired refresh token.
    advance(31 * 24 * 60 * MINUTE);
    expect((await refresh(c)).statusCode).toBe(401);
  });

  it('signs out: clears the cookies and revokes the tokens even if a copy was kept', async () => {
    const c = await registered();
    const copy = c.jar.clone();
    const out = await c.call('POST', `/api/auth/${UUID.aMain}/logout/`);
    expect(out.statusCode).toBe(204);
    expect(c.jar.cookies.size).toBe(0);
    const kept = caller(t);
    for (const [k, v] of copy.cookies) kept.jar.cookies.set(k, v);
    expect((await me(kept)).statusCode).toBe(401);
    expect((await refresh(kept)).statusCode).toBe(401);
  });

  it("refuses a deleted customer's tokens", async () => {
    const c = await registered();
    const copy = c.jar.clone();
    const del = await c.call('DELETE', `/api/customers/${UUID.aMain}/me/`);
    expect(del.statusCode).toBe(204);
    const kept = caller(t);
    for (const [k, v] of copy.cookies) kept.jar.cookies.set(k, v);
    expect((await me(kept)).statusCode).toBe(401);
    expect((await refresh(kept)).statusCode).toBe(401);
  });

  it("is not signed in at brand B with brand A's session, and keeps both sessions apart", async () => {
    const c = await registered(UUID.aMain);
    expect((await me(c, UUID.bMain)).statusCode).toBe(401);
    // Even with brand A's token copied under brand B's cookie name.
    const tokenA = c.jar.cookies.get(`sufra_at_${brandA}`) ?? '';
    const copied = await caller(t).call('GET', `/api/customers/${UUID.bMain}/me/`, undefined, {
      cookie: `sufra_at_${brandB}=${tokenA}`,
    });
    expect(copied.statusCode).toBe(401);
    const refreshB = await caller(t).call('POST', `/api/auth/${UUID.bMain}/refresh/`, undefined, {
      cookie: `sufra_rt_${brandB}=${c.jar.cookies.get(`sufra_rt_${brandA}`)}`,
    });
    expect(refreshB.statusCode).toBe(401);

    // The same phone at brand B is another customer; signing in there leaves the brand A session alone.
    const phone = (await me(c)).json().phone as string;
    advance(MINUTE);
    const atB = await signIn(t, c, UUID.bMain, phone, { fullName: 'At B' });
    expect(atB.json().created).toBe(true);
    expect(atB.json().customer.id).not.toBe((await me(c)).json().id);
    expect((await me(c, UUID.aMain)).statusCode).toBe(200);
    expect((await me(c, UUID.bMain)).json().fullName).toBe('At B');
  });

  it('writes nothing when the registration fails halfway (one transaction)', async () => {
    const before = await countRows(t, 'auth_sessions');
    const customers = await countRows(t, 'customers');
    const res = await caller(t).call('POST', `/api/auth/${UUID.aMain}/otp/verify/`, {
      requestId: '00000000-0000-4000-8000-000000000001',
      code: '1234',
      profile: { fullName: 'Nobody' },
    });
    expect(res.statusCode).toBe(410);
    expect(await countRows(t, 'auth_sessions')).toBe(before);
    expect(await countRows(t, 'customers')).toBe(customers);
  });
});

describe('session cookies behind an https proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  it('are Secure when the request came over https, and not over plain http', async () => {
    const https = caller(t);
    const viaHttps = await signIn(
      t,
      { ...https, call: (m, u, p, h) => https.call(m, u, p, { 'x-forwarded-proto': 'https', ...h }) },
      UUID.aMain,
      '0501110001',
      { fullName: 'S' },
    );
    expect(viaHttps.statusCode).toBe(200);
    expect(viaHttps.cookies.map((x) => x.secure)).toEqual([true, true]);
    const viaHttp = await signIn(t, caller(t, { ip: '10.0.0.2' }), UUID.aMain, '0501110002', { fullName: 'P' });
    expect(viaHttp.cookies.map((x) => x.secure ?? false)).toEqual([false, false]);
  });
});
