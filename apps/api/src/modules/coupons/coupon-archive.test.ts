import { staffCouponListResponse, staffCouponSchema } from '@sufra/shared/schemas/coupons';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../../test/accounts.ts';
import { STAFF, UUID } from '../../../test/fixture-brands.ts';
import { diner, type MenuIds, menuIds, newKey, placeOrder } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { copyCodes } from './coupon-archive.service.ts';

// Issue 27 item 7: coupons are archived (no delete), restored and duplicated; every write audited, versions checked.
describe('archiving, restoring and duplicating coupons', () => {
  let t: TestApp;
  let ids: MenuIds;
  let owner: Caller;
  let manager: Caller;
  let cashier: Caller;
  let bManager: Caller;
  let mainBranch: number;
  let closedBranch: number;
  let phones = 0;
  const nextPhone = () => {
    phones += 1;
    return `+9665000031${String(phones).padStart(2, '0')}`;
  };
  const branchOf = async (uuid: string) => {
    const [row] = await t.database.query<{ id: number }>('select branch_id as id from qr_codes where uuid = $1', [
      uuid,
    ]);
    if (!row) throw new Error('no qr');
    return row.id;
  };
  const order = (c: Caller, couponCode: string) =>
    placeOrder(
      c,
      UUID.aMain,
      {
        orderType: 2,
        paymentMethod: 'cash',
        couponCode,
        lines: [{ kind: 'product', itemId: ids.item('kabsa'), quantity: 1, modifiers: [ids.option('Size', 'Small')] }],
      },
      newKey(),
    );
  const create = async (as: Caller, body: Record<string, unknown>) => {
    const res = await as.call('POST', '/api/staff/coupons/', {
      name: { ar: 'قسيمة', en: 'Coupon' },
      kind: 'fixed',
      amountHalalas: 500,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return staffCouponSchema.parse(res.json());
  };
  const post = (as: Caller, id: number, what: 'archive' | 'restore' | 'duplicate', version?: number) =>
    as.call('POST', `/api/staff/coupons/${id}/${what}/`, version === undefined ? undefined : { version });
  const auditRows = async (id: number) =>
    t.database.query<{ action: string; before: unknown; after: unknown }>(
      "select action, before, after from audit_log where object_type = 'coupon' and object_id = $1 order by id",
      [String(id)],
    );

  beforeAll(async () => {
    t = await createTestApp();
    ids = await menuIds(t, UUID.aMain);
    mainBranch = await branchOf(UUID.aMain);
    closedBranch = await branchOf(UUID.aClosed);
    // The manager keeps the main branch only, so the closed branch is another branch to them.
    await t.database.query(
      `delete from staff_user_branches where branch_id = $1
         and staff_user_id = (select id from staff_users where email = $2)`,
      [closedBranch, STAFF.aManager.email],
    );
    owner = caller(t);
    manager = caller(t);
    cashier = caller(t);
    bManager = caller(t);
    expect((await owner.call('POST', '/api/staff/auth/login/', STAFF.aOwner)).statusCode).toBe(200);
    expect((await manager.call('POST', '/api/staff/auth/login/', STAFF.aManager)).statusCode).toBe(200);
    expect((await cashier.call('POST', '/api/staff/auth/login/', STAFF.aCashier)).statusCode).toBe(200);
    expect((await bManager.call('POST', '/api/staff/auth/login/', STAFF.bManager)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it('archives a coupon: diners are told it ended, its past use stays, and the archive is audited', async () => {
    const coupon = await create(manager, { code: 'ARCH1' });
    const first = await diner(t, UUID.aMain, nextPhone());
    expect((await order(first, 'ARCH1')).statusCode).toBe(201);
    const listed = staffCouponListResponse.parse((await manager.call('GET', '/api/staff/coupons/')).json());
    const read = listed.coupons.find((c) => c.id === coupon.id);
    expect(read?.archivedAt).toBeNull();

    const res = await post(manager, coupon.id, 'archive', read?.version);
    expect(res.statusCode, res.body).toBe(200);
    const archived = staffCouponSchema.parse(res.json());
    expect(archived).toMatchObject({ isActive: false, usedCount: 1 });
    expect(archived.archivedAt).not.toBeNull();

    for (const language of ['en', 'ar'] as const) {
      const me = await diner(t, UUID.aMain, nextPhone(), language);
      const refused = await order(me, 'ARCH1');
      expect(refused.statusCode, refused.body).toBe(410);
      expect(refused.json().error.code).toBe('coupon_expired');
      expect(refused.json().error.message).toBe(
        language === 'en' ? 'This coupon has expired' : 'انتهت صلاحية هذه القسيمة',
      );
    }
    const counter = await cashier.call('POST', '/api/staff/coupons/redeem/', {
      code: 'ARCH1',
      branchId: mainBranch,
      saleHalalas: 3_000,
    });
    expect(counter.statusCode, counter.body).toBe(410);
    const [uses] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from coupon_uses where coupon_id = $1',
      [coupon.id],
    );
    expect(uses?.n).toBe(1);

    const rows = await auditRows(coupon.id);
    expect(rows.map((r) => r.action)).toEqual(['update']);
    expect(rows[0]?.before).toMatchObject({ archivedAt: null, isActive: true });
    expect(rows[0]?.after).toMatchObject({ isActive: false });
  });

  it('refuses editing an archived coupon, and restores it switched off so it can be edited and used again', async () => {
    const coupon = await create(owner, { code: 'ARCH2' });
    const archived = staffCouponSchema.parse((await post(owner, coupon.id, 'archive', coupon.version)).json());
    const edit = await owner.call('PUT', `/api/staff/coupons/${coupon.id}/`, {
      code: 'ARCH2',
      name: { ar: 'قسيمة', en: 'Coupon' },
      kind: 'fixed',
      amountHalalas: 600,
      isActive: true,
    });
    expect(edit.statusCode, edit.body).toBe(409);
    expect(edit.json().error.code).toBe('archived_edit_refused');

    const restored = await post(owner, coupon.id, 'restore', archived.version);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(staffCouponSchema.parse(restored.json())).toMatchObject({ archivedAt: null, isActive: false });
    const on = await owner.call('PUT', `/api/staff/coupons/${coupon.id}/`, {
      code: 'ARCH2',
      name: { ar: 'قسيمة', en: 'Coupon' },
      kind: 'fixed',
      amountHalalas: 600,
      isActive: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    const me = await diner(t, UUID.aMain, nextPhone());
    expect((await order(me, 'ARCH2')).statusCode).toBe(201);
    expect((await auditRows(coupon.id)).map((r) => r.action)).toEqual(['update', 'update']);
  });

  it('answers a stale version with 409 and both values, writing nothing', async () => {
    const coupon = await create(manager, { code: 'ARCH3' });
    expect((await post(manager, coupon.id, 'archive', coupon.version)).statusCode).toBe(200);
    // The second manager still holds the version read before the archive.
    const stale = await post(owner, coupon.id, 'restore', coupon.version);
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().error.code).toBe('edit_conflict');
    expect(stale.json().error.details.theirs.archivedAt).not.toBeNull();
    expect(stale.json().error.details.yours).toEqual({ version: coupon.version });
    const [row] = await t.database.query<{ archived: boolean }>(
      'select archived_at is not null as archived from coupons where id = $1',
      [coupon.id],
    );
    expect(row?.archived).toBe(true);
    expect(await auditRows(coupon.id)).toHaveLength(1);
  });

  it('duplicates a coupon as a switched-off start with a new code, and again with the next free code', async () => {
    const coupon = await create(manager, { code: 'SUMMER', amountHalalas: 900, minimumOrderHalalas: 2_000 });
    await post(manager, coupon.id, 'archive', coupon.version);
    const first = await post(manager, coupon.id, 'duplicate');
    expect(first.statusCode, first.body).toBe(201);
    const copy = staffCouponSchema.parse(first.json());
    expect(copy).toMatchObject({
      code: 'SUMMER-COPY',
      amountHalalas: 900,
      minimumOrderHalalas: 2_000,
      isActive: false,
      archivedAt: null,
      usedCount: 0,
    });
    expect(copy.id).not.toBe(coupon.id);
    const second = staffCouponSchema.parse((await post(manager, coupon.id, 'duplicate')).json());
    expect(second.code).toBe('SUMMER-COPY2');
    // The copy is editable like any coupon.
    const edit = await manager.call('PUT', `/api/staff/coupons/${copy.id}/`, {
      code: 'WINTER',
      name: { ar: 'شتاء', en: 'Winter' },
      kind: 'fixed',
      amountHalalas: 800,
      isActive: true,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const rows = await auditRows(copy.id);
    expect(rows.map((r) => r.action)).toEqual(['create']);
    expect(rows[0]?.after).toMatchObject({ duplicatedFrom: coupon.id, code: 'SUMMER-COPY' });
  });

  it('cuts a long code so its copy still fits the 32 characters a code may have', () => {
    const long = 'A'.repeat(32);
    expect(copyCodes(long)[0]).toBe(`${'A'.repeat(27)}-COPY`);
    expect(copyCodes(long).every((c) => c.length <= 32)).toBe(true);
  });

  it("refuses the cashier, another brand's manager (404) and a manager whose branches the coupon is not on", async () => {
    const coupon = await create(owner, { code: 'ARCH4' });
    const closedOnly = await create(owner, { code: 'ARCH5', branchIds: [closedBranch] });
    for (const what of ['archive', 'restore', 'duplicate'] as const) {
      const version = what === 'duplicate' ? undefined : coupon.version;
      expect((await post(cashier, coupon.id, what, version)).statusCode).toBe(403);
      const other = await post(bManager, coupon.id, what, version);
      expect(other.statusCode, other.body).toBe(404);
      expect(other.json().error.code).toBe('coupon_not_found');
      const scoped = await post(manager, closedOnly.id, what, version === undefined ? undefined : closedOnly.version);
      expect(scoped.statusCode, scoped.body).toBe(403);
      expect(scoped.json().error.code).toBe('branch_out_of_scope');
    }
    // No copy was made and neither was archived.
    const [row] = await t.database.query<{ n: number; archived: number }>(
      `select count(*)::int as n, (count(*) filter (where archived_at is not null))::int as archived
         from coupons where code like 'ARCH4%' or code like 'ARCH5%'`,
    );
    expect(row).toEqual({ n: 2, archived: 0 });
    expect(await auditRows(coupon.id)).toHaveLength(0);
  });
});
