import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller, countRows } from './accounts.ts';
import { STAFF, UUID } from './fixture-brands.ts';
import { diner, menuIds } from './orders.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Issue 24 item 19: every staff write that names another object refuses one of another brand (404 or 4xx with a
 * localized message, nothing written). Brand B's manager names brand A's item, category, branches, reward, table and
 * customer in each write that takes them. The coupon's free item and branches were accepted (201).
 */
describe("a staff write naming another brand's objects", () => {
  let t: TestApp;
  let bManager: Caller;
  const a = { item: 0, category: 0, branch: 0, reward: 0, table: 0, customer: 0 };
  let bItem = 0;
  let bCoupon = 0;

  const one = async (sql: string, params: unknown[] = []) => {
    const rows = await t.database.query<{ id: number }>(sql, params);
    if (!rows[0]) throw new Error(`fixture: nothing for ${sql}`);
    return rows[0].id;
  };
  const call = (method: string, url: string, body?: unknown, language = 'en') => {
    const c = caller(t, { language });
    for (const [name, value] of bManager.jar.cookies) c.jar.cookies.set(name, value);
    return c.call(method, url, body);
  };
  const coupon = (extra: Record<string, unknown>) => ({
    code: `X-${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
    name: { ar: 'قسيمة', en: 'Coupon' },
    kind: 'percent',
    percentBasisPoints: 1000,
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp();
    bManager = caller(t);
    expect((await bManager.call('POST', '/api/staff/auth/login/', STAFF.bManager)).statusCode).toBe(200);
    const brandA = "(select id from brands where slug = 'test-brand-a')";
    a.item = (await menuIds(t, UUID.aMain)).item('kabsa');
    a.category = await one(`select id from menu_categories where brand_id = ${brandA} limit 1`);
    a.branch = await one(`select id from branches where brand_id = ${brandA} limit 1`);
    a.reward = await one(`select id from rewards where brand_id = ${brandA} limit 1`);
    a.table = await one(`select t.id from tables t join branches b on b.id = t.branch_id where b.brand_id = ${brandA}`);
    await diner(t, UUID.aMain, '+966500007700');
    a.customer = await one(`select id from customers where phone = '+966500007700' and brand_id = ${brandA}`);
    bItem = (await menuIds(t, UUID.bMain)).item('shawarma');
    const own = await call('POST', '/api/staff/coupons/', coupon({}));
    expect(own.statusCode, own.body).toBe(201);
    bCoupon = own.json().id;
  });
  afterAll(() => t.close());

  it("refuses a coupon whose free item is another brand's, created or edited, in both languages", async () => {
    const before = await countRows(t, 'coupons');
    const body = coupon({ kind: 'free_item', percentBasisPoints: null, itemId: a.item });
    const created = await call('POST', '/api/staff/coupons/', body, 'ar');
    expect(created.statusCode, created.body).toBe(422);
    expect(created.json().error.code).toBe('coupon_item_unknown');
    expect(created.json().error.fields.itemId).toBe('الصنف المجاني غير موجود في قائمة هذا المطعم');
    const edited = await call('PUT', `/api/staff/coupons/${bCoupon}/`, body);
    expect(edited.statusCode, edited.body).toBe(422);
    expect(edited.json().error.fields).toEqual({ itemId: "The free item isn't on this restaurant's menu" });
    // An item that does not exist at all is refused the same way.
    const missing = await call('POST', '/api/staff/coupons/', { ...body, itemId: 2_000_000_000 });
    expect(missing.statusCode).toBe(422);
    expect(await countRows(t, 'coupons')).toBe(before);
    // The brand's own item is fine.
    expect((await call('POST', '/api/staff/coupons/', { ...body, itemId: bItem })).statusCode).toBe(201);
  });

  it("refuses a coupon limited to another brand's branches, created or edited", async () => {
    const before = await countRows(t, 'coupons');
    const body = coupon({ branchIds: [a.branch] });
    const created = await call('POST', '/api/staff/coupons/', body, 'ar');
    expect(created.statusCode, created.body).toBe(422);
    expect(created.json().error.code).toBe('coupon_branch_unknown');
    expect(created.json().error.fields.branchIds).toBe('أحد الفروع المختارة ليس من فروع هذا المطعم');
    const edited = await call('PUT', `/api/staff/coupons/${bCoupon}/`, body);
    expect(edited.statusCode).toBe(422);
    expect(edited.json().error.fields).toEqual({
      branchIds: "One of the chosen branches isn't a branch of this restaurant",
    });
    expect(await countRows(t, 'coupons')).toBe(before);
    const stored = await t.database.query<{ branch_ids: number[] | null }>(
      'select branch_ids from coupons where id = $1',
      [bCoupon],
    );
    expect(stored[0]?.branch_ids).toBeNull();
  });

  it("refuses a punch programme with another brand's items, categories or reward", async () => {
    const before = await countRows(t, 'punch_programmes');
    const base = { name: { ar: 'بطاقة', en: 'Card' }, itemsCount: 5, daysToComplete: 30, rewardId: a.reward };
    const items = await call('POST', '/api/staff/punch-programmes/', { ...base, itemIds: [a.item] });
    expect(items.json().error.code).toBe('punch_item_unknown');
    const categories = await call('POST', '/api/staff/punch-programmes/', { ...base, categoryIds: [a.category] });
    expect(categories.json().error.code).toBe('punch_item_unknown');
    const reward = await call('POST', '/api/staff/punch-programmes/', { ...base, itemIds: [bItem] }, 'ar');
    expect(reward.json().error.code).toBe('punch_reward_unknown');
    expect(reward.json().error.message).toMatch(/[\u0600-\u06ff]/);
    for (const res of [items, categories, reward]) expect(res.statusCode).toBe(400);
    expect(await countRows(t, 'punch_programmes')).toBe(before);
  });

  it("refuses a grant of another brand's reward, or to another brand's customer, and points for them", async () => {
    const grants = await countRows(t, 'customer_rewards');
    const ledger = await countRows(t, 'points_ledger');
    const reward = await call('POST', `/api/staff/customers/${a.customer}/rewards/`, { rewardId: a.reward });
    expect([reward.statusCode, reward.json().error.code]).toEqual([404, 'shop_reward_not_found']);
    const points = await call('POST', `/api/staff/customers/${a.customer}/points/`, { points: 50, reason: 'Gift' });
    expect([points.statusCode, points.json().error.code]).toEqual([404, 'customer_not_found']);
    const history = await call('GET', `/api/staff/customers/${a.customer}/points/`);
    expect(history.statusCode).toBe(404);
    expect(await countRows(t, 'customer_rewards')).toBe(grants);
    expect(await countRows(t, 'points_ledger')).toBe(ledger);
  });

  it("refuses another brand's table, branch switch and counter sales at its branch", async () => {
    const table = await call('PATCH', `/api/staff/tables/${a.table}/status/`, { to: 'reserved' });
    expect([table.statusCode, table.json().error.code]).toEqual([404, 'table_not_found']);
    const branch = await call('PATCH', `/api/staff/branches/${a.branch}/`, { isOpen: false });
    expect([branch.statusCode, branch.json().error.code]).toEqual([404, 'branch_not_found']);
    const sale = await call('POST', '/api/staff/coupons/redeem/', {
      code: 'ANY',
      branchId: a.branch,
      saleHalalas: 100,
    });
    expect(sale.statusCode).toBeGreaterThanOrEqual(400);
    expect(sale.statusCode).toBeLessThan(500);
    expect(sale.json().error.code).toBe('branch_out_of_scope');
    const rows = await t.database.query<{ status: string; is_open: boolean }>(
      'select t.status, b.is_open from tables t join branches b on b.id = t.branch_id where t.id = $1',
      [a.table],
    );
    expect(rows[0]).toMatchObject({ status: 'free' });
  });
  it("answers 403 to another brand's branch on every staff read, the owner as the manager", async () => {
    const bBranch = await one(
      "select id from branches where brand_id = (select id from brands where slug = 'test-brand-b')",
    );
    for (const who of [STAFF.aOwner, STAFF.aManager, STAFF.aCashier]) {
      const c = caller(t);
      expect((await c.call('POST', '/api/staff/auth/login/', who)).statusCode).toBe(200);
      for (const path of [
        `/api/staff/orders/?branchId=${bBranch}`,
        `/api/staff/orders/?branchId=${bBranch}&status=pending`,
        `/api/staff/tables/?branchId=${bBranch}`,
      ]) {
        const res = await c.call('GET', path);
        expect([who.email, path, res.statusCode, res.json().error?.code]).toEqual([
          who.email,
          path,
          403,
          'branch_out_of_scope',
        ]);
      }
    }
  });
});
