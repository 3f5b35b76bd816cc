import { TABLE_STATUSES } from '@sufra/shared/machines/table-status';
import { tableListResponse, tableSchema } from '@sufra/shared/schemas/order-events';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Caller, caller } from '../../../test/accounts.ts';
import { EVENTUALLY } from '../../../test/eventually.ts';
import { STAFF, UUID } from '../../../test/fixture-brands.ts';
import { diner, menuIds, placeOrder } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { LIVE_CHANNEL, type LiveNotice, parseLiveNotice } from '../../core/live-notices.repo.ts';

const HERE = { lat: 24.7136, lng: 46.6753 };

describe('staff tables', () => {
  let t: TestApp;
  let cashier: Caller;
  let manager: Caller;
  let owner: Caller;
  let otherBrand: Caller;
  let mainBranch: number;
  let closedBranch: number;
  let table1: number;
  let notices: LiveNotice[] = [];
  let stopListening: () => Promise<void>;

  const staffCaller = async (who: { email: string; password: string }, language = 'en') => {
    const c = caller(t, { language });
    expect((await c.call('POST', '/api/staff/auth/login/', who)).statusCode).toBe(200);
    return c;
  };
  const branchOf = async (uuid: string) => {
    const [row] = await t.database.query<{ id: number }>('select branch_id as id from qr_codes where uuid = $1', [
      uuid,
    ]);
    if (!row) throw new Error(`no QR ${uuid}`);
    return row.id;
  };
  const setStatus = (c: Caller, id: number, to: string) => c.call('PATCH', `/api/staff/tables/${id}/status/`, { to });

  beforeAll(async () => {
    t = await createTestApp();
    cashier = await staffCaller(STAFF.aCashier);
    manager = await staffCaller(STAFF.aManager);
    owner = await staffCaller(STAFF.aOwner);
    otherBrand = await staffCaller(STAFF.bManager);
    mainBranch = await branchOf(UUID.aMain);
    closedBranch = await branchOf(UUID.aClosed);
    const [row] = await t.database.query<{ id: number }>(
      "select id from tables where branch_id = $1 and number = '1'",
      [mainBranch],
    );
    if (!row) throw new Error('fixture has no table 1');
    table1 = row.id;
    stopListening = await t.database.listen(LIVE_CHANNEL, (payload) => {
      const notice = parseLiveNotice(payload);
      if (notice) notices.push(notice);
    });
  });
  afterAll(async () => {
    await stopListening();
    await t.close();
  });

  it("lists a branch's tables with their status, for any role in scope", async () => {
    await t.database.query("insert into tables (branch_id, number) values ($1, '10'), ($1, '2')", [mainBranch]);
    for (const c of [cashier, manager, owner]) {
      const res = await c.call('GET', `/api/staff/tables/?branchId=${mainBranch}`);
      expect(res.statusCode, res.body).toBe(200);
      const { tables } = tableListResponse.parse(res.json());
      // As printed numbers read: 1, 2, 10.
      expect(tables.map((x) => x.number)).toEqual(['1', '2', '10']);
      expect(tables[0]).toMatchObject({ id: table1, branchId: mainBranch, status: 'free' });
    }
  });

  it('refuses a branch outside the staff user’s scope with 403, in the asked language', async () => {
    const res = await cashier.call('GET', `/api/staff/tables/?branchId=${closedBranch}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'branch_out_of_scope' });
    const arabic = await staffCaller(STAFF.aCashier, 'ar');
    const ar = await arabic.call('GET', `/api/staff/tables/?branchId=${await branchOf(UUID.bMain)}`);
    expect(ar.statusCode).toBe(403);
    expect(ar.json().error.message).toBe('هذا الفرع ليس من الفروع التي تعمل بها');
    // The manager works at both branches.
    expect((await manager.call('GET', `/api/staff/tables/?branchId=${closedBranch}`)).statusCode).toBe(200);
  });

  it('answers a missing or bad branch with 400 and no session with 401', async () => {
    expect((await cashier.call('GET', '/api/staff/tables/')).statusCode).toBe(400);
    expect((await cashier.call('GET', '/api/staff/tables/?branchId=x')).statusCode).toBe(400);
    expect((await caller(t).call('GET', `/api/staff/tables/?branchId=${mainBranch}`)).statusCode).toBe(401);
    expect((await caller(t).call('PATCH', `/api/staff/tables/${table1}/status/`, { to: 'free' })).statusCode).toBe(401);
  });

  /**
   * Notices arrive asynchronously, in commit order, on one connection: wait until `count` have come, then none
   * may be extra (a notice that should not exist would have arrived before the last expected one).
   */
  const heard = async (count: number) => {
    await vi.waitFor(() => expect(notices.length).toBeGreaterThanOrEqual(count), EVENTUALLY);
    expect(notices).toHaveLength(count);
  };
  const currentStatus = async () => {
    const [row] = await t.database.query<{ status: string }>('select status from tables where id = $1', [table1]);
    return row?.status;
  };

  it('moves a table from any status to any other and announces each change once it commits', async () => {
    notices = [];
    let expected = 0;
    let current = await currentStatus();
    for (const from of TABLE_STATUSES) {
      for (const to of TABLE_STATUSES) {
        if (from === to) continue;
        if (current !== from) {
          expect((await setStatus(cashier, table1, from)).statusCode).toBe(200);
          expected += 1;
        }
        const res = await setStatus(cashier, table1, to);
        expect(res.statusCode, res.body).toBe(200);
        expect(tableSchema.parse(res.json())).toMatchObject({ id: table1, status: to });
        expected += 1;
        current = to;
        await heard(expected);
        expect(notices.at(-1)).toEqual({
          kind: 'table_updated',
          tableId: table1,
          brandId: expect.any(Number),
          branchId: mainBranch,
        });
      }
    }
  });

  it('treats setting the status a table already has as a no-op: 200, nothing changed, nothing announced', async () => {
    notices = [];
    const before = await currentStatus();
    const set = tableSchema.parse(
      (await setStatus(manager, table1, before === 'occupied' ? 'free' : 'occupied')).json(),
    );
    await heard(1);
    const again = await setStatus(cashier, table1, set.status);
    expect(again.statusCode).toBe(200);
    expect(tableSchema.parse(again.json())).toEqual(set);
    // Then a real change: it is the only notice after the first.
    await setStatus(cashier, table1, 'reserved');
    await heard(2);
    await setStatus(cashier, table1, 'free');
    await heard(3);
  });

  it('refuses an unknown status with 400 and a table it cannot reach with 404', async () => {
    const bad = await setStatus(cashier, table1, 'broken');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('validation_failed');
    expect((await cashier.call('PATCH', `/api/staff/tables/${table1}/status/`, {})).statusCode).toBe(400);
    const otherBrands = await setStatus(otherBrand, table1, 'reserved');
    expect(otherBrands.statusCode).toBe(404);
    expect(otherBrands.json().error.code).toBe('table_not_found');
    const [outside] = await t.database.query<{ id: number }>(
      "insert into tables (branch_id, number) values ($1, 'C1') returning id",
      [closedBranch],
    );
    // Same brand, but not the cashier's branch.
    expect((await setStatus(cashier, outside?.id ?? 0, 'reserved')).statusCode).toBe(404);
    expect((await setStatus(manager, outside?.id ?? 0, 'reserved')).statusCode).toBe(200);
    expect((await setStatus(cashier, 2_000_000_000, 'reserved')).statusCode).toBe(404);
    const [row] = await t.database.query<{ status: string }>('select status from tables where id = $1', [table1]);
    expect(row?.status).toBe('free');
  });

  it('is what dine-in placement reads: reserved and check printed refuse orders, free and occupied take them', async () => {
    const a = await diner(t, UUID.aTable, '0595000001');
    const water = (await menuIds(t, UUID.aMain)).item('water');
    const order = () =>
      placeOrder(a, UUID.aTable, {
        orderType: 1,
        location: HERE,
        lines: [{ kind: 'product', itemId: water, quantity: 1 }],
        paymentMethod: 'cash',
      });
    for (const status of ['reserved', 'check_printed'] as const) {
      expect((await setStatus(cashier, table1, status)).statusCode).toBe(200);
      const refused = await order();
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({ code: 'table_not_available', message: "The table isn't available" });
    }
    for (const status of ['free', 'occupied'] as const) {
      expect((await setStatus(cashier, table1, status)).statusCode).toBe(200);
      expect((await order()).statusCode).toBe(201);
    }
    // (The table has open orders now: staff cannot set it Free until they end, dine-in-tables.test.ts.)
  });
});
