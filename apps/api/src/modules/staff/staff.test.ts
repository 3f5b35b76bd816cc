import {
  smsOutboxResponse,
  staffBranchListResponse,
  staffSessionResponse,
  staffUserSchema,
} from '@sufra/shared/schemas/staff';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Caller, caller, countRows } from '../../../test/accounts.ts';
import { STAFF, UUID } from '../../../test/fixture-brands.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const MINUTE = 60_000;

describe('staff sign-in and scope', () => {
  let t: TestApp;
  let clock = new Date('2026-06-01T09:00:00Z');
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  let ipSeq = 0;
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(() => t.close());
  beforeEach(() => advance(60 * MINUTE));

  async function login(who: { email: string; password: string }, options: { ip?: string } = {}): Promise<Caller> {
    ipSeq += 1;
    const c = caller(t, { ip: options.ip ?? `10.1.0.${ipSeq}` });
    const res = await c.call('POST', '/api/staff/auth/login/', who);
    expect(res.statusCode, res.body).toBe(200);
    return c;
  }

  it('signs in with email and password, sets the staff cookies and answers who is signed in', async () => {
    const c = caller(t);
    const res = await c.call('POST', '/api/staff/auth/login/', {
      email: ' Manager@Brand-A.test ',
      password: STAFF.aManager.password,
    });
    expect(res.statusCode).toBe(200);
    const body = staffSessionResponse.parse(res.json());
    expect(body.user).toMatchObject({
      email: 'manager@brand-a.test',
      role: 'manager',
      brand: { name: { en: 'Brand A' } },
    });
    expect(res.cookies.map((x) => [x.name, x.path, x.httpOnly])).toEqual([
      ['sufra_staff_at', '/api', true],
      ['sufra_staff_rt', '/api/staff/auth', true],
    ]);
    const me = staffUserSchema.parse((await c.call('GET', '/api/staff/me/')).json());
    expect(me.branches.map((b) => b.name.en).sort()).toEqual(['Branch a-closed', 'Branch a-main']);
    // The order board shows times on the branch's clock.
    expect(me.branches.map((b) => b.timeZone)).toContain('Asia/Riyadh');

    // Refresh rotates; sign-out ends it.
    advance(16 * MINUTE);
    expect((await c.call('GET', '/api/staff/me/')).statusCode).toBe(401);
    expect((await c.call('POST', '/api/staff/auth/refresh/')).statusCode).toBe(200);
    expect((await c.call('GET', '/api/staff/me/')).statusCode).toBe(200);
    expect((await c.call('POST', '/api/staff/auth/logout/')).statusCode).toBe(204);
    expect((await c.call('GET', '/api/staff/me/')).statusCode).toBe(401);
  });

  it('answers an unknown email and a wrong password alike', async () => {
    const unknown = await caller(t).call('POST', '/api/staff/auth/login/', {
      email: 'nobody@brand-a.test',
      password: 'x',
    });
    const wrong = await caller(t).call('POST', '/api/staff/auth/login/', {
      email: STAFF.aManager.email,
      password: 'x',
    });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json().error).toEqual({ code: 'staff_login_failed', message: 'The email or password is incorrect' });
    const arabic = await caller(t, { language: 'ar' }).call('POST', '/api/staff/auth/login/', {
      email: STAFF.aManager.email,
      password: 'x',
    });
    expect(arabic.json().error.message).toBe('البريد الإلكتروني أو كلمة المرور غير صحيحة');
  });

  it('refuses bad login input with 400', async () => {
    for (const body of [
      {},
      { email: 'not-email', password: 'x' },
      { email: STAFF.aOwner.email, password: '' },
      { email: STAFF.aOwner.email, password: 'p'.repeat(201) },
    ]) {
      const res = await caller(t).call('POST', '/api/staff/auth/login/', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    }
  });

  const attempt = (ip: string, who: { email: string; password: string }, language = 'en') =>
    caller(t, { ip, language }).call('POST', '/api/staff/auth/login/', who);
  const wrongFor = (who: { email: string }) => ({ email: who.email, password: 'not-the-password' });

  it("never locks the owner out with a stranger's wrong passwords: after ten from other addresses the right one signs in", async () => {
    const who = STAFF.aOwner;
    for (let i = 0; i < 10; i += 1) {
      expect((await attempt(`10.2.0.${i % 2}`, wrongFor(who))).statusCode).toBe(401);
    }
    expect((await attempt('10.2.0.99', who)).statusCode).toBe(200);
  });

  it('slows the guesser: five free wrong passwords per address and email, then waits doubling from 30 s', async () => {
    const who = STAFF.aManager;
    for (let i = 0; i < 5; i += 1) expect((await attempt('10.2.1.66', wrongFor(who))).statusCode).toBe(401);
    const waited = await attempt('10.2.1.66', who);
    expect(waited.statusCode).toBe(429);
    expect(waited.json().error).toMatchObject({
      code: 'sign_in_throttled',
      message: 'Too many wrong tries, wait a little and try again',
    });
    expect(waited.headers['retry-after']).toBe('30');
    advance(30_000);
    expect((await attempt('10.2.1.66', wrongFor(who))).statusCode).toBe(401);
    const longer = await attempt('10.2.1.66', who, 'ar');
    expect(longer.headers['retry-after']).toBe('60');
    expect(longer.json().error.message).toBe('محاولات خاطئة كثيرة، انتظر قليلًا ثم حاول مرة أخرى');
    // The refusals were not counted as tries: after the wait the right password works, and resets the pair.
    advance(60_000);
    expect((await attempt('10.2.1.66', who)).statusCode).toBe(200);
    expect((await attempt('10.2.1.66', wrongFor(who))).statusCode).toBe(401);
    expect((await attempt('10.2.1.66', who)).statusCode).toBe(200);
  });

  it('slows an address past its free wrong passwords across emails, except for an account that signed in there', async () => {
    // The cashier works here: signed in from this address before the guessing started.
    expect((await attempt('10.3.0.1', STAFF.aCashier)).statusCode).toBe(200);
    for (let i = 0; i < 30; i += 1) {
      expect((await attempt('10.3.0.1', { email: `guess${i}@brand-a.test`, password: 'x' })).statusCode).toBe(401);
    }
    const blocked = await attempt('10.3.0.1', STAFF.aOwner);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('sign_in_throttled');
    expect(blocked.headers['retry-after']).toBe('5');
    expect((await attempt('10.3.0.1', STAFF.aCashier)).statusCode).toBe(200);
    expect((await attempt('10.3.0.2', STAFF.aOwner)).statusCode).toBe(200);
    advance(5_000);
    expect((await attempt('10.3.0.1', STAFF.aOwner)).statusCode).toBe(200);
  });

  it("slows an account's sign-ins past twenty wrong passwords from anywhere, and never keeps the owner out for more than 5 minutes", async () => {
    const who = STAFF.bManager;
    expect((await attempt('10.4.0.1', who)).statusCode).toBe(200);
    advance(MINUTE);
    // Issue 24's attack: 105 wrong passwords spread over 21 addresses (five each, under every address's own allowance),
    // five at a time (each is a real scrypt check, which dominates this test's time), a second apart.
    const answers: number[] = [];
    for (let batch = 0; batch < 21; batch += 1) {
      const sent = await Promise.all(
        Array.from({ length: 5 }, () => attempt(`10.4.1.${batch}`, wrongFor(who)).then((r) => r.statusCode)),
      );
      answers.push(...sent);
      advance(1_000);
    }
    // The stranger was slowed: past twenty failures, most tries waited instead of being checked.
    expect(answers.filter((s) => s === 401).length).toBeLessThan(40);
    expect(answers.filter((s) => s === 429).length).toBeGreaterThan(60);
    // The owner at a new address waits minutes at most (it was 86,396 s), is told so, and then signs in.
    const owner = await attempt('10.4.2.1', who, 'ar');
    expect(owner.statusCode).toBe(429);
    expect(owner.json().error.code).toBe('sign_in_throttled');
    const wait = Number(owner.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(5 * 60);
    expect(owner.json().error.details.retryAfterSeconds).toBe(wait);
    advance(wait * 1000);
    expect((await attempt('10.4.2.1', who)).statusCode).toBe(200);
    // Where it signed in lately it never waited at all; and the success starts the account's count again.
    expect((await attempt('10.4.2.2', who)).statusCode).toBe(200);
  }, 120_000);

  it('keeps a distributed guesser to one checked password per 5 minutes once the account is past its allowance', async () => {
    const who = STAFF.aCashier;
    for (let i = 0; i < 20; i += 1) expect((await attempt(`10.4.3.${i}`, wrongFor(who))).statusCode).toBe(401);
    // Failures 21, 22 … wait 1 s, 2 s … after the last one, whichever address tries.
    const slowed = await attempt('10.4.3.100', wrongFor(who));
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBe('1');
    for (let i = 0; i < 12; i += 1) {
      advance(10 * MINUTE);
      expect((await attempt(`10.4.4.${i}`, wrongFor(who))).statusCode).toBe(401);
    }
    const capped = await attempt('10.4.5.1', who);
    expect(capped.statusCode).toBe(429);
    expect(capped.headers['retry-after']).toBe(String(5 * 60));
    advance(5 * MINUTE);
    expect((await attempt('10.4.5.1', who)).statusCode).toBe(200);
  }, 60_000);

  it('shows each user only the branches in scope: owner all, cashier one', async () => {
    const owner = await login(STAFF.aOwner);
    const cashier = await login(STAFF.aCashier);
    const ownerBranches = staffBranchListResponse.parse((await owner.call('GET', '/api/staff/branches/')).json());
    expect(ownerBranches.branches.map((b) => b.name.en)).toEqual(['Branch a-main', 'Branch a-closed']);
    expect(ownerBranches.branches.map((b) => b.status)).toEqual(['open', 'closed']);
    const cashierBranches = (await cashier.call('GET', '/api/staff/branches/')).json();
    expect(cashierBranches.branches.map((b: { name: { en: string } }) => b.name.en)).toEqual(['Branch a-main']);
  });

  it("keeps a cashier from a manager's work (403)", async () => {
    const cashier = await login(STAFF.aCashier);
    const mainId = t.seeded.get('test-brand-a')?.branchIds['a-main'];
    for (const [method, url, body] of [
      ['PATCH', `/api/staff/branches/${mainId}/`, { isOpen: false }],
      ['GET', '/api/staff/users/', undefined],
      ['GET', '/api/staff/sms-outbox/', undefined],
    ] as const) {
      const res = await cashier.call(method, url, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
    }
  });

  it("keeps brand A's staff out of brand B", async () => {
    const manager = await login(STAFF.aManager);
    const bBranch = t.seeded.get('test-brand-b')?.branchIds['b-main'];
    const res = await manager.call('PATCH', `/api/staff/branches/${bBranch}/`, { isOpen: false });
    expect(res.statusCode).toBe(404);
    expect(await countRows(t, `branches where id = ${Number(bBranch)} and is_open`)).toBe(1);
    const users = (await manager.call('GET', '/api/staff/users/')).json().users as { email: string }[];
    expect(users.map((u) => u.email).sort()).toEqual([STAFF.aCashier.email, STAFF.aManager.email, STAFF.aOwner.email]);
    const bManager = await login(STAFF.bManager);
    expect((await bManager.call('GET', '/api/staff/branches/')).json().branches).toHaveLength(1);
    expect((await bManager.call('GET', '/api/staff/users/')).json().users).toHaveLength(1);
    // A staff token is no customer session, and the other way round.
    expect((await manager.call('GET', `/api/customers/${UUID.aMain}/me/`)).statusCode).toBe(401);
  });

  it('closes a branch by hand and the landing data shows it at once', async () => {
    const manager = await login(STAFF.aManager);
    const mainId = t.seeded.get('test-brand-a')?.branchIds['a-main'];
    const landing = async () =>
      (await t.app.inject({ url: `/api/restaurant/qr/${UUID.aMain}/data/` })).json().branch.status;
    expect(await landing()).toBe('open');
    const version = async () =>
      (await t.database.query<{ v: number }>("select menu_version as v from brands where slug = 'test-brand-a'"))[0]?.v;
    const versionBefore = await version();
    const closed = await manager.call('PATCH', `/api/staff/branches/${mainId}/`, { isOpen: false });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ isOpen: false, status: 'closed' });
    expect(await landing()).toBe('closed');
    // Every instance's cached menu and QR lookups are told (invalidateMenu bumps the brand's version).
    expect(await version()).toBe((versionBefore ?? 0) + 1);
    expect((await manager.call('PATCH', `/api/staff/branches/${mainId}/`, { isOpen: true })).json().status).toBe(
      'open',
    );
    expect((await manager.call('PATCH', `/api/staff/branches/${mainId}/`, { isOpen: 'yes' })).statusCode).toBe(400);
  });

  it("shows managers their brand's SMS outbox, latest first, and nothing of other brands", async () => {
    await caller(t, { ip: '10.5.0.1' }).call('POST', `/api/auth/${UUID.aMain}/otp/`, {
      phone: { phone_number: '0507000001' },
    });
    await caller(t, { ip: '10.5.0.1' }).call('POST', `/api/auth/${UUID.aMain}/otp/`, {
      phone: { phone_number: '0507000002' },
    });
    await caller(t, { ip: '10.5.0.1' }).call('POST', `/api/auth/${UUID.bMain}/otp/`, {
      phone: { phone_number: '0507000003' },
    });
    const manager = await login(STAFF.aManager);
    const outbox = smsOutboxResponse.parse((await manager.call('GET', '/api/staff/sms-outbox/')).json());
    expect(outbox.messages.slice(0, 2).map((m) => m.to)).toEqual(['+966507000002', '+966507000001']);
    expect(outbox.messages.some((m) => m.to === '+966507000003')).toBe(false);
    expect(outbox.messages[0]).toMatchObject({ status: 'pending', attempts: 0, sentAt: null });
    await t.app.smsRelay.drainOnce();
    const after = smsOutboxResponse.parse((await manager.call('GET', '/api/staff/sms-outbox/')).json());
    expect(after.messages[0]).toMatchObject({ status: 'sent', attempts: 1 });
    const bManager = await login(STAFF.bManager);
    const bOutbox = smsOutboxResponse.parse((await bManager.call('GET', '/api/staff/sms-outbox/')).json());
    expect(bOutbox.messages.map((m) => m.to)).toEqual(['+966507000003']);
  });

  it('refuses a disabled user at once, even with a live token', async () => {
    const c = await login(STAFF.aCashier);
    await t.database.query('update staff_users set active = false where email = $1', [STAFF.aCashier.email]);
    try {
      expect((await c.call('GET', '/api/staff/me/')).statusCode).toBe(401);
      expect((await c.call('POST', '/api/staff/auth/refresh/')).statusCode).toBe(401);
      const again = await caller(t).call('POST', '/api/staff/auth/login/', STAFF.aCashier);
      expect(again.statusCode).toBe(401);
    } finally {
      await t.database.query('update staff_users set active = true where email = $1', [STAFF.aCashier.email]);
    }
  });
});

describe('SMS outbox visibility', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SMS_OUTBOX_VISIBLE: 'false' } });
  });
  afterAll(() => t.close());

  it('answers 404 when SMS_OUTBOX_VISIBLE is false', async () => {
    const c = caller(t);
    expect((await c.call('POST', '/api/staff/auth/login/', STAFF.aOwner)).statusCode).toBe(200);
    expect((await c.call('GET', '/api/staff/sms-outbox/')).statusCode).toBe(404);
  });
});
