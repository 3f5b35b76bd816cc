import { leadSchema, referenceResponse, referralResponse } from '@sufra/shared/schemas/referral';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller, countRows, latestCode } from '../../../test/accounts.ts';
import { STAFF, UUID } from '../../../test/fixture-brands.ts';
import { diner, type MenuIds, menuIds } from '../../../test/orders.ts';
import { completeOrder, orderOf } from '../../../test/punch-cards.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createOrderLifecycle } from '../../core/order-lifecycle.service.ts';
import { orders } from '../../db/schema/orders.ts';
import { subscribeReferral } from './referral.reactions.ts';

const DAY_MS = 86_400_000;

describe('referral', () => {
  let t: TestApp;
  let ids: MenuIds;
  let cashier: Caller;
  let phones = 0;
  let clockOffsetMs = 0;
  /** A fresh Saudi mobile number for each friend. */
  const nextPhone = () => {
    phones += 1;
    return `+9665000042${String(phones).padStart(2, '0')}`;
  };

  const mine = async (c: Caller) => {
    const res = await c.call('GET', `/api/referral/${UUID.aMain}/me/`);
    expect(res.statusCode, res.body).toBe(200);
    return referralResponse.parse(res.json());
  };
  const addLead = (c: Caller, phone: string) =>
    c.call('POST', `/api/referral/${UUID.aMain}/me/leads/`, { phone: { phone_number: phone } });
  const wallet = async (c: Caller) =>
    (await c.call('GET', `/api/customers/${UUID.aMain}/me/`)).json().walletPoints as number;
  /** Registers a new diner with a referral code (as the registration form sends it). */
  const register = async (phone: string, referralCode?: string) => {
    const c = caller(t);
    const sent = await c.call('POST', `/api/auth/${UUID.aMain}/otp/`, { phone: { phone_number: phone } });
    const { requestId } = sent.json() as { requestId: string };
    const code = await latestCode(t, phone);
    const verify = (ref: string | undefined) =>
      c.call('POST', `/api/auth/${UUID.aMain}/otp/verify/`, {
        requestId,
        code,
        profile: { fullName: 'Noura Friend' },
        ...(ref === undefined ? {} : { referralCode: ref }),
      });
    return { c, res: await verify(referralCode), verify };
  };
  /** Raises a moment as a refund's transaction does, with referral's real reactions on the real database. */
  const raise = (moment: 'refunded', orderId: number, at: Date) => {
    const lifecycle = createOrderLifecycle();
    subscribeReferral(lifecycle);
    return t.db.transaction(async (tx) => {
      const [row] = await tx.select().from(orders).where(eq(orders.id, orderId));
      if (!row) throw new Error('no order');
      await lifecycle.raise(tx, { moment, order: row, at });
    });
  };

  beforeAll(async () => {
    // A clock a test can move on (a second code for the same number waits out the resend gap).
    // Every diner signs in from one test address: its per-address cap on codes would stop the file, not a bot.
    t = await createTestApp({
      now: () => new Date(Date.now() + clockOffsetMs),
      env: { OTP_SENDS_PER_IP_PER_HOUR: '1000' },
    });
    ids = await menuIds(t, UUID.aMain);
    cashier = caller(t);
    expect((await cashier.call('POST', '/api/staff/auth/login/', STAFF.aCashier)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it("gives a diner one code, the brand's rule and no leads yet; asks a stranger to sign in", async () => {
    const me = await diner(t, UUID.aMain, nextPhone());
    const first = await mine(me);
    expect(first.code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(first.rules).toEqual({ referrerPoints: 200, friendPoints: 100, refundWindowDays: 14 });
    expect(first.leads).toEqual([]);
    expect((await mine(me)).code).toBe(first.code);
    expect((await caller(t).call('GET', `/api/referral/${UUID.aMain}/me/`)).statusCode).toBe(401);
  });

  it("makes a friend's phone a pending lead, once per brand; refuses oneself; answers a customer's phone like any other", async () => {
    const me = await diner(t, UUID.aMain, nextPhone());
    const friend = nextPhone();
    const made = await addLead(me, friend.replace('+966', '0'));
    expect(made.statusCode, made.body).toBe(201);
    expect(leadSchema.parse(made.json())).toMatchObject({ status: 'pending', friendName: null });
    expect(made.json().phoneMasked).toMatch(/^\+9665•+\d\d$/);

    const again = await addLead(me, friend);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('lead already exist, please try another friend');
    const other = await diner(t, UUID.aMain, nextPhone());
    expect((await addLead(other, friend)).json().error.code).toBe('referral_lead_exists');

    const own = (await me.call('GET', `/api/customers/${UUID.aMain}/me/`)).json().phone as string;
    const self = await addLead(me, own);
    expect(self.statusCode).toBe(422);
    expect(self.json().error.fields).toEqual({ phone: "That's your own number: invite a friend instead" });
    // Issue 24: a customer's phone answered 409 referral_existing_customer, anyone else's 201: a free "is this number
    // a customer?". Now both are a pending lead, answered alike.
    const customer = (await other.call('GET', `/api/customers/${UUID.aMain}/me/`)).json().phone as string;
    const stranger = nextPhone();
    const [forCustomer, forStranger] = [await addLead(me, customer), await addLead(me, stranger)];
    expect([forCustomer.statusCode, forStranger.statusCode]).toEqual([201, 201]);
    const shape = (body: Record<string, unknown>) => ({ ...body, id: 0, phoneMasked: '', createdAt: '' });
    expect(shape(forCustomer.json())).toEqual(shape(forStranger.json()));
    expect(Object.keys(forCustomer.json())).toEqual(Object.keys(forStranger.json()));
    expect((await mine(me)).leads.map((l) => l.status)).toEqual(['pending', 'pending', 'pending']);
    const arabic = caller(t, { language: 'ar' });
    for (const [name, value] of me.jar.cookies) arabic.jar.cookies.set(name, value);
    const invalid = await arabic.call('POST', `/api/referral/${UUID.aMain}/me/leads/`, {
      phone: { phone_number: '12' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toMatchObject({
      code: 'phone_invalid',
      message: expect.stringMatching(/[\u0600-\u06ff]/),
    });
    expect((await mine(me)).leads).toHaveLength(3);
  });

  it("shows the friend's landing for a code as typed, and refuses a code nobody has", async () => {
    const me = await diner(t, UUID.aMain, nextPhone());
    const { code } = await mine(me);
    const typed = ` ${code.slice(0, 4).toLowerCase()}-${code.slice(4)} `.replace(/[2-9]/g, (d) =>
      String.fromCharCode(0x0660 + Number(d)),
    );
    const res = await caller(t).call('GET', `/api/referral/codes/${encodeURIComponent(typed)}/`);
    expect(res.statusCode, res.body).toBe(200);
    const landing = referenceResponse.parse(res.json());
    expect(landing).toMatchObject({ code, referrerName: 'Diner', qrUuid: UUID.aMain });
    expect(landing.brand.name.en).toBeTruthy();
    for (const bad of ['ZZZZZZZZ', 'nope']) {
      const refused = await caller(t, { language: 'ar' }).call('GET', `/api/referral/codes/${bad}/`);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.message).toBe('رمز الإحالة غير صالح');
    }
  });

  it('joins a friend who registers with the code; a bad code is refused before anything is written', async () => {
    const me = await diner(t, UUID.aMain, nextPhone());
    const { code } = await mine(me);
    const phone = nextPhone();
    const customersBefore = await countRows(t, 'customers');
    const { res, verify } = await register(phone, 'ABCDEFGH');
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      message: 'Invalid referral code',
      fields: { referralCode: 'Invalid referral code' },
    });
    const empty = await verify('  ');
    expect(empty.json().error.message).toBe('Referral code is required');
    expect(await countRows(t, 'customers')).toBe(customersBefore);
    // The verification code is still good: the diner fixes the referral code and registers.
    const done = await verify(code.toLowerCase());
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().created).toBe(true);
    expect((await mine(me)).leads).toEqual([
      expect.objectContaining({ status: 'joined', friendName: 'Noura', joinedAt: expect.any(String) }),
    ]);
  });

  it('joins a pending lead when that friend registers, even without the code; ignores a code for a returning diner', async () => {
    const me = await diner(t, UUID.aMain, nextPhone());
    const friend = nextPhone();
    await addLead(me, friend);
    expect((await register(friend)).res.statusCode).toBe(200);
    expect((await mine(me)).leads).toEqual([expect.objectContaining({ status: 'joined' })]);

    const returning = nextPhone();
    await diner(t, UUID.aMain, returning);
    clockOffsetMs += 60_000;
    const { code } = await mine(me);
    const { res } = await register(returning, code);
    expect(res.json().created).toBe(false);
    expect((await mine(me)).leads).toHaveLength(1);
  });

  it("refuses another brand's code at registration", async () => {
    const other = await diner(t, UUID.bMain, nextPhone());
    const res = await other.call('GET', `/api/referral/${UUID.bMain}/me/`);
    // Brand B runs no referral programme: its page says so, and no code of it can exist.
    expect(res.statusCode).toBe(404);
    const me = await diner(t, UUID.aMain, nextPhone());
    const { code } = await mine(me);
    const friend = caller(t);
    const sent = await friend.call('POST', `/api/auth/${UUID.bMain}/otp/`, { phone: { phone_number: nextPhone() } });
    const body = sent.json() as { requestId: string; phone: string };
    const verify = await friend.call('POST', `/api/auth/${UUID.bMain}/otp/verify/`, {
      requestId: body.requestId,
      code: await latestCode(t, body.phone),
      profile: { fullName: 'B Friend' },
      referralCode: code,
    });
    expect(verify.json().error.code).toBe('referral_code_invalid');
  });

  it("moves the lead with the friend's first order, rewards both once on completion, and claws back a refund", async () => {
    const me = await diner(t, UUID.aMain, nextPhone());
    const { code } = await mine(me);
    const { c: friend } = await register(nextPhone(), code);
    const referrerBefore = await wallet(me);
    const placed = await orderOf(friend, ids, [{ slug: 'burger', quantity: 1 }]);
    await cashier.call('PATCH', `/api/staff/orders/${placed.id}/status/`, { to: 'sent_to_kitchen' });
    expect((await mine(me)).leads[0]?.status).toBe('active');
    expect(await wallet(me)).toBe(referrerBefore);
    const friendBefore = await wallet(friend);
    await cashier.call('PATCH', `/api/staff/orders/${placed.id}/status/`, { to: 'ready' });
    await cashier.call('PATCH', `/api/staff/orders/${placed.id}/status/`, { to: 'delivered' });
    expect((await mine(me)).leads[0]).toMatchObject({ status: 'converted', convertedAt: expect.any(String) });
    expect(await wallet(me)).toBe(referrerBefore + 200);
    const earned = await wallet(friend);
    expect(earned).toBeGreaterThanOrEqual(friendBefore + 100);

    // A second completed order rewards nobody again.
    await completeOrder(cashier, (await orderOf(friend, ids, [{ slug: 'burger', quantity: 1 }])).id);
    expect(await wallet(me)).toBe(referrerBefore + 200);

    // Refunded within the window: declined, both bonuses taken back, once.
    await raise('refunded', placed.id, new Date(Date.now() + DAY_MS));
    await raise('refunded', placed.id, new Date(Date.now() + DAY_MS));
    expect((await mine(me)).leads[0]?.status).toBe('declined');
    expect(await wallet(me)).toBe(referrerBefore);
    const ledger = await t.database.query<{ points: number; reason: string }>(
      `select points, reason from points_ledger where reason like 'referral%' and customer_id in
        (select referrer_id from referral_leads where converted_order_id = $1) order by id`,
      [placed.id],
    );
    expect(ledger).toEqual([
      { points: 200, reason: 'referral_converted' },
      { points: -200, reason: 'referral_refunded' },
    ]);
  });

  it('keeps a conversion whose refund comes after the window', async () => {
    const me = await diner(t, UUID.aMain, nextPhone());
    const { code } = await mine(me);
    const { c: friend } = await register(nextPhone(), code);
    const placed = await orderOf(friend, ids, [{ slug: 'burger', quantity: 1 }]);
    await completeOrder(cashier, placed.id);
    const rewarded = await wallet(me);
    await raise('refunded', placed.id, new Date(Date.now() + 15 * DAY_MS));
    expect((await mine(me)).leads[0]?.status).toBe('converted');
    expect(await wallet(me)).toBe(rewarded);
  });

  it("rewards one conversion only when two of the friend's orders complete at once", async () => {
    const me = await diner(t, UUID.aMain, nextPhone());
    const { code } = await mine(me);
    const { c: friend } = await register(nextPhone(), code);
    const before = await wallet(me);
    const a = await orderOf(friend, ids, [{ slug: 'burger', quantity: 1 }]);
    const b = await orderOf(friend, ids, [{ slug: 'burger', quantity: 1 }]);
    for (const id of [a.id, b.id]) {
      for (const to of ['sent_to_kitchen', 'ready'])
        await cashier.call('PATCH', `/api/staff/orders/${id}/status/`, { to });
    }
    const done = await Promise.all(
      [a.id, b.id].map((id) => cashier.call('PATCH', `/api/staff/orders/${id}/status/`, { to: 'delivered' })),
    );
    expect(done.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await wallet(me)).toBe(before + 200);
    const bonuses = await t.database.query<{ n: number }>(
      `select count(*)::int as n from points_ledger where reason = 'referral_welcome' and order_id in ($1, $2)`,
      [a.id, b.id],
    );
    expect(bonuses[0]?.n).toBe(1);
  });

  it('limits invitations to ten a day per diner, with the wait, in both languages; the next day they go on', async () => {
    const myPhone = nextPhone();
    const me = await diner(t, UUID.aMain, myPhone, 'ar');
    const answers: number[] = [];
    for (let i = 0; i < 12; i += 1) answers.push((await addLead(me, nextPhone())).statusCode);
    expect(answers).toEqual([...Array(10).fill(201), 429, 429]);
    const refused = await addLead(me, nextPhone());
    expect(refused.json().error).toMatchObject({
      code: 'referral_leads_limited',
      message: 'دعوت أصدقاء كثيرين اليوم، حاول مرة أخرى لاحقًا',
    });
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(23 * 3600);
    expect(wait).toBeLessThanOrEqual(24 * 3600);
    expect(refused.json().error.details.retryAfterSeconds).toBe(wait);
    const english = caller(t);
    for (const [name, value] of me.jar.cookies) english.jar.cookies.set(name, value);
    const en = await english.call('POST', `/api/referral/${UUID.aMain}/me/leads/`, {
      phone: { phone_number: nextPhone() },
    });
    expect(en.json().error.message).toBe("You've invited many friends today, try again later");
    expect((await mine(me)).leads).toHaveLength(10);
    // A day later (the invitations moved back a day: the session would not outlive a moved clock).
    await t.database.query(
      `update referral_leads set created_at = created_at - interval '24 hours'
       where referrer_id in (select id from customers where phone = $1)`,
      [myPhone],
    );
    expect((await addLead(me, nextPhone())).statusCode).toBe(201);
  });

  it('counts invitations sent at once: twenty together make at most ten leads', async () => {
    const me = await diner(t, UUID.aMain, nextPhone());
    const answers = await Promise.all(Array.from({ length: 20 }, () => addLead(me, nextPhone())));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(10);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(10);
  });

  it('is closed when the referral service is switched off', async () => {
    const me = await diner(t, UUID.aMain, nextPhone());
    const { code } = await mine(me);
    await t.database.query(
      `insert into service_switches (brand_id, service, is_active) select b.brand_id, 'referral', false from qr_codes q
       join branches b on b.id = q.branch_id where q.uuid = $1`,
      [UUID.aMain],
    );
    try {
      const res = await me.call('GET', `/api/referral/${UUID.aMain}/me/`);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('service_deactivated');
      expect((await caller(t).call('GET', `/api/referral/codes/${code}/`)).json().error.code).toBe(
        'service_deactivated',
      );
    } finally {
      await t.database.query("delete from service_switches where service = 'referral'");
    }
  });
});
