import { switchHistoryResponse } from '@sufra/shared/schemas/audit';
import { serviceSwitchListResponse } from '@sufra/shared/schemas/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../../test/accounts.ts';
import { STAFF, UUID } from '../../../test/fixture-brands.ts';
import { diner, menuIds, placeOrder } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

describe("managers switch the brand's services off and on", () => {
  let t: TestApp;
  let manager: Caller;
  let cashier: Caller;
  let otherBrand: Caller;

  const staffCaller = async (who: { email: string; password: string }) => {
    const c = caller(t);
    expect((await c.call('POST', '/api/staff/auth/login/', who)).statusCode).toBe(200);
    return c;
  };
  const set = (c: Caller, service: string, isActive: boolean) =>
    c.call('PUT', `/api/staff/services/${service}/`, { isActive });

  beforeAll(async () => {
    t = await createTestApp();
    manager = await staffCaller(STAFF.aManager);
    cashier = await staffCaller(STAFF.aCashier);
    otherBrand = await staffCaller(STAFF.bManager);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists every service, on unless switched off', async () => {
    const list = serviceSwitchListResponse.parse((await cashier.call('GET', '/api/staff/services/')).json());
    expect(list.services.find((s) => s.service === 'loyalty')).toEqual({ service: 'loyalty', isActive: true });
    expect(list.services.every((s) => s.isActive)).toBe(true);
  });

  it('switches the points shop off for diners (they land on the deactivated page) and on again', async () => {
    const shop = () => caller(t).call('GET', `/api/loyalty/${UUID.aMain}/shop/`);
    expect((await shop()).statusCode).toBe(200);
    const off = await set(manager, 'points_shop', false);
    expect(off.statusCode).toBe(200);
    expect(serviceSwitchListResponse.parse(off.json()).services).toContainEqual({
      service: 'points_shop',
      isActive: false,
    });
    const refused = await shop();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'service_deactivated', details: { service: 'points_shop' } });
    // The prize shop is its own switch.
    expect((await caller(t).call('GET', `/api/loyalty/${UUID.aMain}/shop/?shop=prize`)).statusCode).toBe(200);
    expect((await set(manager, 'points_shop', true)).statusCode).toBe(200);
    expect((await shop()).statusCode).toBe(200);
  });

  it('switches loyalty off: no account, no points at checkout, and the kept QR context sees it at once', async () => {
    const ids = await menuIds(t, UUID.aMain);
    const me = await diner(t, UUID.aMain, '+966500003001');
    const body = {
      orderType: 2,
      paymentMethod: 'cash',
      lines: [{ kind: 'product', itemId: ids.item('kabsa'), quantity: 1, modifiers: [ids.option('Size', 'Small')] }],
    };
    // A first order keeps the QR context in the process.
    expect((await placeOrder(me, UUID.aMain, body)).statusCode).toBe(201);
    expect((await set(manager, 'loyalty', false)).statusCode).toBe(200);
    try {
      expect((await me.call('GET', `/api/loyalty/${UUID.aMain}/me/`)).statusCode).toBe(403);
      const withPoints = await placeOrder(me, UUID.aMain, { ...body, points: 100 });
      expect(withPoints.statusCode).toBe(422);
      expect(withPoints.json().error.code).toBe('points_not_available');
      // Ordering itself is not a loyalty service.
      expect((await placeOrder(me, UUID.aMain, body)).statusCode).toBe(201);
    } finally {
      await set(manager, 'loyalty', true);
    }
    expect((await me.call('GET', `/api/loyalty/${UUID.aMain}/me/`)).statusCode).toBe(200);
  });

  it("lets only managers and owners switch, and only their own brand's services", async () => {
    expect((await set(cashier, 'loyalty', false)).statusCode).toBe(403);
    expect((await set(manager, 'no_such_service', false)).statusCode).toBe(400);
    expect((await set(otherBrand, 'points_shop', false)).statusCode).toBe(200);
    try {
      expect((await caller(t).call('GET', `/api/loyalty/${UUID.aMain}/shop/`)).statusCode).toBe(200);
    } finally {
      await set(otherBrand, 'points_shop', true);
    }
  });

  describe('every switch is recorded with who, when and from where (issue 24 item 12)', () => {
    const audit = () =>
      t.database.query<{
        staff_user_id: number;
        ip: string | null;
        object_type: string;
        object_id: string;
        branch_id: number | null;
        action: string;
        before: unknown;
        after: unknown;
      }>(
        `select a.staff_user_id, a.ip, a.object_type, a.object_id, a.branch_id, a.action, a.before, a.after
         from audit_log a join staff_users u on u.id = a.staff_user_id where u.email = $1 order by a.id`,
        [STAFF.aManager.email],
      );
    const managerId = async () =>
      (await t.database.query<{ id: number }>('select id from staff_users where email = $1', [STAFF.aManager.email]))[0]
        ?.id;

    it('writes one audit row per change, with before and after; switching to what it is writes none', async () => {
      const seen = (await audit()).length;
      expect((await set(manager, 'delivery', false)).statusCode).toBe(200);
      expect((await set(manager, 'delivery', false)).statusCode).toBe(200);
      expect((await set(manager, 'delivery', true)).statusCode).toBe(200);
      const rows = (await audit()).slice(seen);
      expect(rows).toEqual([
        {
          staff_user_id: await managerId(),
          // The test caller's client address (test/accounts.ts).
          ip: '10.0.0.1',
          object_type: 'service_switch',
          object_id: 'delivery',
          branch_id: null,
          action: 'update',
          before: { isActive: true },
          after: { isActive: false },
        },
        expect.objectContaining({ object_id: 'delivery', before: { isActive: false }, after: { isActive: true } }),
      ]);
    });

    it("records a branch's manual open switch too, and shows both in the history, newest first, in its time zone", async () => {
      const branch = (await manager.call('GET', '/api/staff/branches/')).json().branches[0] as { id: number };
      expect((await manager.call('PATCH', `/api/staff/branches/${branch.id}/`, { isOpen: false })).statusCode).toBe(
        200,
      );
      try {
        expect((await set(manager, 'ordering', false)).statusCode).toBe(200);
        expect((await set(manager, 'ordering', true)).statusCode).toBe(200);
      } finally {
        await manager.call('PATCH', `/api/staff/branches/${branch.id}/`, { isOpen: true });
      }
      const res = await manager.call('GET', '/api/staff/services/history/');
      expect(res.statusCode).toBe(200);
      const { entries } = switchHistoryResponse.parse(res.json());
      expect(entries.slice(0, 4).map((e) => [e.target, e.isActive, e.by?.name])).toEqual([
        [{ kind: 'branch', branchId: branch.id, branchName: expect.any(Object) }, true, 'Manager A'],
        [{ kind: 'service', service: 'ordering' }, true, 'Manager A'],
        [{ kind: 'service', service: 'ordering' }, false, 'Manager A'],
        [{ kind: 'branch', branchId: branch.id, branchName: expect.any(Object) }, false, 'Manager A'],
      ]);
      expect(entries[0]?.timeZone).toBe('Asia/Riyadh');
      // Cashiers neither switch nor read who did; another brand's manager sees none of this brand's history.
      expect((await cashier.call('GET', '/api/staff/services/history/')).statusCode).toBe(403);
      const theirs = switchHistoryResponse.parse((await otherBrand.call('GET', '/api/staff/services/history/')).json());
      expect(theirs.entries.some((e) => e.by?.name === 'Manager A')).toBe(false);
    });

    it('a change that fails writes no audit row, and an audit row that cannot be written undoes the change', async () => {
      const seen = (await audit()).length;
      // The switch's own write fails (a trigger stands in for any failure of the change).
      await t.database.query(`create or replace function test_refuse() returns trigger language plpgsql as $$
        begin raise exception 'refused by the test'; end $$`);
      await t.database.query(
        "create trigger test_refuse_switch before update on service_switches for each row when (new.service = 'pickup') execute function test_refuse()",
      );
      try {
        expect((await set(manager, 'pickup', false)).statusCode).toBe(500);
      } finally {
        await t.database.query('drop trigger test_refuse_switch on service_switches');
      }
      expect((await audit()).length).toBe(seen);
      // The audit row's write fails: the switch is not changed either.
      await t.database.query(
        'create trigger test_refuse_audit before insert on audit_log for each row execute function test_refuse()',
      );
      try {
        expect((await set(manager, 'pickup', false)).statusCode).toBe(500);
      } finally {
        await t.database.query('drop trigger test_refuse_audit on audit_log');
      }
      const list = serviceSwitchListResponse.parse((await manager.call('GET', '/api/staff/services/')).json());
      expect(list.services).toContainEqual({ service: 'pickup', isActive: true });
      expect((await audit()).length).toBe(seen);
    });
  });
});
