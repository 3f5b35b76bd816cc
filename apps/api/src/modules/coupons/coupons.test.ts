import {
  couponCheckResponse,
  couponHistoryResponse,
  myCouponsResponse,
  staffCouponSchema,
} from '@sufra/shared/schemas/coupons';
import { orderSchema } from '@sufra/shared/schemas/order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../../test/accounts.ts';
import { STAFF, UUID } from '../../../test/fixture-brands.ts';
import { diner, type MenuIds, menuIds, newKey, placeOrder } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

// Brand A prices include VAT: one small kabsa is SAR 35 (3,500 halalas) all in.
describe('coupons at checkout, at the counter and in the manager form', () => {
  let t: TestApp;
  let ids: MenuIds;
  let manager: Caller;
  let cashier: Caller;
  let mainBranch: number;
  let closedBranch: number;
  let phones = 0;

  const nextPhone = () => {
    phones += 1;
    return `+9665000020${String(phones).padStart(2, '0')}`;
  };
  const branchOf = async (uuid: string) => {
    const [row] = await t.database.query<{ id: number }>('select branch_id as id from qr_codes where uuid = $1', [
      uuid,
    ]);
    if (!row) throw new Error('no qr');
    return row.id;
  };
  const kabsa = (quantity = 1) => [
    { kind: 'product' as const, itemId: ids.item('kabsa'), quantity, modifiers: [ids.option('Size', 'Small')] },
  ];
  const order = (c: Caller, extra: Record<string, unknown>, key = newKey(), quantity = 1) =>
    placeOrder(c, UUID.aMain, { orderType: 2, paymentMethod: 'cash', lines: kabsa(quantity), ...extra }, key);
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
  const counts = async (couponId: number) => {
    const [row] = await t.database.query<{ used: number; uses: number; orders: number }>(
      `select c.used_count as used,
         (select count(*) from coupon_uses where coupon_id = c.id and released_at is null)::int as uses,
         (select count(*) from coupon_uses where coupon_id = c.id)::int as orders
       from coupons c where c.id = $1`,
      [couponId],
    );
    return row;
  };
  const orderCount = async () =>
    Number((await t.database.query<{ n: number }>('select count(*)::int as n from orders'))[0]?.n);

  beforeAll(async () => {
    t = await createTestApp();
    ids = await menuIds(t, UUID.aMain);
    manager = caller(t);
    expect((await manager.call('POST', '/api/staff/auth/login/', STAFF.aManager)).statusCode).toBe(200);
    cashier = caller(t);
    expect((await cashier.call('POST', '/api/staff/auth/login/', STAFF.aCashier)).statusCode).toBe(200);
    mainBranch = await branchOf(UUID.aMain);
    closedBranch = await branchOf(UUID.aClosed);
  });
  afterAll(async () => {
    await t.close();
  });

  it('takes a percentage (with its cap) off the order, records the use, and a replay uses nothing more', async () => {
    const coupon = await create(manager, {
      code: 'save10',
      kind: 'percent',
      percentBasisPoints: 1_000,
      maxDiscountHalalas: 200,
      amountHalalas: null,
    });
    expect(coupon.code).toBe('SAVE10');
    const me = await diner(t, UUID.aMain, nextPhone());
    const key = newKey();
    const res = await order(me, { couponCode: 'save10' }, key);
    expect(res.statusCode, res.body).toBe(201);
    const placed = orderSchema.parse(res.json());
    // 10 % of 35 SAR is 3.50 SAR, capped at 2 SAR.
    expect(placed.pricing).toMatchObject({ subtotal: 3_500, totalDiscount: 200, total: 3_300 });
    expect(await counts(coupon.id)).toEqual({ used: 1, uses: 1, orders: 1 });
    const replay = await order(me, { couponCode: 'save10' }, key);
    expect(replay.statusCode).toBe(201);
    expect(orderSchema.parse(replay.json()).id).toBe(placed.id);
    expect(await counts(coupon.id)).toEqual({ used: 1, uses: 1, orders: 1 });
  });

  it('reads a code with spaces, lower case and Arabic-Indic digits as the same code', async () => {
    const coupon = await create(manager, { code: 'EID2026', amountHalalas: 700 });
    const me = await diner(t, UUID.aMain, nextPhone());
    const res = await order(me, { couponCode: '  eid ٢٠٢٦ ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(orderSchema.parse(res.json()).pricing).toMatchObject({ totalDiscount: 700, total: 2_800 });
    expect((await counts(coupon.id))?.used).toBe(1);
  });

  it('refuses every broken rule with its own message in both languages, and consumes nothing', async () => {
    const hour = 3_600_000;
    const now = Date.now();
    await create(manager, { code: 'OLD', endsAt: new Date(now - hour).toISOString() });
    await create(manager, { code: 'LATER', startsAt: new Date(now + hour).toISOString() });
    await create(manager, { code: 'CLOSEDONLY', branchIds: [closedBranch] });
    await create(manager, { code: 'DINEINONLY', orderTypes: [1] });
    await create(manager, { code: 'MIN50', minimumOrderHalalas: 5_000 });
    await create(manager, { code: 'NEWHERE', newCustomersOnly: true });
    await create(manager, { code: 'OFF', isActive: false });
    const usedUp = await create(manager, { code: 'ONCE', globalLimit: 1 });
    const bManager = caller(t);
    expect((await bManager.call('POST', '/api/staff/auth/login/', STAFF.bManager)).statusCode).toBe(200);
    await create(bManager, { code: 'BRANDB' });

    const first = await diner(t, UUID.aMain, nextPhone());
    expect((await order(first, { couponCode: 'ONCE' })).statusCode).toBe(201);
    // A customer who has ordered at the branch is not new there.
    const regular = await diner(t, UUID.aMain, nextPhone(), 'ar');
    expect((await order(regular, {})).statusCode).toBe(201);

    const me = await diner(t, UUID.aMain, nextPhone());
    const before = await orderCount();
    const refused = async (c: Caller, code: string, status: number, error: string, en?: string) => {
      const res = await order(c, { couponCode: code });
      expect(res.statusCode, `${code}: ${res.body}`).toBe(status);
      expect(res.json().error.code).toBe(error);
      if (en) expect(res.json().error.message).toBe(en);
      return res;
    };
    await refused(me, 'NOPE', 404, 'coupon_not_found', "This coupon doesn't exist");
    await refused(me, 'BRANDB', 404, 'coupon_not_found', "This coupon doesn't exist");
    await refused(me, 'OFF', 404, 'coupon_not_found');
    await refused(me, 'OLD', 410, 'coupon_expired', 'This coupon has expired');
    await refused(me, 'LATER', 422, 'coupon_not_yet_valid', "This coupon isn't valid yet");
    await refused(me, 'CLOSEDONLY', 422, 'coupon_other_branch', "This coupon can't be used at this branch");
    await refused(me, 'DINEINONLY', 422, 'coupon_other_order_type', "This coupon can't be used for this order type");
    const below = await refused(me, 'MIN50', 422, 'coupon_below_minimum', "The order is below this coupon's minimum");
    expect(below.json().error.details).toEqual({ minimumOrderHalalas: 5_000 });
    await refused(me, 'ONCE', 409, 'coupon_used_up', 'This coupon has been used up');
    const notNew = await refused(regular, 'NEWHERE', 403, 'coupon_new_customers_only');
    expect(notNew.json().error.message).toBe('هذه الفرصة حصرية للعملاء الجدد في هذا الفرع');
    // Two coupons at once: the body takes one code.
    const two = await order(me, { couponCode: ['SAVE10', 'EID2026'] });
    expect(two.statusCode).toBe(400);

    expect(await orderCount()).toBe(before);
    expect((await counts(usedUp.id))?.used).toBe(1);
    // The new customer may use the new-customers coupon, and then is new there no more.
    expect((await order(me, { couponCode: 'NEWHERE' })).statusCode).toBe(201);
    await refused(me, 'NEWHERE', 403, 'coupon_new_customers_only');
  });

  it('keeps to the per-customer limit', async () => {
    const coupon = await create(manager, { code: 'TWICE', perCustomerLimit: 2 });
    const me = await diner(t, UUID.aMain, nextPhone());
    expect((await order(me, { couponCode: 'TWICE' })).statusCode).toBe(201);
    expect((await order(me, { couponCode: 'TWICE' })).statusCode).toBe(201);
    const third = await order(me, { couponCode: 'TWICE' });
    expect(third.statusCode).toBe(409);
    expect(third.json().error.code).toBe('coupon_customer_limit');
    expect((await counts(coupon.id))?.used).toBe(2);
  });

  it('refuses points with a coupon unless the coupon allows it (the default: not combined)', async () => {
    await create(manager, { code: 'NOPOINTS' });
    await create(manager, { code: 'WITHPOINTS', combinesWithPoints: true });
    const phone = nextPhone();
    const me = await diner(t, UUID.aMain, phone);
    const [row] = await t.database.query<{ id: number }>('select id from customers where phone = $1', [phone]);
    const credit = await manager.call('POST', `/api/staff/customers/${row?.id}/points/`, {
      points: 1_000,
      reason: 'Test credit',
    });
    expect(credit.statusCode).toBe(200);
    const refused = await order(me, { couponCode: 'NOPOINTS', points: 100 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('coupon_no_points');
    const both = await order(me, { couponCode: 'WITHPOINTS', points: 100 });
    expect(both.statusCode, both.body).toBe(201);
    // 5 SAR off by the coupon first, then 100 points × 5 halalas.
    expect(orderSchema.parse(both.json()).pricing).toMatchObject({ totalDiscount: 1_000, total: 2_500 });
  });

  it('gives a coupon back when its order is canceled', async () => {
    const coupon = await create(manager, { code: 'ONEUSE', globalLimit: 1, perCustomerLimit: 1 });
    const me = await diner(t, UUID.aMain, nextPhone());
    const placed = orderSchema.parse((await order(me, { couponCode: 'ONEUSE' })).json());
    expect((await counts(coupon.id))?.used).toBe(1);
    const cancel = await cashier.call('PATCH', `/api/staff/orders/${placed.id}/status/`, {
      to: 'canceled',
      reason: 'Out of rice',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await counts(coupon.id)).toEqual({ used: 0, uses: 0, orders: 1 });
    // Usable again, by the same diner.
    expect((await order(me, { couponCode: 'ONEUSE' })).statusCode).toBe(201);
    const history = couponHistoryResponse.parse(
      (await me.call('GET', `/api/coupons/${UUID.aMain}/me/history/`)).json(),
    );
    expect(history.entries.map((e) => [e.coupon.code, e.status, e.order?.id === placed.id])).toEqual(
      expect.arrayContaining([
        ['ONEUSE', 'given_back', true],
        ['ONEUSE', 'used', false],
      ]),
    );
  });

  it('previews the discount on the cart priced by the server, or refuses with the message', async () => {
    await create(manager, { code: 'PREVIEW', amountHalalas: 1_000, perCustomerLimit: 1 });
    const me = await diner(t, UUID.aMain, nextPhone());
    const res = await me.call('POST', `/api/coupons/${UUID.aMain}/check/`, {
      code: 'preview',
      orderType: 2,
      lines: kabsa(2),
    });
    expect(res.statusCode, res.body).toBe(200);
    const check = couponCheckResponse.parse(res.json());
    expect(check.discountHalalas).toBe(1_000);
    expect(check.pricing).toMatchObject({ subtotal: 7_000, totalDiscount: 1_000, total: 6_000 });
    const mine = myCouponsResponse.parse((await me.call('GET', `/api/coupons/${UUID.aMain}/me/`)).json());
    expect(mine.coupons.find((c) => c.code === 'PREVIEW')?.usesLeft).toBe(1);
    const unknown = await me.call('POST', `/api/coupons/${UUID.aMain}/check/`, {
      code: 'unknown',
      orderType: 2,
      lines: kabsa(),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe("This coupon doesn't exist");
  });

  it('lets a cashier use a coupon in a walk-in sale, with the phone where the coupon needs a customer', async () => {
    const coupon = await create(manager, { code: 'COUNTER', amountHalalas: 1_500, perCustomerLimit: 1 });
    const body = { code: 'counter', branchId: mainBranch, saleHalalas: 4_000 };
    const noPhone = await cashier.call('POST', '/api/staff/coupons/redeem/', body);
    expect(noPhone.statusCode).toBe(422);
    expect(noPhone.json().error.code).toBe('coupon_needs_customer');
    const phone = nextPhone();
    await diner(t, UUID.aMain, phone);
    const withPhone = { ...body, phone: { phone_number: phone.slice(4), dial_code: '966' } };
    const res = await cashier.call('POST', '/api/staff/coupons/redeem/', withPhone);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ discountHalalas: 1_500, payHalalas: 2_500 });
    const [use] = await t.database.query<{ staff: number | null; branch: number; sale: number }>(
      'select staff_user_id as staff, branch_id as branch, sale_halalas as sale from coupon_uses where coupon_id = $1',
      [coupon.id],
    );
    expect(use).toMatchObject({ branch: mainBranch, sale: 4_000 });
    expect(use?.staff).not.toBeNull();
    const again = await cashier.call('POST', '/api/staff/coupons/redeem/', withPhone);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('coupon_customer_limit');

    await create(manager, { code: 'NEWCOUNTER', newCustomersOnly: true });
    const notNew = await cashier.call('POST', '/api/staff/coupons/redeem/', {
      ...withPhone,
      code: 'NEWCOUNTER',
    });
    expect(notNew.statusCode).toBe(403);
    expect(notNew.json().error.message).toBe('Customer is not new to this branch');
  });

  it("names every broken field of the manager's form at once, in both languages, requiring the default language's name only", async () => {
    const before = await t.database.query('select count(*)::int as n from coupons');
    const broken = {
      code: '',
      name: { ar: '', en: 'Only English' },
      kind: 'percent',
      endsAt: '2026-01-01T00:00:00Z',
      startsAt: '2026-02-01T00:00:00Z',
    };
    const en = await manager.call('POST', '/api/staff/coupons/', broken);
    expect(en.statusCode).toBe(400);
    expect(en.json().error.fields).toEqual({
      code: 'This field can not be empty',
      'name.ar': 'This field can not be empty',
      percentBasisPoints: 'This field can not be empty',
      endsAt: 'This field is empty or wrong',
    });
    const ar = await manager.call('POST', '/api/staff/coupons/', broken, { 'accept-language': 'ar' });
    expect(ar.json().error.fields).toMatchObject({ 'name.ar': 'لا يمكن ترك هذا الحقل فارغًا' });
    expect(await t.database.query('select count(*)::int as n from coupons')).toEqual(before);
    // Arabic (the default) without English is a whole coupon: its English name reads the Arabic one.
    const arabicOnly = await manager.call('POST', '/api/staff/coupons/', {
      code: 'ARONLY',
      name: { ar: 'خصم الجمعة', en: '' },
      kind: 'fixed',
      amountHalalas: 500,
    });
    expect(arabicOnly.statusCode, arabicOnly.body).toBe(201);
    expect(staffCouponSchema.parse(arabicOnly.json()).name).toEqual({ ar: 'خصم الجمعة', en: 'خصم الجمعة' });
  });

  it('keeps coupons to managers and owners of the brand, with codes unique per brand whatever their case', async () => {
    const coupon = await create(manager, { code: 'UNIQUE1' });
    const dup = await manager.call('POST', '/api/staff/coupons/', {
      code: 'unique1',
      name: { ar: 'ب', en: 'B' },
      kind: 'fixed',
      amountHalalas: 100,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('coupon_code_taken');
    expect((await cashier.call('GET', '/api/staff/coupons/')).statusCode).toBe(403);
    const bManager = caller(t);
    expect((await bManager.call('POST', '/api/staff/auth/login/', STAFF.bManager)).statusCode).toBe(200);
    const edit = await bManager.call('PUT', `/api/staff/coupons/${coupon.id}/`, {
      code: 'HIJACK',
      name: { ar: 'ب', en: 'B' },
      kind: 'fixed',
      amountHalalas: 100,
    });
    expect(edit.statusCode).toBe(404);
    const list = (await manager.call('GET', '/api/staff/coupons/')).json();
    expect(list.coupons.find((c: { id: number }) => c.id === coupon.id)).toMatchObject({ usedCount: 0 });
  });
});
