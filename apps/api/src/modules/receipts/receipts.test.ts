import { decodeZatcaQr } from '@sufra/shared/receipts/zatca-qr';
import { orderSchema } from '@sufra/shared/schemas/order';
import { receiptSchema } from '@sufra/shared/schemas/receipt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../../test/accounts.ts';
import { createFixedCoupon } from '../../../test/coupons.ts';
import { brandA, brandB, STAFF, UUID } from '../../../test/fixture-brands.ts';
import { diner, type MenuIds, menuIds, placeOrder, setBranchSwitch } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const OTHER_BRANCH_MANAGER = { email: 'manager-two@brand-a.test', password: 'manager-pass-two' };

/** Brand A (VAT number 310122393500003) with a manager of its second branch only; brand B has no VAT number. */
const brandAWithBranchManager = {
  ...brandA,
  staff: [
    ...(brandA.staff ?? []),
    { ...OTHER_BRANCH_MANAGER, name: 'Manager Two', role: 'manager' as const, branches: ['a-closed'] },
  ],
};

/** Issue 28 item 5: an order's receipt, a simplified tax invoice with ZATCA's phase-1 QR where the branch issues it. */
describe('receipts', () => {
  let t: TestApp;
  let ids: MenuIds;
  let a: Caller;
  const staffCaller = async (who: { email: string; password: string }) => {
    const c = caller(t);
    const res = await c.call('POST', '/api/staff/auth/login/', who);
    expect(res.statusCode, res.body).toBe(200);
    return c;
  };
  /** Two kabsas (SAR 35 each, VAT included), cash pickup at brand A's main branch. */
  const kabsas = async (c: Caller, extra: Record<string, unknown> = {}) => {
    const res = await placeOrder(c, UUID.aMain, {
      orderType: 2,
      lines: [{ kind: 'product', itemId: ids.item('kabsa'), quantity: 2, modifiers: [ids.option('Size', 'Small')] }],
      paymentMethod: 'cash',
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return orderSchema.parse(res.json());
  };
  const receiptOf = (c: Caller, id: number, uuid: string = UUID.aMain) =>
    c.call('GET', `/api/orders/${uuid}/${id}/receipt/`);

  beforeAll(async () => {
    t = await createTestApp({ brands: [brandAWithBranchManager, brandB] });
    ids = await menuIds(t, UUID.aMain);
    a = await diner(t, UUID.aMain, '0590000281');
  });
  afterAll(() => t.close());

  it("gives the diner a simplified tax invoice whose QR holds the stored order's seller, VAT number, time, total and VAT", async () => {
    const order = await kabsas(a);
    const res = await receiptOf(a, order.id);
    expect(res.statusCode, res.body).toBe(200);
    const receipt = receiptSchema.parse(res.json());
    // 7,000 halalas VAT included at 15 %: VAT = round(7000 × 15 / 115) = 913.
    expect(receipt.totals).toEqual({ withoutVat: 6_087, vat: 913, withVat: 7_000 });
    expect(receipt.invoice.kind).toBe('simplified_tax_invoice');
    expect(receipt.seller).toEqual({ name: { ar: 'مطعم أ', en: 'Brand A' }, vatNumber: '310122393500003' });
    const [stored] = await t.database.query<{ created_at: Date }>('select created_at from orders where id = $1', [
      order.id,
    ]);
    const tags = decodeZatcaQr(receipt.invoice.zatcaQr ?? '');
    expect([...tags.entries()]).toEqual([
      [1, 'مطعم أ'],
      [2, '310122393500003'],
      [3, `${stored?.created_at.toISOString().slice(0, 19)}Z`],
      [4, '70.00'],
      [5, '9.13'],
    ]);
    expect(receipt.order.lines[0]).toMatchObject({ quantity: 2, total: 7_000 });
    expect(receipt.paidAt).toBeNull();
  });

  it('says which discount came from where: the coupon by its code, the points by their count', async () => {
    await createFixedCoupon(t, {
      code: 'RECEIPT5',
      name: 'Five off',
      amountHalalas: 500,
      globalLimit: null,
      perCustomerLimit: null,
    });
    const manager = await staffCaller(STAFF.aManager);
    const c = await diner(t, UUID.aMain, '0590000282');
    const [customer] = await t.database.query<{ id: number }>("select id from customers where phone = '+966590000282'");
    const credit = await manager.call('POST', `/api/staff/customers/${customer?.id}/points/`, {
      points: 500,
      reason: 'Test credit',
    });
    expect(credit.statusCode, credit.body).toBe(200);
    const withCoupon = await kabsas(c, { couponCode: 'RECEIPT5' });
    expect(withCoupon.pricing.totalDiscount).toBe(500);
    const couponReceipt = receiptSchema.parse((await receiptOf(c, withCoupon.id)).json());
    expect(couponReceipt.discounts).toEqual([
      { source: 'coupon', label: { ar: 'RECEIPT5', en: 'RECEIPT5' }, points: null, amount: 500 },
    ]);
    // The QR's totals are the order's after its discounts.
    const tags = decodeZatcaQr(couponReceipt.invoice.zatcaQr ?? '');
    expect(tags.get(4)).toBe('65.00');
    expect(tags.get(5)).toBe((couponReceipt.totals.vat / 100).toFixed(2));

    const withPoints = await kabsas(c, { points: 200 });
    expect(withPoints.pricing.totalDiscount).toBe(1_000);
    const pointsReceipt = receiptSchema.parse((await receiptOf(c, withPoints.id)).json());
    expect(pointsReceipt.discounts).toEqual([{ source: 'points', label: null, points: 200, amount: 1_000 }]);
    expect(pointsReceipt.totals.withVat).toBe(6_000);
    // No discount, no discount lines.
    expect(receiptSchema.parse((await receiptOf(c, (await kabsas(c)).id)).json()).discounts).toEqual([]);
  });

  it("refuses another diner's order, and an order of the same id asked for through another brand's QR code", async () => {
    const order = await kabsas(a);
    const other = await diner(t, UUID.aMain, '0590000283');
    const res = await receiptOf(other, order.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('order_not_found');
    // Brand B's QR code: the diner is not signed in there, and brand A's order is not brand B's.
    const viaB = await diner(t, UUID.bMain, '0590000285');
    expect((await receiptOf(viaB, order.id, UUID.bMain)).statusCode).toBe(404);
    // Signed out: not a receipt.
    expect((await receiptOf(caller(t), order.id)).statusCode).toBe(401);
  });

  it("lets staff of the order's branch read it and refuses staff of another branch or brand", async () => {
    const order = await kabsas(a);
    const path = `/api/staff/orders/${order.id}/receipt/`;
    for (const who of [STAFF.aOwner, STAFF.aManager, STAFF.aCashier]) {
      const res = await (await staffCaller(who)).call('GET', path);
      expect(res.statusCode, res.body).toBe(200);
      expect(receiptSchema.parse(res.json()).order.id).toBe(order.id);
    }
    for (const who of [OTHER_BRANCH_MANAGER, STAFF.bManager]) {
      const res = await (await staffCaller(who)).call('GET', path);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('order_not_found');
    }
    expect((await caller(t).call('GET', path)).statusCode).toBe(401);
  });

  it('shows when a cash order was paid once staff took the money', async () => {
    const order = await kabsas(a);
    const cashier = await staffCaller(STAFF.aCashier);
    expect((await cashier.call('POST', `/api/staff/orders/${order.id}/cash-received/`)).statusCode).toBe(200);
    const receipt = receiptSchema.parse((await receiptOf(a, order.id)).json());
    expect(receipt.paidAt).not.toBeNull();
    expect(receipt.paidAt).toBe(receipt.order.cashReceivedAt);
  });

  it('is not a tax invoice at an integrated branch (the POS issues it): no QR', async () => {
    await setBranchSwitch(t, UUID.aMain, 'integrated', true);
    try {
      const order = await kabsas(a);
      const receipt = receiptSchema.parse((await receiptOf(a, order.id)).json());
      expect(receipt.invoice).toMatchObject({ kind: 'pos_issues_invoice', zatcaQr: null });
    } finally {
      await setBranchSwitch(t, UUID.aMain, 'integrated', false);
    }
  });

  it('is not a tax invoice for a brand without a VAT number: no QR', async () => {
    const b = await diner(t, UUID.bMain, '0590000284');
    const bIds = await menuIds(t, UUID.bMain);
    const item = bIds.menu.items[0];
    if (!item) throw new Error('brand B has no item');
    const res = await placeOrder(b, UUID.bMain, {
      orderType: 2,
      lines: [{ kind: 'product', itemId: item.id, quantity: 1 }],
      paymentMethod: 'cash',
    });
    expect(res.statusCode, res.body).toBe(201);
    const receipt = receiptSchema.parse((await receiptOf(b, orderSchema.parse(res.json()).id, UUID.bMain)).json());
    expect(receipt.invoice).toMatchObject({ kind: 'no_vat_number', zatcaQr: null });
    expect(receipt.seller.vatNumber).toBeNull();
  });

  it('keeps a VAT number ZATCA would not issue out of the database', async () => {
    await expect(t.database.query("update brands set vat_number = '123' where slug = 'test-brand-a'")).rejects.toThrow(
      /brands_vat_number_check/,
    );
  });
});
