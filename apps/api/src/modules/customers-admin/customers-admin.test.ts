import {
  customerExportResponse,
  customerLevelsResponse,
  customerListResponse,
  customerPageSchema,
  grantableRewardsResponse,
} from '@sufra/shared/schemas/customers-admin';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../../test/accounts.ts';
import { STAFF } from '../../../test/fixture-brands.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { customers } from '../../db/schema/customers.ts';
import { customerRewards, pointsLedger, rewards } from '../../db/schema/loyalty.ts';
import { orders } from '../../db/schema/orders.ts';

const DAY = 86_400_000;

describe('the console customers (issue 27 item 8)', () => {
  let t: TestApp;
  let owner: Caller;
  let manager: Caller;
  let managerAr: Caller;
  let cashier: Caller;
  let otherManager: Caller;
  let brandA: number;
  let brandB: number;
  let aMain: number;
  let aClosed: number;
  let bMain: number;
  const ids: Record<string, number> = {};
  let orderNumber = 1000;

  const staffCaller = async (who: { email: string; password: string }, language = 'en') => {
    const c = caller(t, { language });
    expect((await c.call('POST', '/api/staff/auth/login/', who)).statusCode).toBe(200);
    return c;
  };
  const search = async (c: Caller, body: Record<string, unknown>) => {
    const res = await c.call('POST', '/api/staff/manage/customers/search/', body);
    return {
      status: res.statusCode,
      json: res.json(),
      list: res.statusCode === 200 ? customerListResponse.parse(res.json()) : null,
    };
  };
  const names = (list: { customers: { name: string }[] } | null) => list?.customers.map((c) => c.name) ?? [];

  const addCustomer = async (key: string, brandId: number, phone: string, fullName: string, lifetime = 0) => {
    const [row] = await t.db
      .insert(customers)
      .values({ brandId, phone, fullName, walletPoints: lifetime, lifetimePoints: lifetime })
      .returning({ id: customers.id });
    ids[key] = row?.id as number;
  };
  const addOrder = async (
    key: string,
    brandId: number,
    branchId: number,
    total: number,
    daysAgo: number,
    status = 'delivered',
  ) => {
    orderNumber += 1;
    const createdAt = new Date(Date.now() - daysAgo * DAY);
    const [row] = await t.db
      .insert(orders)
      .values({
        brandId,
        branchId,
        customerId: ids[key] as number,
        number: orderNumber,
        orderType: 2,
        status,
        paymentMethod: 'cash',
        taxMode: 'inclusive',
        subtotal: total,
        branchTaxes: 0,
        modifiersTaxes: 0,
        chargeAmount: 0,
        chargesTaxes: 0,
        deliveryFee: 0,
        taxesPrice: 0,
        totalDiscount: 0,
        total,
        foodicsTaxes: 0,
        foodicsCharges: 0,
        foodicsTotal: 0,
        createdAt,
      })
      .returning({ id: orders.id });
    return row?.id as number;
  };
  const auditRows = (objectType: string, objectId: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, objectType), eq(auditLog.objectId, objectId)));

  beforeAll(async () => {
    t = await createTestApp();
    const a = t.seeded.get('test-brand-a');
    const b = t.seeded.get('test-brand-b');
    if (!a || !b) throw new Error('fixture brands not seeded');
    brandA = a.brandId;
    brandB = b.brandId;
    aMain = a.branchIds['a-main'] as number;
    aClosed = a.branchIds['a-closed'] as number;
    bMain = b.branchIds['b-main'] as number;
    owner = await staffCaller(STAFF.aOwner);
    manager = await staffCaller(STAFF.aManager);
    managerAr = await staffCaller(STAFF.aManager, 'ar');
    cashier = await staffCaller(STAFF.aCashier);
    otherManager = await staffCaller(STAFF.bManager);
    // Brand A: Noura (regular, Silver), Sara (lapsed), Ahmed (never ordered), Khalid (Gold, one canceled order).
    await addCustomer('noura', brandA, '+966555010201', 'نورة الحربي', 2_000);
    await addCustomer('sara', brandA, '+966555010202', 'Sara Al-Qahtani', 300);
    await addCustomer('ahmed', brandA, '+966555010203', 'أحمد العتيبي');
    await addCustomer('khalid', brandA, '+966566000004', 'خالد الدوسري', 6_000);
    // Brand B's diner with Noura's phone: another customer, never in brand A's lists.
    await addCustomer('bNoura', brandB, '+966555010201', 'نورة من مطعم ب', 9_000);
    await addOrder('noura', brandA, aClosed, 5_000, 10);
    await addOrder('noura', brandA, aMain, 7_000, 2);
    await addOrder('sara', brandA, aMain, 20_000, 45);
    await addOrder('khalid', brandA, aMain, 3_000, 5);
    await addOrder('khalid', brandA, aClosed, 90_000, 1, 'canceled');
    await addOrder('bNoura', brandB, bMain, 99_000, 1);
  });
  afterAll(async () => {
    await t.close();
  });

  it("lists the brand's diners with level, wallet, orders, spend, last order and its branch (canceled orders left out)", async () => {
    const { status, list } = await search(owner, { sort: 'name', direction: 'asc' });
    expect(status).toBe(200);
    const byName = new Map(list?.customers.map((c) => [c.name, c]));
    expect([...byName.keys()].sort()).toEqual(
      ['Sara Al-Qahtani', 'أحمد العتيبي', 'خالد الدوسري', 'نورة الحربي'].sort(),
    );
    expect(byName.get('نورة الحربي')).toMatchObject({
      phone: '+966555010201',
      walletPoints: 2_000,
      ordersCount: 2,
      spendHalalas: 12_000,
      level: { name: { en: 'Silver' } },
      branch: { id: aMain },
    });
    expect(byName.get('خالد الدوسري')).toMatchObject({
      ordersCount: 1,
      spendHalalas: 3_000,
      level: { name: { en: 'Gold' } },
    });
    expect(byName.get('أحمد العتيبي')).toMatchObject({
      ordersCount: 0,
      spendHalalas: 0,
      lastOrderAt: null,
      branch: null,
    });
    // A manager sees the same diners (the brand's, whatever the branch); brand B's manager only theirs.
    expect(names((await search(manager, { sort: 'name' })).list).sort()).toEqual([...byName.keys()].sort());
    expect(names((await search(otherManager, {})).list)).toEqual(['نورة من مطعم ب']);
  });

  it('finds a diner by phone in any local form, or by part of the name', async () => {
    for (const q of ['0555010201', '+966 55 501 0201', '٠٥٥٥٠١٠٢٠١', '555010201'])
      expect(names((await search(manager, { q })).list)).toEqual(['نورة الحربي']);
    expect(names((await search(manager, { q: '05550102', sort: 'name', direction: 'asc' })).list).sort()).toEqual(
      ['Sara Al-Qahtani', 'أحمد العتيبي', 'نورة الحربي'].sort(),
    );
    expect(names((await search(manager, { q: 'العتيبي' })).list)).toEqual(['أحمد العتيبي']);
    expect(names((await search(manager, { q: 'qahtani' })).list)).toEqual(['Sara Al-Qahtani']);
    expect(names((await search(manager, { q: '100%' })).list)).toEqual([]);
  });

  it('sorts and pages with a cursor: every diner once, in order; a forged cursor is refused in both languages', async () => {
    const seen: { name: string; spendHalalas: number }[] = [];
    let after: string | undefined;
    for (let i = 0; i < 5; i += 1) {
      const { list } = await search(owner, { sort: 'spend', direction: 'desc', limit: 1, after });
      seen.push(...(list?.customers ?? []));
      after = list?.nextCursor ?? undefined;
      if (!after) break;
    }
    expect(seen.map((c) => c.spendHalalas)).toEqual([20_000, 12_000, 3_000, 0]);
    const last = await search(owner, { sort: 'lastOrder', direction: 'desc', limit: 3 });
    expect(names(last.list)).toEqual(['نورة الحربي', 'خالد الدوسري', 'Sara Al-Qahtani']);
    const rest = await search(owner, { sort: 'lastOrder', direction: 'desc', limit: 3, after: last.list?.nextCursor });
    expect(names(rest.list)).toEqual(['أحمد العتيبي']);
    expect(rest.list?.nextCursor).toBeNull();

    const forged = await search(manager, { sort: 'name', after: 'bm90LWEtY3Vyc29y' });
    expect(forged.status).toBe(400);
    expect(forged.json.error.code).toBe('customers_cursor_invalid');
    const forgedAr = await search(managerAr, {
      sort: 'spend',
      after: Buffer.from('["1; drop", 1]').toString('base64url'),
    });
    expect(forgedAr.status).toBe(400);
    expect(forgedAr.json.error.message).toBe('صفحة القائمة هذه لم تعد صالحة؛ ابدأ من الصفحة الأولى');
  });

  it('segments by lapsed days, level and spend above a figure; an unknown level is refused', async () => {
    expect(names((await search(owner, { lapsedDays: 30 })).list)).toEqual(['Sara Al-Qahtani']);
    const levels = customerLevelsResponse.parse(
      (await owner.call('GET', '/api/staff/manage/customers/levels/')).json(),
    );
    const silver = levels.levels.find((l) => l.name.en === 'Silver');
    expect(names((await search(owner, { levelId: silver?.id })).list)).toEqual(['نورة الحربي']);
    const spenders = await search(owner, { spendAboveHalalas: 10_000, sort: 'spend' });
    expect(names(spenders.list)).toEqual(['Sara Al-Qahtani', 'نورة الحربي']);
    expect(names((await search(owner, { spendAboveHalalas: 10_000, lapsedDays: 30 })).list)).toEqual([
      'Sara Al-Qahtani',
    ]);
    const unknown = await search(managerAr, { levelId: 999_999 });
    expect(unknown.status).toBe(422);
    expect(unknown.json.error.code).toBe('customer_level_not_found');
    expect(unknown.json.error.message).toBe('هذا المستوى غير موجود في برنامج الولاء');
  });

  it('exports a segment as CSV with a byte-order mark, Arabic names and headers, and records the export', async () => {
    const res = await managerAr.call('POST', '/api/staff/manage/customers/export/', {
      spendAboveHalalas: 1_000,
      sort: 'name',
      direction: 'asc',
    });
    expect(res.statusCode).toBe(200);
    const body = customerExportResponse.parse(res.json());
    expect(body.rows).toBe(3);
    expect(body.filename).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(body.csv.charCodeAt(0)).toBe(0xfeff);
    const bytes = Buffer.from(body.csv, 'utf8');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows: string[][] = parse(body.csv, { bom: true });
    expect(rows[0]?.slice(0, 3)).toEqual(['الاسم', 'الجوال', 'المستوى']);
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['Sara Al-Qahtani', 'خالد الدوسري', 'نورة الحربي'].sort());
    const noura = rows.find((r) => r[0] === 'نورة الحربي');
    expect(noura).toEqual([
      'نورة الحربي',
      '+966555010201',
      'فضي',
      '2000',
      '2000',
      '2',
      '120.00',
      expect.any(String),
      'فرع a-main',
      expect.any(String),
    ]);
    const audited = await auditRows('customer_segment', 'export');
    expect(audited.at(-1)).toMatchObject({
      brandId: brandA,
      action: 'view',
      after: { rows: 3, filters: { spendAboveHalalas: 1_000 } },
    });
    // A cashier exports nothing.
    expect((await cashier.call('POST', '/api/staff/manage/customers/export/', {})).statusCode).toBe(403);
  });

  it("shows a diner's page with their histories and writes an audit row for each view", async () => {
    const id = ids.noura as number;
    const before = (await auditRows('customer', String(id))).length;
    const res = await manager.call('GET', `/api/staff/manage/customers/${id}/`);
    expect(res.statusCode).toBe(200);
    const page = customerPageSchema.parse(res.json());
    expect(page.customer).toMatchObject({ id, name: 'نورة الحربي', ordersCount: 2, spendHalalas: 12_000 });
    expect(page.orders.map((o) => o.totalHalalas)).toEqual([7_000, 5_000]);
    expect(page.orders[1]?.branch.id).toBe(aClosed);
    await owner.call('GET', `/api/staff/manage/customers/${id}/`);
    const views = (await auditRows('customer', String(id))).filter((r) => r.action === 'view');
    expect(views.length - before).toBe(2);
    expect(views.at(-1)).toMatchObject({ brandId: brandA, after: null });
  });

  it("refuses a cashier (403), another brand's manager (404, nothing audited) and the signed out (401)", async () => {
    const id = ids.noura as number;
    const before = (await auditRows('customer', String(id))).length;
    expect((await cashier.call('GET', `/api/staff/manage/customers/${id}/`)).statusCode).toBe(403);
    expect((await search(cashier, {})).status).toBe(403);
    const foreign = await otherManager.call('GET', `/api/staff/manage/customers/${id}/`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('customer_not_found');
    expect((await caller(t).call('GET', `/api/staff/manage/customers/${id}/`)).statusCode).toBe(401);
    expect((await auditRows('customer', String(id))).length).toBe(before);
    // Brand B's manager grants nothing to brand A's diner either.
    const grant = await otherManager.call('POST', `/api/staff/manage/customers/${id}/points/`, {
      points: 50,
      reason: 'Sorry',
    });
    expect(grant.statusCode).toBe(404);
  });

  it('grants points with a reason: the ledger row, the wallet and the audit row together; a debit past the wallet writes nothing', async () => {
    const id = ids.sara as number;
    const res = await manager.call('POST', `/api/staff/manage/customers/${id}/points/`, {
      points: 150,
      reason: 'Cold food last visit',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ walletPoints: 450, lifetimePoints: 300 });
    const ledger = await t.db.select().from(pointsLedger).where(eq(pointsLedger.customerId, id));
    expect(ledger.map((l) => [l.kind, l.points, l.reason])).toEqual([['adjust', 150, 'Cold food last visit']]);
    const audit = (await auditRows('customer', String(id))).filter((r) => r.action === 'update');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      before: { walletPoints: 300 },
      after: { walletPoints: 450, points: 150, reason: 'Cold food last visit' },
    });

    const page = customerPageSchema.parse((await owner.call('GET', `/api/staff/manage/customers/${id}/`)).json());
    expect(page.ledger.map((l) => [l.points, l.reason, l.staffName])).toEqual([
      [150, 'Cold food last visit', 'Manager A'],
    ]);
    expect(page.customer.walletPoints).toBe(450);

    const missingReason = await managerAr.call('POST', `/api/staff/manage/customers/${id}/points/`, {
      points: 10,
      reason: ' ',
    });
    expect(missingReason.statusCode).toBe(400);
    const tooMuch = await managerAr.call('POST', `/api/staff/manage/customers/${id}/points/`, {
      points: -5_000,
      reason: 'Mistake',
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().error.message).toBe('لا توجد نقاط كافية في المحفظة لذلك');
    expect(await t.db.select().from(pointsLedger).where(eq(pointsLedger.customerId, id))).toHaveLength(1);
    expect((await auditRows('customer', String(id))).filter((r) => r.action === 'update')).toHaveLength(1);
    expect(
      (await cashier.call('POST', `/api/staff/manage/customers/${id}/points/`, { points: 5, reason: 'Nice' }))
        .statusCode,
    ).toBe(403);
  });

  it("grants a prize with a reason, audited; another brand's reward by id in the body is not found", async () => {
    const id = ids.ahmed as number;
    const grantable = grantableRewardsResponse.parse(
      (await owner.call('GET', '/api/staff/manage/customers/rewards/')).json(),
    );
    const gift = grantable.rewards.find((r) => r.name.en === 'Gift');
    expect(gift?.shop).toBe('prize');
    const res = await owner.call('POST', `/api/staff/manage/customers/${id}/rewards/`, {
      rewardId: gift?.id,
      reason: 'Birthday',
    });
    expect(res.statusCode).toBe(201);
    const owned = await t.db.select().from(customerRewards).where(eq(customerRewards.customerId, id));
    expect(owned).toHaveLength(1);
    expect(await auditRows('customer_reward', String(owned[0]?.id))).toMatchObject([
      { action: 'create', after: { customerId: id, rewardId: gift?.id, reason: 'Birthday' } },
    ]);
    const page = customerPageSchema.parse((await owner.call('GET', `/api/staff/manage/customers/${id}/`)).json());
    expect(page.rewards.map((r) => [r.name.en, r.source, r.status])).toEqual([['Gift', 'staff', 'available']]);

    // Brand B's own prize, named by id in the body of a grant to brand A's diner: not found.
    const [foreignReward] = await t.db
      .insert(rewards)
      .values({ brandId: brandB, shop: 'prize', kind: 'gift', nameAr: 'هدية ب', nameEn: 'Gift B' })
      .returning({ id: rewards.id });
    const foreign = await owner.call('POST', `/api/staff/manage/customers/${id}/rewards/`, {
      rewardId: foreignReward?.id,
      reason: 'Birthday',
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('shop_reward_not_found');
    const noReason = await owner.call('POST', `/api/staff/manage/customers/${id}/rewards/`, { rewardId: gift?.id });
    expect(noReason.statusCode).toBe(400);
    const otherBrandsDiner = await owner.call('POST', `/api/staff/manage/customers/${ids.bNoura}/rewards/`, {
      rewardId: gift?.id,
      reason: 'Birthday',
    });
    expect(otherBrandsDiner.statusCode).toBe(404);
    expect(await t.db.select().from(customerRewards).where(eq(customerRewards.customerId, id))).toHaveLength(1);
  });
  it("keeps each diner's figures as orders are placed, canceled, moved and deleted: the spend sort and lapsed filter follow at once", async () => {
    await addCustomer('mona', brandA, '+966555010211', 'منى الشهري');
    await addCustomer('fahad', brandA, '+966555010212', 'فهد القرني');
    const first = await addOrder('mona', brandA, aMain, 400_000, 40);
    const newest = await addOrder('mona', brandA, aClosed, 300_000, 3);
    await addOrder('fahad', brandA, aMain, 500_000, 50);
    const top = async () => (await search(owner, { sort: 'spend', direction: 'desc', limit: 2 })).list?.customers ?? [];
    expect((await top()).map((c) => [c.name, c.spendHalalas, c.ordersCount])).toEqual([
      ['منى الشهري', 700_000, 2],
      ['فهد القرني', 500_000, 1],
    ]);
    // Canceling Mona's newest order takes it away and her last order goes back to the one before: lapsed now.
    await t.db.update(orders).set({ status: 'canceled' }).where(eq(orders.id, newest));
    expect((await top()).map((c) => [c.name, c.spendHalalas])).toEqual([
      ['فهد القرني', 500_000],
      ['منى الشهري', 400_000],
    ]);
    const lapsed = await search(owner, { lapsedDays: 30, sort: 'name', direction: 'asc' });
    expect(names(lapsed.list)).toContain('منى الشهري');
    // An order moved to another diner, a status move that changes nothing, and a deleted order.
    await t.db
      .update(orders)
      .set({ customerId: ids.fahad as number })
      .where(eq(orders.id, first));
    await t.db
      .update(orders)
      .set({ status: 'ready' })
      .where(eq(orders.customerId, ids.fahad as number));
    expect((await top()).map((c) => [c.name, c.spendHalalas, c.ordersCount])).toEqual([
      ['فهد القرني', 900_000, 2],
      ['Sara Al-Qahtani', 20_000, 1],
    ]);
    await t.db.delete(orders).where(eq(orders.id, first));
    expect((await top()).map((c) => [c.name, c.spendHalalas, c.ordersCount])).toEqual([
      ['فهد القرني', 500_000, 1],
      ['Sara Al-Qahtani', 20_000, 1],
    ]);
    // Every diner's row equals their live orders summed again from scratch.
    const drift = await t.database.query<{ n: number }>(
      `select count(*)::int as n from customers c
         join customer_order_stats s on s.customer_id = c.id
         left join lateral (
           select count(*)::int as n, coalesce(sum(total), 0)::bigint as spend, max(created_at) as last
           from orders o where o.customer_id = c.id and o.status <> 'canceled') o on true
        where (s.orders_count, s.spend, s.last_order_at) is distinct from (o.n, o.spend, o.last)`,
    );
    expect(drift).toEqual([{ n: 0 }]);
    const missing = await t.database.query<{ n: number }>(
      'select count(*)::int as n from customers c where not exists (select 1 from customer_order_stats s where s.customer_id = c.id)',
    );
    expect(missing).toEqual([{ n: 0 }]);
  });
});
