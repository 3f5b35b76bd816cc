import { otpRequestResponse, sessionResponse } from '@sufra/shared/schemas/auth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { caller, countRows, latestCode, signIn } from '../../../test/accounts.ts';
import { UUID } from '../../../test/fixture-brands.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('customer sign-in by phone code', () => {
  let t: TestApp;
  let clock = new Date('2026-03-01T09:00:00Z');
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  beforeAll(async () => {
    // A small free allowance per address, so the address-wide throttle is reached in a few requests.
    t = await createTestApp({ now: () => clock, env: { SIGN_IN_FAILURES_PER_IP_PER_HOUR: '8' } });
  });
  afterAll(() => t.close());
  // Each test starts far from the previous one: the per-phone and per-IP windows are empty again.
  beforeEach(() => advance(2 * 24 * 60 * MINUTE));

  const otp = (c: ReturnType<typeof caller>, phone: unknown, uuid: string = UUID.aMain) =>
    c.call('POST', `/api/auth/${uuid}/otp/`, { phone });
  const verify = (c: ReturnType<typeof caller>, body: unknown, uuid: string = UUID.aMain) =>
    c.call('POST', `/api/auth/${uuid}/otp/verify/`, body);

  it('registers a new number, signs in with the cookies, and signs in again later as the same customer', async () => {
    const c = caller(t);
    const sent = await otp(c, { phone_number: '050 123 4567' });
    expect(sent.statusCode).toBe(202);
    const body = otpRequestResponse.parse(sent.json());
    expect(body.phone).toBe('+966501234567');
    expect(new Date(body.expiresAt).getTime() - clock.getTime()).toBe(5 * MINUTE);
    const code = await latestCode(t, '+966501234567');
    expect(code).toMatch(/^\d{4}$/);

    // Unknown number, no profile: 409 and the code stays usable.
    const noProfile = await verify(c, { requestId: body.requestId, code });
    expect(noProfile.statusCode).toBe(409);
    expect(noProfile.json().error.code).toBe('registration_required');

    const registered = await verify(c, {
      requestId: body.requestId,
      code,
      profile: {
        fullName: ' Reem Ali ',
        email: 'Reem@Example.COM',
        ageGroup: '25_39',
        gender: 'female',
        city: 'Riyadh',
      },
    });
    expect(registered.statusCode).toBe(200);
    const session = sessionResponse.parse(registered.json());
    expect(session.created).toBe(true);
    expect(session.customer).toMatchObject({
      fullName: 'Reem Ali',
      phone: '+966501234567',
      email: 'reem@example.com',
      ageGroup: '25_39',
      walletPoints: 0,
      lifetimePoints: 0,
    });
    const brandA = t.seeded.get('test-brand-a')?.brandId;
    const cookieNames = registered.cookies.map((x) => x.name).sort();
    expect(cookieNames).toEqual([`sufra_at_${brandA}`, `sufra_rt_${brandA}`]);
    const access = registered.cookies.find((x) => x.name === `sufra_at_${brandA}`);
    expect(access).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api' });

    const me = await c.call('GET', `/api/customers/${UUID.aMain}/me/`);
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(session.customer.id);

    // The code is single use.
    const again = await verify(c, { requestId: body.requestId, code });
    expect(again.statusCode).toBe(410);
    expect(again.json().error.code).toBe('otp_expired');

    // Later, another browser signs in to the same customer without a profile.
    advance(MINUTE);
    const other = caller(t);
    const second = await signIn(t, other, UUID.aMain, '0501234567');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ created: false, customer: { id: session.customer.id } });

    // With a profile for a number already registered: signed in, profile untouched ("You are already registered").
    advance(MINUTE);
    const third = await signIn(t, caller(t), UUID.aMain, '+966501234567', { fullName: 'Someone Else' });
    expect(third.json()).toMatchObject({ created: false, customer: { fullName: 'Reem Ali' } });
  });

  it('gives the same answer for a registered and an unknown number', async () => {
    await signIn(t, caller(t), UUID.aMain, '0551110000', { fullName: 'Known' });
    advance(MINUTE);
    const known = await otp(caller(t), { phone_number: '0551110000' });
    const unknown = await otp(caller(t), { phone_number: '0551110001' });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    const shape = (r: typeof known) => Object.keys(r.json()).sort();
    expect(shape(known)).toEqual(shape(unknown));
    expect(known.headers['set-cookie']).toBeUndefined();
    expect(unknown.headers['set-cookie']).toBeUndefined();
  });

  it("writes the SMS in the language of the request, signed with the brand's name rather than the platform's", async () => {
    await otp(caller(t, { language: 'ar' }), { phone_number: '0552220000' });
    await otp(caller(t, { language: 'en' }), { phone_number: '0552220001' });
    const rows = await t.database.query<{ to_phone: string; body: string }>(
      "select to_phone, body from sms_outbox where to_phone in ('+966552220000', '+966552220001') order by to_phone",
    );
    expect(rows[0]?.body).toMatch(/^رمز التحقق من مطعم أ: \d{4}$/);
    expect(rows[1]?.body).toMatch(/^Your Brand A code: \d{4}$/);
    expect(rows.map((r) => r.body).join(' ')).not.toMatch(/Sufra|سفرة/);
  });

  it('refuses an expired code after five minutes', async () => {
    const c = caller(t);
    const sent = otpRequestResponse.parse((await otp(c, { phone_number: '0553330000' })).json());
    const code = await latestCode(t, sent.phone);
    advance(5 * MINUTE + 1000);
    const res = await verify(c, { requestId: sent.requestId, code, profile: { fullName: 'Late' } });
    expect(res.statusCode).toBe(410);
    expect(res.json().error.code).toBe('otp_expired');
    expect(await countRows(t, "customers where phone = '+966553330000'")).toBe(0);
  });

  it('refuses the sixth try even with the right code, and says the wrong code in both languages', async () => {
    const c = caller(t);
    const sent = otpRequestResponse.parse((await otp(c, { phone_number: '0554440000' })).json());
    const code = await latestCode(t, sent.phone);
    const wrong = code === '0000' ? '1111' : '0000';
    for (let i = 0; i < 5; i += 1) {
      const res = await verify(c, { requestId: sent.requestId, code: wrong, profile: { fullName: 'X' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'otp_incorrect',
        message: 'The four-digit verification code is incorrect',
        fields: { code: 'The four-digit verification code is incorrect' },
      });
    }
    const sixth = await verify(c, { requestId: sent.requestId, code, profile: { fullName: 'X' } });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.code).toBe('otp_tries_exceeded');
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);

    const arabic = caller(t, { language: 'ar' });
    const sentAr = otpRequestResponse.parse((await otp(arabic, { phone_number: '0554440009' })).json());
    const res = await verify(arabic, { requestId: sentAr.requestId, code: '12ab' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ code: 'رمز التحقق المكون من أربعة أرقام غير صحيح' });
    const codeAr = await latestCode(t, sentAr.phone);
    const wrongAr = await verify(arabic, { requestId: sentAr.requestId, code: codeAr === '0000' ? '1111' : '0000' });
    expect(wrongAr.json().error.message).toBe('رمز التحقق المكون من أربعة أرقام غير صحيح');
  });

  const wrongFor = (code: string) => (code === '0000' ? '1111' : '0000');
  /** Asks for a code from `c` and returns it with its request id (ten minutes on, so no send limit is in the way). */
  async function freshCode(c: ReturnType<typeof caller>, phone: string) {
    advance(10 * MINUTE + 1000);
    const res = await otp(c, { phone_number: phone });
    expect(res.statusCode, res.body).toBe(202);
    const sent = otpRequestResponse.parse(res.json());
    return { requestId: sent.requestId, code: await latestCode(t, sent.phone) };
  }

  it("never locks the owner out with a stranger's wrong codes: ten from another address, then the owner's fresh code signs in", async () => {
    const phone = '0555550000';
    await signIn(t, caller(t, { ip: '10.5.0.1' }), UUID.aMain, phone, { fullName: 'Owner' });
    advance(MINUTE);
    // The stranger asks for two codes and spends every try of both (from two addresses, so nothing slows them).
    for (let round = 0; round < 2; round += 1) {
      const stranger = caller(t, { ip: `10.5.0.${66 + round}` });
      const { requestId, code } = await freshCode(stranger, phone);
      for (let i = 0; i < 5; i += 1) {
        expect((await verify(stranger, { requestId, code: wrongFor(code) })).statusCode).toBe(400);
      }
    }
    const owner = caller(t, { ip: '10.5.0.1' });
    const { requestId, code } = await freshCode(owner, phone);
    const res = await verify(owner, { requestId, code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().customer.fullName).toBe('Owner');
  });

  it('slows the guesser with growing waits per address and phone, and leaves the other addresses alone', async () => {
    const phone = '0555551000';
    const guesser = caller(t, { ip: '10.5.1.66' });
    const first = await freshCode(guesser, phone);
    for (let i = 0; i < 5; i += 1) {
      expect((await verify(guesser, { requestId: first.requestId, code: wrongFor(first.code) })).statusCode).toBe(400);
    }
    // Five free wrong codes, then 30 s after the fifth (the new code's gap waited it out), then 60, 120 s …
    const second = await freshCode(guesser, phone);
    expect((await verify(guesser, { requestId: second.requestId, code: wrongFor(second.code) })).statusCode).toBe(400);
    const waited = await verify(guesser, { requestId: second.requestId, code: second.code });
    expect(waited.statusCode).toBe(429);
    expect(waited.json().error).toMatchObject({
      code: 'sign_in_throttled',
      message: 'Too many wrong tries, wait a little and try again',
    });
    expect(waited.headers['retry-after']).toBe('60');
    advance(60_000);
    expect((await verify(guesser, { requestId: second.requestId, code: wrongFor(second.code) })).statusCode).toBe(400);
    const longer = await verify(caller(t, { ip: '10.5.1.66', language: 'ar' }), {
      requestId: second.requestId,
      code: second.code,
    });
    expect(longer.headers['retry-after']).toBe('120');
    expect(longer.json().error.message).toBe('محاولات خاطئة كثيرة، انتظر قليلًا ثم حاول مرة أخرى');
    // The waits refused without checking: nothing counted on the code, and the wait is not stretched by them.
    expect(await countRows(t, "otp_verify_attempts where phone = '+966555551000'")).toBe(7);
    // The owner, elsewhere, is not kept waiting.
    const owner = caller(t, { ip: '10.5.1.1' });
    const own = await freshCode(owner, phone);
    expect(
      (await verify(owner, { requestId: own.requestId, code: own.code, profile: { fullName: 'O' } })).statusCode,
    ).toBe(200);
  });

  it("slows an address's wrong codes across phones past the free allowance, but never a fresh code's first try", async () => {
    const spray = caller(t, { ip: '10.5.2.66' });
    // SIGN_IN_FAILURES_PER_IP_PER_HOUR is 8 in this file: four phones, two wrong codes each.
    for (let n = 0; n < 4; n += 1) {
      const { requestId, code } = await freshCode(spray, `055555200${n}`);
      for (let i = 0; i < 2; i += 1) {
        expect((await verify(spray, { requestId, code: wrongFor(code) })).statusCode).toBe(400);
      }
    }
    const next = await freshCode(spray, '0555552004');
    // Its first try is checked (counted: the ninth) …
    expect((await verify(spray, { requestId: next.requestId, code: wrongFor(next.code) })).statusCode).toBe(400);
    // … its second waits 5 s × 2 after that ninth failure.
    const waited = await verify(spray, { requestId: next.requestId, code: next.code });
    expect(waited.statusCode).toBe(429);
    expect(waited.json().error.code).toBe('sign_in_throttled');
    expect(waited.headers['retry-after']).toBe('10');
    // A fresh code's first try from the same address still goes through.
    const fresh = await freshCode(spray, '0555552005');
    expect((await verify(spray, { ...fresh, profile: { fullName: 'Venue diner' } })).statusCode).toBe(200);
    // And another address is not slowed at all.
    const other = caller(t, { ip: '10.5.2.1' });
    const mine = await freshCode(other, '0555552006');
    expect((await verify(other, { requestId: mine.requestId, code: wrongFor(mine.code) })).statusCode).toBe(400);
    expect((await verify(other, { requestId: mine.requestId, code: wrongFor(mine.code) })).statusCode).toBe(400);
  });

  it("past a hundred wrong codes for one phone from anywhere, checks only a code's first try: the owner's fresh code still works", async () => {
    const phone = '0555553000';
    // Twenty codes, five wrong tries each, from twenty addresses (so no address is slowed), over two days of sends
    // (ten a day per phone).
    for (let n = 0; n < 20; n += 1) {
      if (n === 10) advance(24 * 60 * MINUTE);
      const c = caller(t, { ip: `10.5.3.${100 + n}` });
      const { requestId, code } = await freshCode(c, phone);
      for (let i = 0; i < 5; i += 1)
        expect((await verify(c, { requestId, code: wrongFor(code) })).statusCode).toBe(400);
    }
    advance(24 * 60 * MINUTE);
    const late = caller(t, { ip: '10.5.3.200' });
    const tried = await freshCode(late, phone);
    expect((await verify(late, { requestId: tried.requestId, code: wrongFor(tried.code) })).statusCode).toBe(400);
    // That code has had its one try: refused now even with the right code.
    const refused = await verify(late, { requestId: tried.requestId, code: tried.code, profile: { fullName: 'X' } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('otp_tries_exceeded');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The owner's fresh code, right the first time, signs in; and that starts the phone's count again.
    const owner = caller(t, { ip: '10.5.3.1' });
    const own = await freshCode(owner, phone);
    expect((await verify(owner, { ...own, profile: { fullName: 'Owner' } })).statusCode).toBe(200);
    const again = await freshCode(late, phone);
    expect((await verify(late, { requestId: again.requestId, code: wrongFor(again.code) })).statusCode).toBe(400);
    expect((await verify(late, { requestId: again.requestId, code: wrongFor(again.code) })).statusCode).toBe(400);
  });

  it('throttles resends: 30 seconds apart, three per 10 minutes, then 15 minutes apart past ten a day, with Retry-After; resending keeps counters', async () => {
    const c = caller(t);
    const phone = { phone_number: '0556660000' };
    const first = otpRequestResponse.parse((await otp(c, phone)).json());
    expect(new Date(first.resendAt).getTime() - clock.getTime()).toBe(30_000);
    const tooSoon = await otp(c, phone);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().error.code).toBe('otp_send_limited');
    expect(tooSoon.headers['retry-after']).toBe('30');

    advance(31_000);
    expect((await otp(c, phone)).statusCode).toBe(202);
    advance(31_000);
    const third = otpRequestResponse.parse((await otp(c, phone)).json());
    // The third send uses up the 10-minute window: the app counts down to its end.
    expect(new Date(third.resendAt).getTime()).toBe(new Date(first.expiresAt).getTime() + 5 * MINUTE);
    advance(31_000);
    const fourth = await otp(c, phone);
    expect(fourth.statusCode).toBe(429);
    expect(Number(fourth.headers['retry-after'])).toBe(10 * 60 - 93);

    // Ten a day at that pace, then one every 15 minutes after the last.
    for (let i = 0; i < 7; i += 1) {
      advance(10 * MINUTE);
      expect((await otp(c, phone)).statusCode, `send ${i + 4}`).toBe(202);
    }
    advance(10 * MINUTE);
    const eleventh = await otp(c, phone);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.headers['retry-after']).toBe(String(5 * 60));
    expect(eleventh.json().error.details).toEqual({ retryAfterSeconds: 5 * 60 });
    expect(await countRows(t, "otp_requests where phone = '+966556660000'")).toBe(10);
    advance(5 * MINUTE);
    expect((await otp(c, phone)).statusCode).toBe(202);
    advance(10 * MINUTE);
    expect((await otp(c, phone)).headers['retry-after']).toBe(String(5 * 60));
  });

  it("never keeps the owner from a code for more than minutes: strangers' sends from rotating addresses, then the owner signs in", async () => {
    const phone = '0556661000';
    await signIn(t, caller(t, { ip: '10.6.0.1' }), UUID.aMain, phone, { fullName: 'Owner' });
    advance(DAY);
    // Issue 24's attack: a request every 31 s from a new address for 30 minutes, then one a minute for two hours.
    const answers: number[] = [];
    for (let i = 0; i < 180; i += 1) {
      const stranger = caller(t, { ip: `10.6.${1 + Math.floor(i / 200)}.${i % 200}` });
      answers.push((await otp(stranger, { phone_number: phone })).statusCode);
      advance(i < 58 ? 31_000 : MINUTE);
    }
    // Each send is a paid SMS: ten in the first half hour, then one per 15 minutes.
    const sends = answers.filter((s) => s === 202).length;
    expect(sends).toBeGreaterThanOrEqual(10);
    expect(sends).toBeLessThanOrEqual(10 + 9);
    // The owner, at a new address, is told the real wait, minutes at most (it was 23.5 h) …
    const owner = caller(t, { ip: '10.6.9.1', language: 'ar' });
    const refused = await otp(owner, { phone_number: phone });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('otp_send_limited');
    expect(refused.json().error.message).toBe('طلبت رموزًا كثيرة لهذا الرقم، انتظر قبل طلب رمز آخر');
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    expect(refused.json().error.details.retryAfterSeconds).toBe(wait);
    advance(wait * 1000);
    // … and then gets a code and signs in.
    const sent = await otp(owner, { phone_number: phone });
    expect(sent.statusCode, sent.body).toBe(202);
    const { requestId } = otpRequestResponse.parse(sent.json());
    const res = await verify(owner, { requestId, code: await latestCode(t, '+966556661000') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().customer.fullName).toBe('Owner');
  });

  it('caps sends per IP address', async () => {
    const c = caller(t, { ip: '10.9.9.9' });
    for (let i = 0; i < 20; i += 1) {
      expect((await otp(c, { phone_number: `05677700${String(i).padStart(2, '0')}` })).statusCode).toBe(202);
    }
    const refused = await otp(c, { phone_number: '0567770099' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('3600');
    // Another address is not affected.
    expect((await otp(caller(t, { ip: '10.9.9.8' }), { phone_number: '0567770099' })).statusCode).toBe(202);
  });

  describe('bad input: clear messages, right status, nothing written', () => {
    it('refuses a missing, malformed or too long phone and an unknown country code', async () => {
      const before = await countRows(t, 'otp_requests');
      const c = caller(t);
      const cases: [unknown, number, string, Record<string, string>][] = [
        [{ phone_number: '' }, 400, 'phone_required', { 'phone.phone_number': 'Number field is required' }],
        [{ phone_number: '05abc' }, 400, 'phone_invalid', { 'phone.phone_number': 'Ensure the number is valid' }],
        [{ phone_number: '0512' }, 400, 'phone_invalid', { 'phone.phone_number': 'Ensure the number is valid' }],
        [
          { phone_number: '1'.repeat(40) },
          400,
          'validation_failed',
          { 'phone.phone_number': 'Ensure the number is valid' },
        ],
        [
          { phone_number: '501234567', dial_code: '999' },
          400,
          'dial_code_unknown',
          { 'phone.dial_code': 'This country code is not known' },
        ],
      ];
      for (const [phone, status, code, fields] of cases) {
        const res = await otp(c, phone);
        expect(res.statusCode, JSON.stringify(phone)).toBe(status);
        expect(res.json().error.code, JSON.stringify(phone)).toBe(code);
        expect(res.json().error.fields).toEqual(fields);
      }
      const missing = await c.call('POST', `/api/auth/${UUID.aMain}/otp/`, {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.fields).toEqual({ phone: 'Number field is required' });
      expect(await countRows(t, 'otp_requests')).toBe(before);
    });

    it('accepts other countries and Arabic-Indic digits', async () => {
      const uae = otpRequestResponse.parse(
        (await otp(caller(t), { phone_number: '50 123 4567', dial_code: '971' })).json(),
      );
      expect(uae.phone).toBe('+971501234567');
      const arabic = otpRequestResponse.parse((await otp(caller(t), { phone_number: '٠٥٠٧٧٧٨٨٩٩' })).json());
      expect(arabic.phone).toBe('+966507778899');
    });

    it('refuses an empty name, an invalid email and oversized fields without creating anyone', async () => {
      const c = caller(t);
      const sent = otpRequestResponse.parse((await otp(c, { phone_number: '0558880000' })).json());
      const code = await latestCode(t, sent.phone);
      const cases: [Record<string, unknown>, Record<string, string>][] = [
        [{ fullName: '   ' }, { 'profile.fullName': 'Name field is required' }],
        [{ fullName: 'A', email: 'not-an-email' }, { 'profile.email': 'Ensure the email is valid' }],
        [{ fullName: 'x'.repeat(81) }, { 'profile.fullName': 'This field is empty or wrong' }],
        [{ fullName: 'A', city: 'c'.repeat(61) }, { 'profile.city': 'This field is empty or wrong' }],
        [{ fullName: 'A', ageGroup: '30' }, { 'profile.ageGroup': 'This field is empty or wrong' }],
      ];
      for (const [profile, fields] of cases) {
        const res = await verify(c, { requestId: sent.requestId, code, profile });
        expect(res.statusCode, JSON.stringify(profile)).toBe(400);
        expect(res.json().error).toMatchObject({ code: 'validation_failed', fields });
      }
      expect(await countRows(t, "customers where phone = '+966558880000'")).toBe(0);
      // None of that spent the code or counted as a wrong try.
      const ok = await verify(c, { requestId: sent.requestId, code, profile: { fullName: 'Fine', email: '' } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().customer.email).toBeNull();
    });

    it('refuses a forged request id and a code of another brand', async () => {
      const c = caller(t);
      const sent = otpRequestResponse.parse((await otp(c, { phone_number: '0559990000' })).json());
      const code = await latestCode(t, sent.phone);
      for (const requestId of ['nope', '00000000-0000-4000-8000-000000000000']) {
        const res = await verify(c, { requestId, code, profile: { fullName: 'A' } });
        expect(res.statusCode).toBe(410);
      }
      const otherBrand = await verify(c, { requestId: sent.requestId, code, profile: { fullName: 'A' } }, UUID.bMain);
      expect(otherBrand.statusCode).toBe(410);
      expect(await countRows(t, "customers where phone = '+966559990000'")).toBe(0);
    });

    it('refuses sign-in at a switched-off brand and an unknown QR code', async () => {
      expect((await otp(caller(t), { phone_number: '0550001111' }, UUID.cMain)).statusCode).toBe(403);
      expect((await otp(caller(t), { phone_number: '0550001111' }, UUID.unknown)).statusCode).toBe(404);
    });
  });
});
