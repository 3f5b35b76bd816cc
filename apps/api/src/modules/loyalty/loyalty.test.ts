import { loyaltyAccountSchema, loyaltyProgrammeSchema, pointsHistorySchema } from '@sufra/shared/schemas/loyalty';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../../test/accounts.ts';
import { STAFF, UUID } from '../../../test/fixture-brands.ts';
import { diner } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const DAY = 86_400_000;

describe('loyalty points', () => {
  let t: TestApp;
  let clock = new Date('2026-03-01T09:00:00Z');
  let manager: Caller;
  let cashier: Caller;
  let otherManager: Caller;

  const staffCaller = async (who: { email: string; password: string }, language = 'en') => {
    const c = caller(t, { language });
    expect((await c.call('POST', '/api/staff/auth/login/', who)).statusCode).toBe(200);
    return c;
  };
  const customerId = async (phone: string) => {
    const [row] = await t.database.query<{ id: number }>('select id from customers where phone = $1', [phone]);
    if (!row) throw new Error(`no customer ${phone}`);
    return row.id;
  };
  /** Wallet and lifetime as stored, and the ledger's sums: they must always agree. */
  const balances = async (id: number) => {
    const [row] = await t.database.query<{ wallet: number; lifetime: number; ledger: number; entries: number }>(
      `select c.wallet_points as wallet, c.lifetime_points as lifetime,
         coalesce((select sum(points) from points_ledger where customer_id = c.id), 0)::int as ledger,
         (select count(*) from points_ledger where customer_id = c.id)::int as entries
       from customers c where c.id = $1`,
      [id],
    );
    if (!row) throw new Error('no customer');
    return row;
  };
  const adjust = (c: Caller, id: number, points: number, reason = 'Goodwill after a late order') =>
    c.call('POST', `/api/staff/customers/${id}/points/`, { points, reason });

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    manager = await staffCaller(STAFF.aManager);
    cashier = await staffCaller(STAFF.aCashier);
    otherManager = await staffCaller(STAFF.bManager);
  });
  afterAll(async () => {
    await t.close();
  });

  it("shows the brand's rule with its limits and the levels, lowest first, to anyone", async () => {
    const res = await caller(t).call('GET', `/api/loyalty/${UUID.aMain}/programme/`);
    expect(res.statusCode).toBe(200);
    const body = loyaltyProgrammeSchema.parse(res.json());
    expect(body.rules).toMatchObject({ earnPointsPerSar: 10, pointValueHalalas: 5, minPointsPerRedemption: 100 });
    expect(body.levels.map((l) => l.name.en)).toEqual(['Bronze', 'Silver', 'Gold']);
  });

  it('answers 404 for a brand without a programme, in the language asked', async () => {
    const res = await caller(t, { language: 'ar' }).call('GET', `/api/loyalty/${UUID.bMain}/programme/`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({
      code: 'loyalty_not_set_up',
      message: 'لا يوجد برنامج نقاط لدى هذا المطعم بعد',
    });
  });

  it('is off when the brand switches loyalty off (the app lands on the deactivated page)', async () => {
    await t.database.query(
      "insert into service_switches (brand_id, branch_id, service, is_active) select brand_id, null, 'loyalty', false from qr_codes join branches on branches.id = qr_codes.branch_id where uuid = $1",
      [UUID.aMain],
    );
    try {
      const res = await caller(t).call('GET', `/api/loyalty/${UUID.aMain}/programme/`);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'service_deactivated', details: { service: 'loyalty' } });
    } finally {
      await t.database.query("delete from service_switches where service = 'loyalty'");
    }
  });

  it("needs the diner's sign-in for their account, and starts a new diner at the first level", async () => {
    expect((await caller(t).call('GET', `/api/loyalty/${UUID.aMain}/me/`)).statusCode).toBe(401);
    const me = await diner(t, UUID.aMain, '+966500000701');
    const res = await me.call('GET', `/api/loyalty/${UUID.aMain}/me/`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const account = loyaltyAccountSchema.parse(res.json());
    expect(account).toMatchObject({ walletPoints: 0, walletValueHalalas: 0, lifetimePoints: 0, nextExpiryAt: null });
    expect(account.level?.name.en).toBe('Bronze');
    expect(account.next).toMatchObject({ level: { name: { en: 'Silver' } }, pointsToGo: 1_500 });
  });

  it("lets a manager adjust a diner's points with a reason, shown in the diner's history", async () => {
    const me = await diner(t, UUID.aMain, '+966500000702');
    const id = await customerId('+966500000702');
    const res = await adjust(manager, id, 2_000);
    expect(res.statusCode).toBe(200);
    expect(pointsHistorySchema.parse(res.json()).walletPoints).toBe(2_000);

    const history = pointsHistorySchema.parse((await me.call('GET', `/api/loyalty/${UUID.aMain}/me/history/`)).json());
    expect(history.entries).toEqual([
      expect.objectContaining({ kind: 'adjust', points: 2_000, reason: 'Goodwill after a late order' }),
    ]);
    const account = loyaltyAccountSchema.parse((await me.call('GET', `/api/loyalty/${UUID.aMain}/me/`)).json());
    // An adjustment is not an earn: lifetime (and so the level) does not move.
    expect(account).toMatchObject({ walletPoints: 2_000, walletValueHalalas: 10_000, lifetimePoints: 0 });
    expect(account.nextExpiryAt).toBe(new Date(clock.getTime() + 365 * DAY).toISOString());
    expect(await balances(id)).toMatchObject({ wallet: 2_000, ledger: 2_000, entries: 1 });
  });

  it('refuses a debit larger than the wallet, a cashier, another brand, and a missing reason, writing nothing', async () => {
    await diner(t, UUID.aMain, '+966500000703');
    const id = await customerId('+966500000703');
    expect((await adjust(manager, id, 300)).statusCode).toBe(200);

    const tooMuch = await adjust(manager, id, -301);
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().error.code).toBe('points_insufficient');
    expect((await adjust(cashier, id, 50)).statusCode).toBe(403);
    const foreign = await adjust(otherManager, id, 50);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('customer_not_found');
    expect((await otherManager.call('GET', `/api/staff/customers/${id}/points/`)).statusCode).toBe(404);
    expect((await cashier.call('GET', `/api/staff/customers/${id}/points/`)).statusCode).toBe(403);
    const ledger = await manager.call('GET', `/api/staff/customers/${id}/points/`);
    expect(pointsHistorySchema.parse(ledger.json()).entries.map((e) => e.points)).toEqual([300]);
    expect((await adjust(manager, id, 50, '  ')).statusCode).toBe(400);
    expect((await adjust(manager, id, 0)).statusCode).toBe(400);
    expect((await adjust(manager, id, 1.5)).statusCode).toBe(400);
    expect(await balances(id)).toMatchObject({ wallet: 300, ledger: 300, entries: 1 });

    expect((await adjust(manager, id, -300)).statusCode).toBe(200);
    expect(await balances(id)).toMatchObject({ wallet: 0, ledger: 0, entries: 2 });
  });

  it('expires points past the brand days oldest first, once, whatever how many passes run', async () => {
    await diner(t, UUID.aMain, '+966500000704');
    const id = await customerId('+966500000704');
    const start = clock;
    try {
      // The staff session ends as the clock moves on: sign in again at each moment.
      const at = async (days: number) => {
        clock = new Date(start.getTime() + days * DAY);
        return staffCaller(STAFF.aManager);
      };
      expect((await adjust(await at(0), id, 500)).statusCode).toBe(200);
      expect((await adjust(await at(100), id, 400)).statusCode).toBe(200);
      expect((await adjust(await at(200), id, -200)).statusCode).toBe(200);

      clock = new Date(start.getTime() + 364 * DAY);
      await t.app.loyalty.expireOnce();
      expect(await balances(id)).toMatchObject({ wallet: 700, ledger: 700 });

      // Day 365: the first 500 are past their days; 200 of them were spent, so 300 expire. Passes side by side
      // (two instances) write one expiry between them.
      clock = new Date(start.getTime() + 365 * DAY);
      await Promise.all([t.app.loyalty.expireOnce(), t.app.loyalty.expireOnce(), t.app.loyalty.expireOnce()]);
      expect(await balances(id)).toMatchObject({ wallet: 400, ledger: 400 });
      const [expired] = await t.database.query<{ points: number; reason: string }>(
        "select points, reason from points_ledger where customer_id = $1 and kind = 'expire'",
        [id],
      );
      expect(expired).toEqual({ points: -300, reason: 'points_expired' });

      clock = new Date(start.getTime() + 465 * DAY);
      await t.app.loyalty.expireOnce();
      await t.app.loyalty.expireOnce();
      expect(await balances(id)).toMatchObject({ wallet: 0, ledger: 0 });
    } finally {
      clock = start;
    }
  });

  it('never lets concurrent credits, debits and expiry passes take a wallet below zero or away from its ledger', async () => {
    const phones = ['+966500000711', '+966500000712', '+966500000713'];
    const ids: number[] = [];
    for (const phone of phones) {
      await diner(t, UUID.aMain, phone);
      ids.push(await customerId(phone));
    }
    // 300 adjustments at once over three diners, debits as often as credits (many must be refused), with expiry
    // passes among them: on PostgreSQL these run on a pool of 12 connections at once.
    const work: Promise<unknown>[] = [];
    for (let i = 0; i < 300; i += 1) {
      const id = ids[i % ids.length] ?? 0;
      const points = i % 2 === 0 ? 100 + (i % 7) * 10 : -(120 + (i % 5) * 30);
      work.push(adjust(manager, id, points));
      if (i % 50 === 0) work.push(t.app.loyalty.expireOnce());
    }
    const results = await Promise.all(work);
    const statuses = results
      .filter((r): r is { statusCode: number } => typeof r === 'object' && r !== null && 'statusCode' in r)
      .map((r) => r.statusCode);
    expect(statuses.every((s) => s === 200 || s === 422)).toBe(true);
    expect(statuses.filter((s) => s === 422).length).toBeGreaterThan(0);
    for (const id of ids) {
      const b = await balances(id);
      expect(b.wallet).toBeGreaterThanOrEqual(0);
      expect(b.wallet).toBe(b.ledger);
    }
    // Every answer was written exactly: 200s are rows, 422s are not.
    const [{ n } = { n: -1 }] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from points_ledger where customer_id = any($1::int[])`,
      [ids],
    );
    expect(n).toBe(statuses.filter((s) => s === 200).length);
  });
});

describe('the day the daily limits count in', () => {
  it("starts at midnight on the rule's wall clock, across a UTC date line", async () => {
    const { startOfDay } = await import('./loyalty.service.ts');
    // 01:30 in Riyadh (UTC+3) is 22:30 UTC the day before: the day began at 21:00 UTC.
    expect(startOfDay(new Date('2026-03-01T22:30:15.250Z'), 'Asia/Riyadh').toISOString()).toBe(
      '2026-03-01T21:00:00.000Z',
    );
    expect(startOfDay(new Date('2026-03-02T20:59:59.999Z'), 'Asia/Riyadh').toISOString()).toBe(
      '2026-03-01T21:00:00.000Z',
    );
    expect(startOfDay(new Date('2026-07-10T12:00:00Z'), 'UTC').toISOString()).toBe('2026-07-10T00:00:00.000Z');
  });
});
