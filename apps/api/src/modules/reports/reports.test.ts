import { reportDashboard, reportExportResponse } from '@sufra/shared/schemas/reports';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../../test/accounts.ts';
import { STAFF } from '../../../test/fixture-brands.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { branches } from '../../db/schema/branches.ts';
import { coupons, couponUses } from '../../db/schema/coupons.ts';
import { customers } from '../../db/schema/customers.ts';
import { pointsLedger } from '../../db/schema/loyalty.ts';
import { orderLines, orders } from '../../db/schema/orders.ts';
import { createReportsService, type ReportsService } from './reports.service.ts';

/**
 * A small hand-computed fixture (brand A's branches in Riyadh, UTC+3), the period 2026-03-01..07 against
 * 2026-02-22..28. Every expected figure below is summed by hand from the rows inserted in beforeAll.
 */
describe('the console reports (issue 27 items 9-10)', () => {
  let t: TestApp;
  let reports: ReportsService;
  let now = new Date('2026-03-10T09:00:00Z');
  let owner: Caller;
  let ownerAr: Caller;
  let manager: Caller;
  let cashier: Caller;
  let otherManager: Caller;
  let brandA: number;
  let brandB: number;
  let aMain: number;
  let aClosed: number;
  let aThird: number;
  let bMain: number;
  let noura: number;
  let sara: number;
  let orderNumber = 5000;

  const staffCaller = async (who: { email: string; password: string }, language = 'en') => {
    const c = caller(t, { language });
    expect((await c.call('POST', '/api/staff/auth/login/', who)).statusCode).toBe(200);
    return c;
  };
  const dashboardOf = async (c: Caller, query: string) => {
    const res = await c.call('GET', `/api/staff/manage/reports/dashboard/?${query}`);
    return {
      status: res.statusCode,
      json: res.json(),
      d: res.statusCode === 200 ? reportDashboard.parse(res.json()) : null,
    };
  };

  const addOrder = async (o: {
    brandId: number;
    branchId: number;
    at: string;
    total: number;
    vat?: number;
    discount?: number;
    orderType?: number;
    payment?: 'cash' | 'card';
    status?: string;
    declineReason?: string;
    customerId?: number;
    lines?: { itemId: number; en: string; quantity: number }[];
  }) => {
    orderNumber += 1;
    const [row] = await t.db
      .insert(orders)
      .values({
        brandId: o.brandId,
        branchId: o.branchId,
        customerId: o.customerId ?? null,
        number: orderNumber,
        orderType: o.orderType ?? 1,
        status: o.status ?? 'delivered',
        paymentMethod: o.payment ?? 'cash',
        taxMode: 'inclusive',
        subtotal: o.total + (o.discount ?? 0),
        branchTaxes: 0,
        modifiersTaxes: 0,
        chargeAmount: 0,
        chargesTaxes: 0,
        deliveryFee: 0,
        taxesPrice: o.vat ?? 0,
        totalDiscount: o.discount ?? 0,
        total: o.total,
        foodicsTaxes: 0,
        foodicsCharges: 0,
        foodicsTotal: 0,
        declineReason: o.declineReason ?? null,
        createdAt: new Date(o.at),
      })
      .returning({ id: orders.id });
    const id = row?.id as number;
    let position = 0;
    for (const line of o.lines ?? []) {
      position += 1;
      await t.db.insert(orderLines).values({
        orderId: id,
        position,
        kind: 'product',
        itemId: line.itemId,
        nameAr: `ع-${line.en}`,
        nameEn: line.en,
        quantity: line.quantity,
        unitPriceHalalas: 0,
        subtotal: o.total,
        tax: o.vat ?? 0,
        total: o.total,
        modifiers: [],
        slots: [],
      });
    }
    return id;
  };
  const addLedger = async (customerId: number, kind: string, points: number, at: string, orderId?: number) => {
    await t.db.insert(pointsLedger).values({
      brandId: brandA,
      customerId,
      kind,
      points,
      reason: kind,
      orderId: orderId ?? null,
      createdAt: new Date(at),
    });
  };
  const rollupRows = async () => {
    const result = await t.db.execute(sql`
      select 'd' as t, branch_id, day::text, orders || ',' || canceled || ',' || net_halalas || ',' || coupon_discount_halalas
        || ',' || points_discount_halalas as v from report_daily where brand_id = ${brandA}
      union all select 'h', branch_id, day::text || ' ' || hour, orders || ',' || net_halalas from report_hourly
        where brand_id = ${brandA}
      union all select 'i', branch_id, day::text || ' ' || item_id, quantity || ',' || net_halalas from report_item_daily
        where brand_id = ${brandA}
      union all select 'l', branch_id, day::text, issued || ',' || redeemed || ',' || expired from report_loyalty_daily
        where brand_id = ${brandA}
      order by 1, 2, 3, 4`);
    return (result as unknown as { rows: unknown[] }).rows;
  };

  beforeAll(async () => {
    t = await createTestApp();
    reports = createReportsService({ db: t.db, databaseKind: t.database.kind, config: t.config, now: () => now });
    const a = t.seeded.get('test-brand-a');
    const b = t.seeded.get('test-brand-b');
    if (!a || !b) throw new Error('fixture brands not seeded');
    brandA = a.brandId;
    brandB = b.brandId;
    aMain = a.branchIds['a-main'] as number;
    aClosed = a.branchIds['a-closed'] as number;
    bMain = b.branchIds['b-main'] as number;
    // A third branch of brand A that its manager does not work at.
    const [third] = await t.db
      .insert(branches)
      .values({ brandId: brandA, nameAr: 'الفرع الثالث', nameEn: 'Third branch', lat: 24.7, lng: 46.7 })
      .returning({ id: branches.id });
    aThird = third?.id as number;
    owner = await staffCaller(STAFF.aOwner);
    ownerAr = await staffCaller(STAFF.aOwner, 'ar');
    manager = await staffCaller(STAFF.aManager);
    cashier = await staffCaller(STAFF.aCashier);
    otherManager = await staffCaller(STAFF.bManager);
    const [n, s] = await t.db
      .insert(customers)
      .values([
        { brandId: brandA, phone: '+966555070001', fullName: 'Noura', walletPoints: 400, lifetimePoints: 2_000 },
        { brandId: brandA, phone: '+966555070002', fullName: 'Sara', walletPoints: 100, lifetimePoints: 100 },
      ])
      .returning({ id: customers.id });
    noura = n?.id as number;
    sara = s?.id as number;
    const [coupon] = await t.db
      .insert(coupons)
      .values({ brandId: brandA, code: 'REPORT20', nameAr: 'ق', nameEn: 'C', kind: 'fixed', amountHalalas: 2_000 })
      .returning({ id: coupons.id });

    // The period. 12:30 Riyadh on Monday 2 March: dine-in, cash, two shawarma.
    const o1 = await addOrder({
      brandId: brandA,
      branchId: aMain,
      at: '2026-03-02T09:30:00Z',
      total: 11_500,
      vat: 1_500,
      customerId: noura,
      lines: [{ itemId: 101, en: 'Shawarma', quantity: 2 }],
    });
    // 22:30 UTC on 2 March is 01:30 on Tuesday 3 March in Riyadh: pickup, card, a coupon's 20 SAR off.
    const o2 = await addOrder({
      brandId: brandA,
      branchId: aMain,
      at: '2026-03-02T22:30:00Z',
      total: 23_000,
      vat: 3_000,
      discount: 2_000,
      orderType: 2,
      payment: 'card',
      customerId: noura,
      lines: [{ itemId: 102, en: 'Falafel', quantity: 1 }],
    });
    await t.db.insert(couponUses).values({
      couponId: coupon?.id as number,
      brandId: brandA,
      customerId: noura,
      orderId: o2,
      branchId: aMain,
      discountHalalas: 2_000,
      usedAt: new Date('2026-03-02T22:30:00Z'),
    });
    // 13:00 on Thursday 5 March at the other branch: delivery, cash, 200 points (5 halalas each) = 10 SAR off.
    const o3 = await addOrder({
      brandId: brandA,
      branchId: aClosed,
      at: '2026-03-05T10:00:00Z',
      total: 5_750,
      vat: 750,
      discount: 1_000,
      orderType: 3,
      customerId: sara,
      lines: [{ itemId: 103, en: 'Tea', quantity: 3 }],
    });
    // 09:00 on Tuesday 3 March at the third branch (the manager's scope leaves it out).
    await addOrder({
      brandId: brandA,
      branchId: aThird,
      at: '2026-03-03T06:00:00Z',
      total: 50_000,
      lines: [{ itemId: 104, en: 'Kabsa', quantity: 1 }],
    });
    // Canceled by the board (too busy): counted as a cancellation only.
    await addOrder({
      brandId: brandA,
      branchId: aMain,
      at: '2026-03-04T12:00:00Z',
      total: 9_999,
      status: 'canceled',
      declineReason: 'too_busy',
      lines: [{ itemId: 101, en: 'Shawarma', quantity: 9 }],
    });
    // Outside: 21:30 UTC on 8 March is 9 March in Riyadh; the previous period's one order; brand B's.
    await addOrder({ brandId: brandA, branchId: aMain, at: '2026-03-08T21:30:00Z', total: 7_777 });
    await addOrder({ brandId: brandA, branchId: aMain, at: '2026-02-25T09:00:00Z', total: 4_600, vat: 600 });
    await addOrder({ brandId: brandB, branchId: bMain, at: '2026-03-03T09:00:00Z', total: 77_700 });
    // The ledger: an earn on o1, a bonus and an expiry with no order, points spent on o3.
    await addLedger(noura, 'earn', 115, '2026-03-02T09:31:00Z', o1);
    await addLedger(noura, 'bonus', 50, '2026-03-06T12:00:00Z');
    await addLedger(noura, 'expire', -30, '2026-03-06T13:00:00Z');
    await addLedger(sara, 'redeem', -200, '2026-03-05T10:00:00Z', o3);
    // The job's first pass: every brand from its first order through today.
    await reports.catchUpOnce();
  });
  afterAll(async () => {
    await t.close();
  });

  it("sums the owner's brand over the period against the period before, from the roll-ups", async () => {
    const { status, d } = await dashboardOf(owner, 'from=2026-03-01&to=2026-03-07');
    expect(status).toBe(200);
    expect(d?.period).toEqual({ from: '2026-03-01', to: '2026-03-07', days: 7 });
    expect(d?.previous).toEqual({ from: '2026-02-22', to: '2026-02-28' });
    expect(d?.current).toEqual({
      orders: 4,
      canceled: 1,
      netHalalas: 85_000,
      vatHalalas: 5_250,
      totalHalalas: 90_250,
      averageBasketHalalas: 22_563,
      discounts: { couponHalalas: 2_000, pointsHalalas: 1_000, rewardHalalas: 0 },
      points: { issued: 165, redeemed: 200, expired: 30 },
      activeMembers: 2,
    });
    expect(d?.before).toMatchObject({ orders: 1, netHalalas: 4_000, vatHalalas: 600, canceled: 0 });
    expect(d?.orderTypes).toEqual([
      { orderType: 1, orders: 2 },
      { orderType: 2, orders: 1 },
      { orderType: 3, orders: 1 },
    ]);
    expect(d?.payments).toEqual([
      { method: 'cash', orders: 3, totalHalalas: 67_250 },
      { method: 'card', orders: 1, totalHalalas: 23_000 },
    ]);
    // Hours and days in the branch's zone: the 22:30 UTC order is 01:00 on Tuesday.
    expect(d?.hours).toEqual([
      { hour: 1, orders: 1, netHalalas: 20_000 },
      { hour: 9, orders: 1, netHalalas: 50_000 },
      { hour: 12, orders: 1, netHalalas: 10_000 },
      { hour: 13, orders: 1, netHalalas: 5_000 },
    ]);
    expect(d?.weekdays).toEqual([
      { weekday: 1, orders: 1, netHalalas: 10_000 },
      { weekday: 2, orders: 2, netHalalas: 70_000 },
      // Wednesday 4 March had only the canceled order.
      { weekday: 3, orders: 0, netHalalas: 0 },
      { weekday: 4, orders: 1, netHalalas: 5_000 },
    ]);
    expect(d?.days.map((x) => x.day)).toEqual(['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05']);
    expect(d?.topItems.map((i) => [i.name.en, i.quantity])).toEqual([
      ['Tea', 3],
      ['Shawarma', 2],
      ['Kabsa', 1],
      ['Falafel', 1],
    ]);
    expect(d?.bottomItems[0]?.name).toEqual({ ar: 'ع-Falafel', en: 'Falafel' });
    expect(d?.cancellations).toEqual([{ reason: 'too_busy', orders: 1 }]);
    // Now, brand-wide: 500 points held at 5 halalas; Noura (2,000 lifetime) is Silver, Sara the first level.
    expect(d?.loyalty.outstandingPoints).toBe(500);
    expect(d?.loyalty.liabilityHalalas).toBe(2_500);
    expect(d?.loyalty.levels.map((l) => [l.name?.en, l.members])).toEqual([
      ['Bronze', 1],
      ['Silver', 1],
    ]);
  });

  it("gives a manager their branches only, and one branch when asked; brand B's figures never show", async () => {
    const all = await dashboardOf(manager, 'from=2026-03-01&to=2026-03-07');
    expect(all.status).toBe(200);
    expect(all.d?.branches.map((b) => b.id).sort()).toEqual([aMain, aClosed].sort());
    expect(all.d?.current).toMatchObject({ orders: 3, totalHalalas: 40_250, activeMembers: 2 });
    // The ledger rows of the manager's branches' orders; a bonus or expiry with no order is the brand's only.
    expect(all.d?.current.points).toEqual({ issued: 115, redeemed: 200, expired: 0 });
    const one = await dashboardOf(manager, `from=2026-03-01&to=2026-03-07&branchId=${aClosed}`);
    expect(one.d?.current).toMatchObject({ orders: 1, totalHalalas: 5_750, activeMembers: 1 });
    expect(one.d?.branchId).toBe(aClosed);
    const b = await dashboardOf(otherManager, 'from=2026-03-01&to=2026-03-07');
    expect(b.d?.current).toMatchObject({ orders: 1, totalHalalas: 77_700 });
  });

  it("refuses another branch's and another brand's id with 404, a cashier with 403, a signed-out caller with 401", async () => {
    expect((await dashboardOf(manager, `from=2026-03-01&to=2026-03-07&branchId=${aThird}`)).status).toBe(404);
    const foreign = await dashboardOf(owner, `from=2026-03-01&to=2026-03-07&branchId=${bMain}`);
    expect(foreign.status).toBe(404);
    expect(foreign.json.error.code).toBe('branch_not_found');
    expect((await dashboardOf(cashier, 'from=2026-03-01&to=2026-03-07')).status).toBe(403);
    const res = await caller(t).call('GET', '/api/staff/manage/reports/dashboard/?from=2026-03-01&to=2026-03-07');
    expect(res.statusCode).toBe(401);
    const exported = await cashier.call(
      'GET',
      '/api/staff/manage/reports/export/?from=2026-03-01&to=2026-03-07&table=days',
    );
    expect(exported.statusCode).toBe(403);
  });

  it('refuses a period that ends before it starts or is longer than 400 days, in the caller language', async () => {
    const backwards = await dashboardOf(ownerAr, 'from=2026-03-07&to=2026-03-01');
    expect(backwards.status).toBe(422);
    expect(backwards.json.error.code).toBe('report_period_invalid');
    expect(backwards.json.error.message).toBe('اختر فترة تبدأ قبل نهايتها أو في يومها، ولا تزيد على 400 يوم');
    expect((await dashboardOf(owner, 'from=2025-01-01&to=2026-03-01')).status).toBe(422);
    expect((await dashboardOf(owner, 'from=2026-02-30&to=2026-03-01')).status).toBe(400);
  });

  it('exports a table as CSV with a byte-order mark, in the caller language, that reads back to the figures', async () => {
    const res = await ownerAr.call(
      'GET',
      '/api/staff/manage/reports/export/?from=2026-03-01&to=2026-03-07&table=summary',
    );
    expect(res.statusCode).toBe(200);
    const body = reportExportResponse.parse(res.json());
    expect(body.csv.startsWith('\uFEFF')).toBe(true);
    const rows: string[][] = parse(body.csv.slice(1));
    expect(rows[0]).toEqual(['المؤشر', 'الفترة', 'الفترة السابقة']);
    expect(rows.find((r) => r[0] === 'صافي المبيعات (ر.س)')).toEqual(['صافي المبيعات (ر.س)', '850.00', '40.00']);
    const items = reportExportResponse.parse(
      (
        await owner.call('GET', '/api/staff/manage/reports/export/?from=2026-03-01&to=2026-03-07&table=topItems')
      ).json(),
    );
    expect(parse(items.csv.slice(1))).toEqual([
      ['Item', 'Quantity', 'Net sales (SAR)'],
      ['Tea', '3', '50.00'],
      ['Shawarma', '2', '100.00'],
      ['Kabsa', '1', '500.00'],
      ['Falafel', '1', '200.00'],
    ]);
    expect(items.rows).toBe(4);
  });

  it('rolls a day range up again to exactly the same rows', async () => {
    const before = await rollupRows();
    await reports.rollUp(brandA, '2026-02-20', '2026-03-10');
    await reports.rollUp(brandA, '2026-02-20', '2026-03-10');
    expect(await rollupRows()).toEqual(before);
  });

  it('catches up after downtime: the days since the last pass (and the one before it) are rolled', async () => {
    // The last pass was on 10 March; orders came on the 10th (after it) and the 12th while the job was down.
    await addOrder({ brandId: brandA, branchId: aMain, at: '2026-03-10T15:00:00Z', total: 1_100 });
    await addOrder({ brandId: brandA, branchId: aMain, at: '2026-03-12T10:00:00Z', total: 2_200 });
    const stale = await dashboardOf(owner, 'from=2026-03-08&to=2026-03-14');
    expect(stale.d?.current.orders).toBe(1);
    now = new Date('2026-03-14T09:00:00Z');
    await reports.catchUpOnce();
    const fresh = await dashboardOf(owner, 'from=2026-03-08&to=2026-03-14');
    expect(fresh.d?.current).toMatchObject({ orders: 3, totalHalalas: 7_777 + 1_100 + 2_200 });
    const state = await t.db.execute(
      sql`select rolled_through::text as d from report_rollup_state where brand_id = ${brandA}`,
    );
    expect((state as unknown as { rows: { d: string }[] }).rows[0]?.d).toBe('2026-03-14');
  });
});
