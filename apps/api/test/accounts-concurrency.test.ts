import { otpRequestResponse } from '@sufra/shared/schemas/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, countRows, latestCode, signIn } from './accounts.ts';
import { UUID } from './fixture-brands.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Races on one-time things. Meaningful on PostgreSQL (a pool of 12 connections: the requests really run
 * side by side); on PGlite queries run one at a time, and the same assertions must hold.
 */
describe('concurrent use of one code, one refresh token, one phone', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lets exactly one of ten concurrent verifies of one code succeed, creating one customer and one session', async () => {
    const c = caller(t);
    const sent = otpRequestResponse.parse(
      (await c.call('POST', `/api/auth/${UUID.aMain}/otp/`, { phone: { phone_number: '0580000001' } })).json(),
    );
    const code = await latestCode(t, sent.phone);
    const sessionsBefore = await countRows(t, 'auth_sessions');
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        caller(t, { ip: `10.7.0.${i}` }).call('POST', `/api/auth/${UUID.aMain}/otp/verify/`, {
          requestId: sent.requestId,
          code,
          profile: { fullName: `Racer ${i}` },
        }),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 410)).toHaveLength(9);
    expect(await countRows(t, "customers where phone = '+966580000001'")).toBe(1);
    expect(await countRows(t, 'auth_sessions')).toBe(sessionsBefore + 1);
  });

  it('counts ten concurrent wrong codes up to the limit of five, never past it', async () => {
    const c = caller(t);
    const sent = otpRequestResponse.parse(
      (await c.call('POST', `/api/auth/${UUID.aMain}/otp/`, { phone: { phone_number: '0580000002' } })).json(),
    );
    const code = await latestCode(t, sent.phone);
    const wrong = code === '0000' ? '1111' : '0000';
    await Promise.all(
      Array.from({ length: 10 }, () =>
        caller(t).call('POST', `/api/auth/${UUID.aMain}/otp/verify/`, { requestId: sent.requestId, code: wrong }),
      ),
    );
    const rows = await t.database.query<{ wrong_tries: number }>('select wrong_tries from otp_requests where id = $1', [
      sent.requestId,
    ]);
    expect(rows[0]?.wrong_tries).toBe(5);
    const right = await c.call('POST', `/api/auth/${UUID.aMain}/otp/verify/`, {
      requestId: sent.requestId,
      code,
      profile: { fullName: 'Late' },
    });
    expect(right.statusCode).toBe(429);
  });

  it('compares at most five of twenty simultaneous guesses at one code, from twenty addresses', async () => {
    const c = caller(t);
    const sent = otpRequestResponse.parse(
      (await c.call('POST', `/api/auth/${UUID.aMain}/otp/`, { phone: { phone_number: '0580000014' } })).json(),
    );
    const code = await latestCode(t, sent.phone);
    const guesses = Array.from({ length: 25 }, (_, i) => String(i * 7).padStart(4, '0'))
      .filter((g) => g !== code)
      .slice(0, 20);
    const results = await Promise.all(
      guesses.map((guess, i) =>
        caller(t, { ip: `10.9.0.${i}` }).call('POST', `/api/auth/${UUID.aMain}/otp/verify/`, {
          requestId: sent.requestId,
          code: guess,
        }),
      ),
    );
    const codes = results.map((r) => r.json().error.code);
    expect(codes.filter((x) => x === 'otp_incorrect')).toHaveLength(5);
    expect(codes.filter((x) => x === 'otp_tries_exceeded')).toHaveLength(15);
    expect(await countRows(t, "otp_verify_attempts where phone = '+966580000014'")).toBe(5);
  });

  it('sends one code when the same number asks ten times at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        caller(t, { ip: `10.8.0.${i}` }).call('POST', `/api/auth/${UUID.aMain}/otp/`, {
          phone: { phone_number: '0580000003' },
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 202)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(9);
    expect(await countRows(t, "otp_requests where phone = '+966580000003'")).toBe(1);
    expect(await countRows(t, "sms_outbox where to_phone = '+966580000003'")).toBe(1);
  });

  it('spends one refresh token once when requests race with it; each racer stays in the session (ADR 0550)', async () => {
    const c = caller(t);
    expect((await signIn(t, c, UUID.aMain, '0580000004', { fullName: 'Two Tabs' })).statusCode).toBe(200);
    const tabs = Array.from({ length: 5 }, () => {
      const tab = caller(t);
      for (const [k, v] of c.jar.cookies) tab.jar.cookies.set(k, v);
      return tab;
    });
    const results = await Promise.all(tabs.map((tab) => tab.call('POST', `/api/auth/${UUID.aMain}/refresh/`)));
    // A racer that lost was still within the grace of a token spent that instant: nobody is signed out.
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const rows = await t.database.query<{ spent: number; live: number; families: number }>(
      `select count(*) filter (where s.replaced_at is not null)::int as spent,
              count(*) filter (where s.revoked_at is null)::int as live,
              count(distinct s.family_id)::int as families
         from auth_sessions s join customers c on c.id = s.subject_id
        where c.phone = '+966580000004' and s.subject_kind = 'customer'`,
    );
    // The signed-in token spent once (one row), five new ones, all one session.
    expect(rows[0]).toEqual({ spent: 1, live: 6, families: 1 });
    for (const tab of tabs) expect((await tab.call('GET', `/api/customers/${UUID.aMain}/me/`)).statusCode).toBe(200);
  });
});
