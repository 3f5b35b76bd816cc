import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from './accounts.ts';
import { createFixedCoupon } from './coupons.ts';
import { STAFF, UUID } from './fixture-brands.ts';
import { diner, type MenuIds, menuIds, placeOrder } from './orders.ts';
import { statementsOf } from './round-trips.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Round trips (statements sent to the database, a transaction's begin and commit included) per operation, in a
 * steady state: the process has already kept the QR code's context. Load-independent evidence for the speed figures
 * of issues 15–17 (docs/adr/0087-fewer-round-trips-per-operation.md); a statement added to one of these paths
 * shows here first.
 */
describe('round trips per operation', () => {
  let t: TestApp;
  let ids: MenuIds;
  let cashier: Caller;
  let brandId: number;
  let branchId: number;
  let juiceId: number;
  let phones = 0;

  const one = async <T>(sql: string, params: unknown[] = []) => {
    const [row] = await t.database.query<T>(sql, params);
    if (!row) throw new Error(`nothing for ${sql}`);
    return row;
  };
  const newDiner = async (points: number) => {
    phones += 1;
    const phone = `+9665000077${String(phones).padStart(2, '0')}`;
    const c = await diner(t, UUID.aMain, phone);
    const { id } = await one<{ id: number }>('select id from customers where phone = $1', [phone]);
    if (points > 0) {
      await t.database.query(
        `with c as (update customers set wallet_points = wallet_points + $2 where id = $1 returning id)
         insert into points_ledger (brand_id, customer_id, kind, points, reason) select $3, id, 'adjust', $2, 'Test' from c`,
        [id, points, brandId],
      );
    }
    return { c, id };
  };
  const order = (c: Caller, extra: Record<string, unknown> = {}) =>
    placeOrder(c, UUID.aMain, {
      orderType: 2,
      paymentMethod: 'cash',
      lines: [{ kind: 'product', itemId: ids.item('kabsa'), quantity: 2, modifiers: [ids.option('Size', 'Small')] }],
      ...extra,
    });

  beforeAll(async () => {
    t = await createTestApp();
    ids = await menuIds(t, UUID.aMain);
    cashier = caller(t);
    expect((await cashier.call('POST', '/api/staff/auth/login/', STAFF.aCashier)).statusCode).toBe(200);
    ({ brandId, branchId } = await one<{ brandId: number; branchId: number }>(
      `select b.brand_id as "brandId", b.id as "branchId" from qr_codes q join branches b on b.id = q.branch_id
       where q.uuid = $1`,
      [UUID.aMain],
    ));
    juiceId = (await one<{ id: number }>("select id from rewards where name_en = 'Free juice'")).id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('a spin is two round trips, lost or won in points: the game read (with the session) and one write', async () => {
    const { id: gameId } = await one<{ id: number }>(
      `insert into games (brand_id, kind, name_ar, name_en) values ($1, 'wheel', 'العجلة', 'The wheel') returning id`,
      [brandId],
    );
    const wheel = async (points: number, lose: number) => {
      await t.database.query('delete from game_segments where game_id = $1', [gameId]);
      await t.database.query(
        `insert into game_segments (game_id, position, label_ar, label_en, color, prize, points, weight)
         values ($1, 0, 'نقاط', 'Points', '#1133aa', 'points', 5, $2),
           ($1, 1, 'حاول مجددًا', 'Try again', '#777777', 'none', null, $3)`,
        [gameId, points, lose],
      );
    };
    const spin = async () => {
      const { c } = await newDiner(0);
      return statementsOf(() => c.call('POST', `/api/games/${UUID.aMain}/wheel/spin/`));
    };
    // A first spin has the process read the QR code's context and keep it; the spins after use it.
    await wheel(1, 1_000_000);
    expect((await spin()).result.statusCode).toBe(200);
    const lost = await spin();
    expect(lost.result.statusCode, lost.result.body).toBe(200);
    expect(lost.result.json().prize).toBe('none');
    expect(lost.statements).toHaveLength(2);
    // Almost always points (the draw is real: one in a million loses, and a loss is two round trips too).
    await wheel(1_000_000, 1);
    const won = await spin();
    expect(won.result.statusCode, won.result.body).toBe(200);
    expect(won.statements, won.statements.join('\n')).toHaveLength(2);
  });
  // Two since issue 25 (docs/adr/0401): the staff guard's query, then the claim. The staff check was folded into the
  // claim's statement (one round trip); authorization now sits in the route's preHandler like every staff route's,
  // at one indexed query per redemption, which a cashier makes at human pace.
  it("a cashier's redemption of a scanned QR is two round trips: the staff guard's query and the claim", async () => {
    const { c } = await newDiner(1_000);
    const bought = await c.call('POST', `/api/loyalty/${UUID.aMain}/shop/${juiceId}/buy/?shop=points`);
    expect(bought.statusCode, bought.body).toBe(200);
    const owned = bought.json().owned.id;
    const { token } = (await c.call('GET', `/api/loyalty/${UUID.aMain}/me/rewards/${owned}/qr/`)).json();
    const redeemed = await statementsOf(() => cashier.call('POST', '/api/staff/redemptions/', { qr: token, branchId }));
    expect(redeemed.result.statusCode, redeemed.result.body).toBe(200);
    expect(redeemed.statements).toHaveLength(2);
  });
  it('a points-shop purchase is one round trip: the reward, the session, the kept QR context and the write', async () => {
    const { c } = await newDiner(1_000);
    const buy = () => c.call('POST', `/api/loyalty/${UUID.aMain}/shop/${juiceId}/buy/?shop=points`);
    expect((await buy()).statusCode).toBe(200);
    const bought = await statementsOf(buy);
    expect(bought.result.statusCode, bought.result.body).toBe(200);
    expect(bought.statements).toHaveLength(1);
  });
  it('an order spending points is one round trip: the spend folded into the placement statement', async () => {
    const { c, id } = await newDiner(10_000);
    expect((await order(c, { points: 100 })).statusCode).toBe(201);
    const placed = await statementsOf(() => order(c, { points: 100 }));
    expect(placed.result.statusCode, placed.result.body).toBe(201);
    // The rules come with the kept QR context; the wallet's and the day's checks are the statement's conditional
    // update of the customer's row, taken before the branch's counter (placement.repo, loyalty.repo foldedSpendCtes).
    expect(placed.statements, placed.statements.join('\n')).toHaveLength(1);
    expect(placed.statements[0]).toMatch(/with input as .*spent as \(\s*update "customers"/s);
    const row = await one<{ wallet: number; day: number; count: number; ledger: number }>(
      `select wallet_points as wallet, redeem_day_points as day, redeem_day_count as count,
         (select sum(points)::int from points_ledger where customer_id = $1) as ledger
       from customers where id = $1`,
      [id],
    );
    expect(row).toEqual({ wallet: 9_800, day: 200, count: 2, ledger: 9_800 });
  });
  it('an order with a coupon is one round trip: its counters moved in the placement statement', async () => {
    await createFixedCoupon(t, {
      code: 'TRIPS5',
      name: 'Trips',
      amountHalalas: 500,
      globalLimit: 100,
      perCustomerLimit: 5,
    });
    const { c, id } = await newDiner(0);
    expect((await order(c, { couponCode: 'trips5' })).statusCode).toBe(201);
    const placed = await statementsOf(() => order(c, { couponCode: 'trips5' }));
    expect(placed.result.statusCode, placed.result.body).toBe(201);
    // The coupon is kept by the process after the first order (as the QR context is); its version, global and
    // per-customer counters are checked and moved in the placement statement, before the branch's counter.
    expect(placed.statements, placed.statements.join('\n')).toHaveLength(1);
    expect(placed.statements[0]).toMatch(/with input as .*coupon_taken as \(.*?update "coupons"/s);
    const counters = await one<{ used: number; mine: number; uses: number }>(
      `select c.used_count as used, u.used as mine,
         (select count(*)::int from coupon_uses where coupon_id = c.id and order_id is not null) as uses
       from coupons c join coupon_customer_uses u on u.coupon_id = c.id and u.customer_id = $1
       where c.code = 'TRIPS5'`,
      [id],
    );
    expect(counters).toEqual({ used: 2, mine: 2, uses: 2 });

    // A manager's edit after the coupon was kept: the next order is priced on the new amount (the write finds the
    // version moved, nothing is written, and the placement runs again on a fresh read).
    const manager = caller(t);
    expect((await manager.call('POST', '/api/staff/auth/login/', STAFF.aManager)).statusCode).toBe(200);
    const { id: couponId } = await one<{ id: number }>("select id from coupons where code = 'TRIPS5'");
    const edited = await manager.call('PUT', `/api/staff/coupons/${couponId}/`, {
      code: 'TRIPS5',
      name: { ar: 'Trips', en: 'Trips' },
      kind: 'fixed',
      amountHalalas: 700,
      globalLimit: 100,
      perCustomerLimit: 5,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await order(c, { couponCode: 'trips5' });
    expect(after.statusCode, after.body).toBe(201);
    expect(after.json().pricing.totalDiscount).toBe(700);
    expect(await one("select used_count as used from coupons where code = 'TRIPS5'")).toEqual({ used: 3 });

    // A change made outside the managers' API moves the version too (the database's trigger): the kept coupon is
    // read again and the refusal says why, "expired", not the write's "used up". Its counters are not terms.
    const { version } = await one<{ version: number }>("select version from coupons where code = 'TRIPS5'");
    await t.database.query("update coupons set used_count = used_count + 1 where code = 'TRIPS5'");
    expect(await one("select version from coupons where code = 'TRIPS5'")).toEqual({ version });
    await t.database.query("update coupons set ends_at = now() - interval '1 minute' where code = 'TRIPS5'");
    expect(await one("select version from coupons where code = 'TRIPS5'")).toEqual({ version: version + 1 });
    const expired = await order(c, { couponCode: 'trips5' });
    expect(expired.statusCode, expired.body).toBe(410);
    expect(expired.json().error.code).toBe('coupon_expired');
  });
});
