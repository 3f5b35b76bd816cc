import {
  buyRewardResponse,
  myRewardsResponse,
  redemptionLookupResponse,
  rewardQrResponse,
  shopResponse,
} from '@sufra/shared/schemas/loyalty';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller, countRows } from '../../../test/accounts.ts';
import { STAFF, UUID } from '../../../test/fixture-brands.ts';
import { diner } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const DAY = 86_400_000;

describe('rewards: the shops, My Rewards and the cashier', () => {
  let t: TestApp;
  let clock = new Date('2026-04-01T09:00:00Z');
  let manager: Caller;
  let cashier: Caller;
  let otherBrand: Caller;
  let mainBranch: number;
  let closedBranch: number;
  let juiceId: number;
  let tenOffId: number;
  let giftId: number;

  const staffCaller = async (who: { email: string; password: string }, language = 'en') => {
    const c = caller(t, { language });
    expect((await c.call('POST', '/api/staff/auth/login/', who)).statusCode).toBe(200);
    return c;
  };
  const one = async <T>(sql: string, params: unknown[] = []) => {
    const [row] = await t.database.query<T>(sql, params);
    if (!row) throw new Error(`nothing for ${sql}`);
    return row;
  };
  const customerId = async (phone: string) =>
    (await one<{ id: number }>('select id from customers where phone = $1', [phone])).id;
  const give = async (phone: string, points: number) => {
    const res = await manager.call('POST', `/api/staff/customers/${await customerId(phone)}/points/`, {
      points,
      reason: 'Test credit',
    });
    expect(res.statusCode).toBe(200);
  };
  const buy = (c: Caller, id: number, shop = 'points') =>
    c.call('POST', `/api/loyalty/${UUID.aMain}/shop/${id}/buy/?shop=${shop}`);
  const qrOf = async (c: Caller, ownedId: number) => {
    const res = await c.call('GET', `/api/loyalty/${UUID.aMain}/me/rewards/${ownedId}/qr/`);
    expect(res.statusCode).toBe(200);
    return rewardQrResponse.parse(res.json()).token;
  };
  const redeem = (c: Caller, body: Record<string, unknown>) => c.call('POST', '/api/staff/redemptions/', body);
  const lookup = (c: Caller, body: Record<string, unknown>) => c.call('POST', '/api/staff/redemptions/lookup/', body);
  /** A diner with `points` who buys the free juice: their caller and the owned reward's id and code. */
  const dinerWithJuice = async (phone: string, points = 100) => {
    const c = await diner(t, UUID.aMain, phone);
    await give(phone, points);
    const res = await buy(c, juiceId);
    expect(res.statusCode).toBe(200);
    const { owned } = buyRewardResponse.parse(res.json());
    return { c, ownedId: owned.id, code: owned.code };
  };

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    manager = await staffCaller(STAFF.aManager);
    cashier = await staffCaller(STAFF.aCashier);
    otherBrand = await staffCaller(STAFF.bManager);
    mainBranch = (await one<{ id: number }>('select branch_id as id from qr_codes where uuid = $1', [UUID.aMain])).id;
    closedBranch = (await one<{ id: number }>('select branch_id as id from qr_codes where uuid = $1', [UUID.aClosed]))
      .id;
    const id = async (name: string) =>
      (await one<{ id: number }>('select id from rewards where name_en = $1', [name])).id;
    juiceId = await id('Free juice');
    tenOffId = await id('SAR 10 off');
    giftId = await id('Gift');
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists each shop in order; without a sign-in nothing is affordable', async () => {
    const points = shopResponse.parse((await caller(t).call('GET', `/api/loyalty/${UUID.aMain}/shop/`)).json());
    expect(points.rewards.map((r) => [r.name.en, r.pointsCost, r.affordable])).toEqual([
      ['Free juice', 100, false],
      ['SAR 10 off', 250, false],
    ]);
    expect(points.walletPoints).toBeNull();
    const prizes = shopResponse.parse(
      (await caller(t).call('GET', `/api/loyalty/${UUID.aMain}/shop/?shop=prize`)).json(),
    );
    expect(prizes.rewards.map((r) => r.name.en)).toEqual(['Gift']);
  });

  it('lists a reward whose stock is all sold as sold out, and refuses to sell it with the localized message', async () => {
    await t.database.query('update rewards set stock = issued_count where id = $1', [tenOffId]);
    try {
      const phone = '+966500000861';
      const c = await diner(t, UUID.aMain, phone, 'ar');
      await give(phone, 1000);
      const shelf = shopResponse.parse((await c.call('GET', `/api/loyalty/${UUID.aMain}/shop/`)).json());
      expect(shelf.rewards.map((r) => [r.name.en, r.soldOut, r.affordable])).toEqual([
        ['Free juice', false, true],
        ['SAR 10 off', true, true],
      ]);
      const refused = await buy(c, tenOffId);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({ code: 'reward_out_of_stock', message: 'نفدت كمية هذه المكافأة' });
      const english = await c.call('POST', `/api/loyalty/${UUID.aMain}/shop/${tenOffId}/buy/`, undefined, {
        'accept-language': 'en',
      });
      expect(english.json().error.message).toBe('This reward is sold out');
      // Nothing written: the wallet whole, no copy owned.
      expect(await one('select wallet_points from customers where phone = $1', [phone])).toEqual({
        wallet_points: 1000,
      });
      expect(
        await one('select count(*)::int as n from customer_rewards where customer_id = $1', [await customerId(phone)]),
      ).toEqual({ n: 0 });
    } finally {
      await t.database.query('update rewards set stock = null where id = $1', [tenOffId]);
    }
  });

  it('buys a reward in one step: the points taken, the reward owned with its code, both or neither', async () => {
    const phone = '+966500000801';
    const c = await diner(t, UUID.aMain, phone);
    const broke = await buy(c, juiceId);
    expect(broke.statusCode).toBe(422);
    expect(broke.json().error.code).toBe('points_insufficient');
    expect(await countRows(t, 'customer_rewards')).toBe(0);

    await give(phone, 350);
    const shop = shopResponse.parse((await c.call('GET', `/api/loyalty/${UUID.aMain}/shop/`)).json());
    expect(shop.rewards.map((r) => r.affordable)).toEqual([true, true]);
    const res = await buy(c, juiceId);
    expect(res.statusCode).toBe(200);
    const bought = buyRewardResponse.parse(res.json());
    expect(bought.walletPoints).toBe(250);
    expect(bought.owned).toMatchObject({ status: 'available', source: 'purchase', pointsSpent: 100 });
    expect(bought.owned.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(bought.owned.expiresAt).toBe(new Date(clock.getTime() + 30 * DAY).toISOString());
    const entry = await one<{ kind: string; points: number; customer_reward_id: number }>(
      "select kind, points, customer_reward_id from points_ledger where customer_id = $1 and kind = 'purchase'",
      [await customerId(phone)],
    );
    expect(entry).toEqual({ kind: 'purchase', points: -100, customer_reward_id: bought.owned.id });

    // No end date reads "Alive"; a prize not for sale and a reward of the other shop are refused.
    const alive = buyRewardResponse.parse((await buy(c, tenOffId)).json());
    expect(alive.owned.status).toBe('alive');
    expect((await buy(c, giftId, 'prize')).json().error.code).toBe('reward_not_for_sale');
    expect((await buy(c, juiceId, 'prize')).statusCode).toBe(404);
    expect(await one('select wallet_points from customers where phone = $1', [phone])).toEqual({ wallet_points: 0 });
    expect(alive.walletPoints).toBe(0);
  });

  it('shows a diner their own rewards only, and signs QR codes only for their own', async () => {
    const mine = await dinerWithJuice('+966500000802');
    const other = await diner(t, UUID.aMain, '+966500000803');
    const list = myRewardsResponse.parse((await mine.c.call('GET', `/api/loyalty/${UUID.aMain}/me/rewards/`)).json());
    expect(list.rewards.map((r) => r.id)).toEqual([mine.ownedId]);
    const theirs = myRewardsResponse.parse((await other.call('GET', `/api/loyalty/${UUID.aMain}/me/rewards/`)).json());
    expect(theirs.rewards).toEqual([]);
    const stolen = await other.call('GET', `/api/loyalty/${UUID.aMain}/me/rewards/${mine.ownedId}/qr/`);
    expect(stolen.statusCode).toBe(404);
    expect((await caller(t).call('GET', `/api/loyalty/${UUID.aMain}/me/rewards/`)).statusCode).toBe(401);
  });

  it('lets the cashier redeem a scanned QR once, recorded with who, where and when', async () => {
    const { c, ownedId } = await dinerWithJuice('+966500000804');
    const qr = await qrOf(c, ownedId);
    const seen = redemptionLookupResponse.parse((await lookup(cashier, { qr, branchId: mainBranch })).json());
    expect(seen).toMatchObject({ refusal: null, customer: { name: 'Diner +966500000804', phone: '+966500000804' } });
    expect(seen.owned.reward.name.en).toBe('Free juice');

    const done = await redeem(cashier, { qr, branchId: mainBranch });
    expect(done.statusCode).toBe(200);
    expect(redemptionLookupResponse.parse(done.json()).owned).toMatchObject({
      status: 'claimed',
      claimedBranch: { en: 'Branch a-main' },
    });
    const row = await one<{ claimed_by_staff_id: number; claimed_branch_id: number; claimed_at: Date }>(
      'select claimed_by_staff_id, claimed_branch_id, claimed_at from customer_rewards where id = $1',
      [ownedId],
    );
    expect(row.claimed_branch_id).toBe(mainBranch);
    expect(row.claimed_by_staff_id).toBeGreaterThan(0);
    expect(new Date(row.claimed_at).toISOString()).toBe(clock.toISOString());

    const again = await redeem(cashier, { qr, branchId: mainBranch });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('reward_already_claimed');
    const after = redemptionLookupResponse.parse((await lookup(cashier, { qr, branchId: mainBranch })).json());
    expect(after.refusal).toBe('reward_already_claimed');
    // The diner's page no longer offers a QR for it.
    expect((await c.call('GET', `/api/loyalty/${UUID.aMain}/me/rewards/${ownedId}/qr/`)).statusCode).toBe(409);
  });

  it('takes a typed code only with the phone of the diner who owns it, however it is typed', async () => {
    const { ownedId, code } = await dinerWithJuice('+966500000805');
    const wrongPhone = await redeem(cashier, {
      code,
      phone: { phone_number: '0500000806' },
      branchId: mainBranch,
    });
    expect(wrongPhone.statusCode).toBe(404);
    expect(wrongPhone.json().error.code).toBe('reward_not_found');
    const bad = await redeem(cashier, { code: 'ABC', phone: { phone_number: '0500000805' }, branchId: mainBranch });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('reward_code_invalid');
    // Lower case, a space instead of the dash, and the phone in Arabic-Indic digits with its leading 0.
    const typed = `${code.slice(0, 4).toLowerCase()} ${code.slice(5).toLowerCase()}`;
    const ok = await redeem(cashier, { code: typed, phone: { phone_number: '٠٥٠٠٠٠٠٨٠٥' }, branchId: mainBranch });
    expect(ok.statusCode).toBe(200);
    expect(redemptionLookupResponse.parse(ok.json()).owned.id).toBe(ownedId);
  });

  it("refuses a stale or forged QR, another brand's cashier, another branch, and an expired reward, in the asked language", async () => {
    const { c, ownedId, code } = await dinerWithJuice('+966500000807');
    const qr = await qrOf(c, ownedId);
    const start = clock;
    try {
      clock = new Date(start.getTime() + 3 * 60_000);
      const stale = await staffCaller(STAFF.aCashier, 'ar');
      const res = await redeem(stale, { qr, branchId: mainBranch });
      expect(res.statusCode).toBe(410);
      expect(res.json().error).toMatchObject({ code: 'reward_qr_stale' });
      expect(res.json().error.message).toContain('رمز QR');
    } finally {
      clock = start;
    }
    const parts = qr.split('.');
    parts[1] = String(Number(parts[1]) + 1);
    const forged = await redeem(cashier, { qr: parts.join('.'), branchId: mainBranch });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe('reward_qr_invalid');
    expect((await redeem(cashier, { qr: 'https://example.com/not-ours', branchId: mainBranch })).statusCode).toBe(400);
    // Issue 24: the genuine signature with padding appended decodes alike; only its canonical spelling is accepted.
    const padded = await redeem(cashier, { qr: `${qr}==`, branchId: mainBranch });
    expect([padded.statusCode, padded.json().error.code]).toEqual([400, 'reward_qr_invalid']);

    const bBranch = (await one<{ id: number }>('select branch_id as id from qr_codes where uuid = $1', [UUID.bMain]))
      .id;
    const foreign = await redeem(otherBrand, { qr, branchId: bBranch });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('reward_other_brand');
    const foreignTyped = await redeem(otherBrand, { code, phone: { phone_number: '0500000807' }, branchId: bBranch });
    expect(foreignTyped.json().error.code).toBe('reward_other_brand');

    // The cashier works at the main branch only; a manager of both branches, at a branch the reward isn't for.
    expect((await redeem(cashier, { qr, branchId: closedBranch })).json().error.code).toBe('branch_out_of_scope');
    await t.database.query('update rewards set branch_ids = $1 where id = $2', [[mainBranch], juiceId]);
    try {
      const elsewhere = await redeem(manager, { qr, branchId: closedBranch });
      expect(elsewhere.statusCode).toBe(403);
      expect(elsewhere.json().error.code).toBe('reward_other_branch');
    } finally {
      await t.database.query('update rewards set branch_ids = null where id = $1', [juiceId]);
    }

    try {
      clock = new Date(start.getTime() + 31 * DAY);
      const late = await staffCaller(STAFF.aCashier);
      const expired = await redeem(late, { code, phone: { phone_number: '0500000807' }, branchId: mainBranch });
      expect(expired.statusCode).toBe(410);
      expect(expired.json().error.code).toBe('reward_expired');
    } finally {
      clock = start;
    }
    expect(await one('select claimed_at from customer_rewards where id = $1', [ownedId])).toEqual({ claimed_at: null });
  });

  it('lets exactly one of ten cashiers redeem a reward at the same moment', async () => {
    const { c, ownedId } = await dinerWithJuice('+966500000808');
    const qr = await qrOf(c, ownedId);
    const results = await Promise.all(Array.from({ length: 10 }, () => redeem(cashier, { qr, branchId: mainBranch })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(9);
  });

  it('never sells more than the wallet pays for when a diner buys many at once', async () => {
    const phone = '+966500000809';
    const c = await diner(t, UUID.aMain, phone);
    await give(phone, 500);
    const results = await Promise.all(Array.from({ length: 10 }, () => buy(c, juiceId)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 422)).toHaveLength(5);
    const id = await customerId(phone);
    expect(await one('select wallet_points from customers where id = $1', [id])).toEqual({ wallet_points: 0 });
    expect(await one('select count(*)::int as n from customer_rewards where customer_id = $1', [id])).toEqual({ n: 5 });
  });

  it('lets a manager grant a prize, which lands in My Rewards; a cashier may not', async () => {
    const phone = '+966500000810';
    const c = await diner(t, UUID.aMain, phone);
    const id = await customerId(phone);
    expect((await cashier.call('POST', `/api/staff/customers/${id}/rewards/`, { rewardId: giftId })).statusCode).toBe(
      403,
    );
    const granted = await manager.call('POST', `/api/staff/customers/${id}/rewards/`, { rewardId: giftId });
    expect(granted.statusCode).toBe(200);
    const list = myRewardsResponse.parse((await c.call('GET', `/api/loyalty/${UUID.aMain}/me/rewards/`)).json());
    expect(list.rewards).toEqual([expect.objectContaining({ source: 'staff', pointsSpent: 0, status: 'available' })]);
  });
});
