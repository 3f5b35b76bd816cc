import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from './accounts.ts';
import { STAFF, UUID } from './fixture-brands.ts';
import { diner } from './orders.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Checks folded into an operation's one statement. The spin and the points-shop purchase use the QR context the process keeps (qr.service withKeptContext) and fold
 * the session's check into their first statement: a change behind the server's back is seen at once, and a
 * refusal made on a kept context is made again on a fresh one (so switching back on is seen at once too).
 */
describe('checks folded into one statement: kept QR contexts, sessions, the staff guard', () => {
  let t: TestApp;
  let brandId: number;
  let juiceId: number;
  let phones = 0;

  const one = async <T>(sql: string, params: unknown[] = []) => {
    const [row] = await t.database.query<T>(sql, params);
    if (!row) throw new Error(`nothing for ${sql}`);
    return row;
  };
  const newDiner = async () => {
    phones += 1;
    const phone = `+9665000078${String(phones).padStart(2, '0')}`;
    const c = await diner(t, UUID.aMain, phone);
    await t.database.query(
      `with c as (update customers set wallet_points = 1000 where phone = $1 returning id)
       insert into points_ledger (brand_id, customer_id, kind, points, reason) select $2, id, 'adjust', 1000, 'Test' from c`,
      [phone, brandId],
    );
    return c;
  };
  const spinOf = (c: Awaited<ReturnType<typeof newDiner>>) => c.call('POST', `/api/games/${UUID.aMain}/wheel/spin/`);
  const buyOf = (c: Awaited<ReturnType<typeof newDiner>>) =>
    c.call('POST', `/api/loyalty/${UUID.aMain}/shop/${juiceId}/buy/?shop=points`);
  const switchOff = (service: string) =>
    t.database.query(
      'insert into service_switches (brand_id, branch_id, service, is_active) values ($1, null, $2, false)',
      [brandId, service],
    );
  const switchOn = (service: string) =>
    t.database.query('delete from service_switches where brand_id = $1 and service = $2', [brandId, service]);

  beforeAll(async () => {
    t = await createTestApp();
    brandId = (
      await one<{ id: number }>(
        'select b.brand_id as id from qr_codes q join branches b on b.id = q.branch_id where q.uuid = $1',
        [UUID.aMain],
      )
    ).id;
    juiceId = (await one<{ id: number }>("select id from rewards where name_en = 'Free juice'")).id;
    const { id: gameId } = await one<{ id: number }>(
      `insert into games (brand_id, kind, name_ar, name_en) values ($1, 'wheel', 'العجلة', 'The wheel') returning id`,
      [brandId],
    );
    await t.database.query(
      `insert into game_segments (game_id, position, label_ar, label_en, color, prize, points, weight)
       values ($1, 0, 'نقاط', 'Points', '#1133aa', 'points', 5, 1), ($1, 1, 'حاول مجددًا', 'Try again', '#777777', 'none', null, 1)`,
      [gameId],
    );
    // Kept by the process from here on.
    expect((await spinOf(await newDiner())).statusCode).toBe(200);
    expect((await buyOf(await newDiner())).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses the wheel and the points shop switched off after the context was kept, and allows them once back on', async () => {
    for (const [service, call] of [
      ['wheel', spinOf],
      ['loyalty', buyOf],
      ['points_shop', buyOf],
    ] as const) {
      await switchOff(service);
      try {
        const res = await call(await newDiner());
        expect(res.statusCode, `${service}: ${res.body}`).toBe(403);
        expect(res.json().error.code).toBe('service_deactivated');
      } finally {
        await switchOn(service);
      }
      const res = await call(await newDiner());
      expect(res.statusCode, `${service} back on: ${res.body}`).toBe(200);
    }
  });

  it('refuses a QR code deactivated after it was kept', async () => {
    const diners = [await newDiner(), await newDiner()];
    await t.database.query('update qr_codes set active = false where uuid = $1', [UUID.aMain]);
    try {
      for (const [i, call] of [spinOf, buyOf].entries()) {
        const res = await call(diners[i] as Awaited<ReturnType<typeof newDiner>>);
        expect(res.statusCode).toBe(410);
        expect(res.json().error.code).toBe('qr_inactive');
      }
    } finally {
      await t.database.query('update qr_codes set active = true where uuid = $1', [UUID.aMain]);
    }
  });

  it('refuses a signed-out diner (session_expired) and writes nothing', async () => {
    for (const call of [spinOf, buyOf]) {
      const c = await newDiner();
      const kept = c.jar.clone();
      expect((await c.call('POST', `/api/auth/${UUID.aMain}/logout/`)).statusCode).toBeLessThan(300);
      for (const [name, value] of kept.cookies) c.jar.cookies.set(name, value);
      const before = await one<{ n: number }>(
        'select (select count(*) from game_draws) + (select count(*) from customer_rewards) as n',
      );
      // The access cookie the diner still holds, as a copy kept by an attacker would be.
      const res = await call(c);
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().error.code).toBe('session_expired');
      expect(
        await one<{ n: number }>(
          'select (select count(*) from game_draws) + (select count(*) from customer_rewards) as n',
        ),
      ).toEqual(before);
    }
  });
  it("refuses a signed-out or disabled cashier's scanned QR (session_expired), another branch's, and claims nothing", async () => {
    const c = await newDiner();
    const bought = await buyOf(c);
    expect(bought.statusCode, bought.body).toBe(200);
    const owned = bought.json().owned.id as number;
    const token = (await c.call('GET', `/api/loyalty/${UUID.aMain}/me/rewards/${owned}/qr/`)).json().token as string;
    const branchOf = async (uuid: string) =>
      (await one<{ id: number }>('select branch_id as id from qr_codes where uuid = $1', [uuid])).id;
    const [mainBranch, closedBranch] = [await branchOf(UUID.aMain), await branchOf(UUID.aClosed)];
    const cashierOf = async () => {
      const k = caller(t);
      expect((await k.call('POST', '/api/staff/auth/login/', STAFF.aCashier)).statusCode).toBe(200);
      return k;
    };
    const redeem = (k: Caller, branchId: number) => k.call('POST', '/api/staff/redemptions/', { qr: token, branchId });
    const claimed = async () =>
      (
        await one<{ claimed: boolean }>(
          'select claimed_at is not null as claimed from customer_rewards where id = $1',
          [owned],
        )
      ).claimed;

    // The cashier works at the main branch only.
    const cashier = await cashierOf();
    const elsewhere = await redeem(cashier, closedBranch);
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().error.code).toBe('branch_out_of_scope');

    const signedOut = await cashierOf();
    const kept = signedOut.jar.clone();
    expect((await signedOut.call('POST', '/api/staff/auth/logout/')).statusCode).toBeLessThan(300);
    for (const [name, value] of kept.cookies) signedOut.jar.cookies.set(name, value);
    const out = await redeem(signedOut, mainBranch);
    expect(out.statusCode, out.body).toBe(401);
    expect(out.json().error.code).toBe('session_expired');

    await t.database.query('update staff_users set active = false where email = $1', [STAFF.aCashier.email]);
    try {
      const disabled = await redeem(cashier, mainBranch);
      expect(disabled.statusCode).toBe(401);
      expect(disabled.json().error.code).toBe('session_expired');
    } finally {
      await t.database.query('update staff_users set active = true where email = $1', [STAFF.aCashier.email]);
    }
    expect(await claimed()).toBe(false);
    expect((await redeem(cashier, mainBranch)).statusCode).toBe(200);
    expect(await claimed()).toBe(true);
  });
});
