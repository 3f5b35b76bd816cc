import type { FoodicsMapping, FoodicsMenuImportSummary } from '@sufra/shared/schemas/foodics-menu';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Caller, caller } from '../../../test/accounts.ts';
import { EVENTUALLY } from '../../../test/eventually.ts';
import { type FakeFoodics, type FakeFoodicsMenu, startFakeFoodics } from '../../../test/fake-foodics.ts';
import { STAFF, UUID } from '../../../test/fixture-brands.ts';
import { demoMenu } from '../../../test/foodics-menu-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const TOKEN = 'foodics-menu-test-token';
const SECRET = 'webhook-secret-for-menu-import-0123456789';
const BUSINESS = 515151;
const IMPORT = '/api/staff/manage/foodics/menu-import/';
const MAPPING = '/api/staff/manage/foodics/mapping/';

/**
 * The Foodics menu import and the id mapping (issue 28 items 1 and 6, docs/adr/0680), through the real app and the
 * fake Foodics (paged menu endpoints), on PGlite and PostgreSQL: created then updated without duplicates, items gone
 * at Foodics made inactive, all or nothing on a Foodics failure half-way, a `menu.updated` webhook's refresh, the
 * mapping's uniqueness, roles and another brand's ids.
 */
describe('Foodics menu import and mapping', () => {
  let t: TestApp;
  let fake: FakeFoodics;
  let menu: FakeFoodicsMenu;
  let owner: Caller;
  let brandId: number;
  let branchId: number;
  let otherBranchId: number;

  const login = async (who: { email: string; password: string }) => {
    const c = caller(t);
    expect((await c.call('POST', '/api/staff/auth/login/', who)).statusCode).toBe(200);
    return c;
  };
  const runImport = async () => {
    const res = await owner.call('POST', IMPORT);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as FoodicsMenuImportSummary;
  };
  const itemOf = async (foodicsId: string, kind = 'product') => {
    const [row] = await t.database.query<{
      id: number;
      nameEn: string;
      nameAr: string;
      price: number;
      active: boolean;
      version: number;
      isCombo: boolean;
    }>(
      `select i.id, i.name_en as "nameEn", i.name_ar as "nameAr", i.price_halalas as price, i.active, i.version,
         i.is_combo as "isCombo"
       from foodics_ids f join menu_items i on i.id = f.local_key::int
       where f.brand_id = $1 and f.kind = $2 and f.foodics_id = $3`,
      [brandId, kind, foodicsId],
    );
    return row;
  };
  const count = async (sql: string) => Number((await t.database.query<{ n: number }>(sql, [brandId]))[0]?.n ?? 0);
  const itemCount = () => count('select count(*)::int as n from menu_items where brand_id = $1');
  const importAudits = () =>
    count(`select count(*)::int as n from audit_log where brand_id = $1 and object_type = 'foodics_menu_import'`);

  beforeAll(async () => {
    menu = demoMenu();
    fake = await startFakeFoodics({
      token: TOKEN,
      business: { reference: BUSINESS, name: 'Brand A' },
      catalogue: { branches: ['fb-main'], products: [] },
      menu,
    });
    t = await createTestApp({
      env: {
        KITCHEN_RELAY_INTERVAL_MS: '0',
        FOODICS_ACCESS_TOKEN: TOKEN,
        FOODICS_API_URL: fake.url,
        FOODICS_RELAY_INTERVAL_MS: '0',
        FOODICS_TIMEOUT_MS: '10000', // never waited out here: room for a loaded machine
      },
    });
    const [ids] = await t.database.query<{ brandId: number; branchId: number }>(
      `select b.brand_id as "brandId", q.branch_id as "branchId" from qr_codes q join branches b on b.id = q.branch_id
       where q.uuid = $1`,
      [UUID.aMain],
    );
    if (!ids) throw new Error('no branch');
    ({ brandId, branchId } = ids);
    const [other] = await t.database.query<{ id: number }>(
      'select id from branches where brand_id = $1 and id <> $2 order by id limit 1',
      [brandId, branchId],
    );
    if (!other) throw new Error('no second branch');
    otherBranchId = other.id;
    await t.database.query(
      `insert into foodics_connections (brand_id, business_reference, webhook_secret) values ($1, $2, $3)`,
      [brandId, BUSINESS, SECRET],
    );
    await t.database.query(
      `insert into foodics_ids (brand_id, kind, local_key, foodics_id) values ($1, 'branch', $2, 'fb-main')`,
      [brandId, String(branchId)],
    );
    owner = await login(STAFF.aOwner);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('imports every page: categories, modifiers, products, a combo, branch prices; audited', async () => {
    const before = await itemCount();
    const summary = await runImport();
    expect(summary.counts).toMatchObject({
      // Our own "Drinks" and "Size" (its Small and Large) were there unmapped: adopted by name, not duplicated.
      categories: { created: 1, updated: 1, deactivated: 0 },
      modifiers: { created: 0, updated: 1 },
      modifierOptions: { created: 0, updated: 1 },
      // tea, burger and 55 fillers: the deleted one is not made.
      products: { created: 57, updated: 0, deactivated: 0 },
      combos: { created: 1, updated: 0 },
      branchItems: { created: 58 },
    });
    expect(summary.skipped).toBe(0);
    expect(await itemCount()).toBe(before + 58);
    // Both pages of products were asked for, with their modifiers and branches included.
    const pages = fake.requests.filter((r) => r.path.startsWith('/v5/products?')).map((r) => r.path);
    expect(pages.some((p) => p.includes('page=2'))).toBe(true);
    expect(pages.every((p) => decodeURIComponent(p).includes('include=category,modifiers,branches'))).toBe(true);
    expect(await itemOf('fp-gone')).toBeUndefined();

    const tea = await itemOf('fp-tea');
    expect(tea).toMatchObject({ nameEn: 'Tea', nameAr: 'شاي', price: 500, active: true, isCombo: false });
    const [teaAtMain] = await t.database.query<{ price: number | null; available: boolean }>(
      'select price_halalas as price, is_available as available from branch_items where branch_id = $1 and item_id = $2',
      [branchId, tea?.id],
    );
    expect(teaAtMain).toEqual({ price: 650, available: true });
    const burger = await itemOf('fp-burger');
    const [burgerAtMain] = await t.database.query<{ price: number | null; available: boolean }>(
      'select price_halalas as price, is_available as available from branch_items where branch_id = $1 and item_id = $2',
      [branchId, burger?.id],
    );
    expect(burgerAtMain).toEqual({ price: null, available: false });
    const groups = await t.database.query<{ min: number; max: number; options: string[] }>(
      `select g.min_choices as min, g.max_choices as max, array_agg(o.name_en order by o.sort) as options
       from item_modifier_groups l join modifier_groups g on g.id = l.group_id
       join modifier_options o on o.group_id = g.id where l.item_id = $1 group by g.id`,
      [tea?.id],
    );
    expect(groups).toEqual([{ min: 1, max: 1, options: ['Small', 'Large'] }]);
    expect(
      await count(`select count(*)::int as n from menu_categories where brand_id = $1 and name_en = 'Drinks'`),
    ).toBe(1);
    expect(await count(`select count(*)::int as n from modifier_groups where brand_id = $1 and name_en = 'Size'`)).toBe(
      1,
    );

    // The combo: its base is each group's cheapest option (18 + 4), the dearer drink an extra of 1.
    const combo = await itemOf('fk-meal', 'combo');
    expect(combo).toMatchObject({ price: 2200, isCombo: true, nameEn: 'Burger meal' });
    const choices = await t.database.query<{ slot: string; item: number; extra: number }>(
      `select s.name_en as slot, c.item_id as item, c.extra_price_halalas as extra
       from combo_slots s join combo_slot_choices c on c.slot_id = s.id where s.combo_item_id = $1
       order by s.sort, c.sort`,
      [combo?.id],
    );
    expect(choices).toEqual([
      { slot: 'Main', item: burger?.id, extra: 0 },
      { slot: 'Drink', item: tea?.id, extra: 0 },
      { slot: 'Drink', item: (await itemOf('fp-filler-0'))?.id, extra: 100 },
    ]);
    // Foodics ids kept for the hand-off: the combo's size and its options.
    expect(
      await count(
        `select count(*)::int as n from foodics_ids where brand_id = $1 and kind in ('combo_size', 'combo_option')`,
      ),
    ).toBe(4);
    const [audit] = await t.database.query<{ staff: number | null; after: { counts: unknown; source: string } }>(
      `select staff_user_id as staff, after from audit_log where brand_id = $1 and object_type = 'foodics_menu_import'`,
      [brandId],
    );
    expect(audit?.staff).not.toBeNull();
    expect(audit?.after.source).toBe('console');
  });

  it('a second import changes nothing; a changed price updates the one item, never a duplicate', async () => {
    const items = await itemCount();
    const again = await runImport();
    for (const kind of Object.values(again.counts)) expect(kind).toEqual({ created: 0, updated: 0, deactivated: 0 });
    const teaBefore = await itemOf('fp-tea');
    const tea = menu.products.find((p) => p.id === 'fp-tea');
    if (!tea) throw new Error('no tea');
    tea.price = 6;
    const changed = await runImport();
    expect(changed.counts.products).toEqual({ created: 0, updated: 1, deactivated: 0 });
    expect(await itemCount()).toBe(items);
    const teaAfter = await itemOf('fp-tea');
    expect(teaAfter?.id).toBe(teaBefore?.id);
    expect(teaAfter?.price).toBe(600);
    // A console save made at the version read before the import is now stale.
    expect(teaAfter?.version).toBe((teaBefore?.version ?? 0) + 1);
    expect(
      await count(`select count(*)::int as n from foodics_ids where brand_id = $1 and foodics_id = 'fp-tea'`),
    ).toBe(1);
  });

  it('makes inactive, never deletes, what Foodics no longer lists or lists as deleted; branch sale removed', async () => {
    const items = await itemCount();
    menu.products = menu.products.filter((p) => p.id !== 'fp-filler-54');
    const filler53 = menu.products.find((p) => p.id === 'fp-filler-53');
    if (filler53) filler53.deleted_at = '2026-11-01 10:00:00';
    const burger = menu.products.find((p) => p.id === 'fp-burger');
    if (burger) burger.branches = [];
    const modifier = menu.modifiers[0];
    if (modifier) modifier.options = modifier.options.filter((o) => o.id !== 'fo-large');
    const summary = await runImport();
    expect(summary.counts.products.deactivated).toBe(2);
    expect(summary.counts.modifierOptions.deactivated).toBe(1);
    expect(summary.counts.branchItems.deactivated).toBe(1);
    expect(await itemCount()).toBe(items);
    expect((await itemOf('fp-filler-54'))?.active).toBe(false);
    expect((await itemOf('fp-filler-53'))?.active).toBe(false);
    const burgerRow = await itemOf('fp-burger');
    expect(
      await t.database.query('select 1 from branch_items where branch_id = $1 and item_id = $2', [
        branchId,
        burgerRow?.id,
      ]),
    ).toEqual([]);
    // A fourth run has nothing more to deactivate.
    expect((await runImport()).counts.products.deactivated).toBe(0);
  });

  it('all or nothing: a Foodics failure on a later page (5xx, 429, 401) answers a localized error and changes nothing', async () => {
    const tea = menu.products.find((p) => p.id === 'fp-tea');
    if (!tea) throw new Error('no tea');
    tea.name = 'Tea renamed';
    menu.categories.push({ id: 'fc-new', name: 'New' });
    const items = await itemCount();
    const audits = await importAudits();
    const cases = [
      { trap: { path: '/v5/products', page: 2, status: 500, count: 1 }, status: 502, code: 'foodics_menu_unreachable' },
      { trap: { path: '/v5/combos', status: 401, count: 2 }, status: 502, code: 'foodics_menu_unauthorized' },
    ];
    for (const c of cases) {
      fake.traps.failMenu = c.trap;
      const res = await owner.call('POST', IMPORT, undefined, { 'accept-language': 'ar' });
      expect(res.statusCode, res.body).toBe(c.status);
      expect(res.json()).toMatchObject({ error: { code: c.code } });
      expect(JSON.stringify(res.json())).toMatch(/لم يتغيّر شيء/);
    }
    fake.traps.failMenu = undefined;
    fake.traps.rateLimit = { count: 1, retryAfterSeconds: 30, path: '/v5/combos' };
    const limited = await owner.call('POST', IMPORT);
    expect(limited.statusCode).toBe(503);
    expect(limited.json()).toMatchObject({ error: { code: 'foodics_menu_rate_limited' } });
    expect((await itemOf('fp-tea'))?.nameEn).toBe('Tea');
    expect(await itemCount()).toBe(items);
    expect(await count(`select count(*)::int as n from menu_categories where brand_id = $1 and name_en = 'New'`)).toBe(
      0,
    );
    expect(await importAudits()).toBe(audits);
    // Foodics answers again: the import goes through.
    expect((await runImport()).counts.categories.created).toBe(1);
    expect((await itemOf('fp-tea'))?.nameEn).toBe('Tea renamed');
  });

  it('one import at a time per brand: a second press while one runs is refused (409), nothing doubled', async () => {
    const items = await itemCount();
    const [a, b] = await Promise.all([owner.call('POST', IMPORT), owner.call('POST', IMPORT)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)?.json()).toMatchObject({
      error: { code: 'foodics_menu_import_running' },
    });
    expect(await itemCount()).toBe(items);
  });

  it('a menu.updated webhook for the brand refreshes its menu in the background (audited without staff)', async () => {
    const tea = menu.products.find((p) => p.id === 'fp-tea');
    if (!tea) throw new Error('no tea');
    tea.price = 7.25;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/foodics/webhooks/${SECRET}`,
      payload: {
        timestamp: 1,
        event: 'menu.updated',
        business: { reference: BUSINESS },
        entity: { type: 'product', id: 'fp-tea' },
      },
    });
    expect(res.statusCode).toBe(200);
    await vi.waitFor(async () => expect((await itemOf('fp-tea'))?.price).toBe(725), EVENTUALLY);
    await vi.waitFor(async () => {
      const [audit] = await t.database.query<{ staff: number | null; after: { source: string } }>(
        `select staff_user_id as staff, after from audit_log where brand_id = $1 and object_type = 'foodics_menu_import'
         order by id desc limit 1`,
        [brandId],
      );
      expect(audit).toEqual({ staff: null, after: expect.objectContaining({ source: 'webhook' }) });
    }, EVENTUALLY);
    // Another business's webhook on this path refreshes nothing.
    tea.price = 9;
    await t.app.inject({
      method: 'POST',
      url: `/api/foodics/webhooks/${SECRET}`,
      payload: { timestamp: 2, event: 'menu.updated', business: { reference: BUSINESS + 1 } },
    });
    await new Promise((r) => setImmediate(r));
    expect((await itemOf('fp-tea'))?.price).toBe(725);
    tea.price = 7.25;
  });

  it("mapping: ours with Foodics' ids (unmapped first), Foodics' unmapped; one per Foodics id; map and unmap, audited", async () => {
    const res = await owner.call('GET', MAPPING);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json() as FoodicsMapping;
    expect(view.foodicsError).toBeNull();
    const branchRows = view.local.filter((l) => l.kind === 'branch');
    expect(branchRows.at(-1)).toMatchObject({ id: branchId, foodicsId: 'fb-main', foodicsName: 'Main · الرئيسي' });
    expect(branchRows[0]?.foodicsId).toBeNull();
    expect(view.unmappedAtFoodics).toEqual([{ kind: 'branch', foodicsId: 'fb-other', name: 'Other · الآخر' }]);
    const products = view.local.filter((l) => l.kind === 'product');
    const firstMapped = products.findIndex((p) => p.foodicsId !== null);
    expect(products.slice(firstMapped).every((p) => p.foodicsId !== null)).toBe(true);
    expect(view.local.find((l) => l.kind === 'combo_size' && l.foodicsId === 'fks-regular')).toBeDefined();

    const map = (body: unknown) => owner.call('PUT', MAPPING, body);
    const mapped = await map({ kind: 'branch', localId: otherBranchId, foodicsId: 'fb-other' });
    expect(mapped.statusCode, mapped.body).toBe(200);
    // The same Foodics id for another of ours of that kind: refused, nothing changed.
    const taken = await map({ kind: 'branch', localId: branchId, foodicsId: 'fb-other' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: { code: 'foodics_mapping_taken' } });
    const after = (await owner.call('GET', MAPPING)).json() as FoodicsMapping;
    expect(after.unmappedAtFoodics).toEqual([]);
    expect(after.local.find((l) => l.kind === 'branch' && l.id === branchId)?.foodicsId).toBe('fb-main');
    // A product's Foodics id may not be given to a combo's kind by mistake: kinds are checked against ours.
    const tea = await itemOf('fp-tea');
    expect((await map({ kind: 'combo_size', localId: tea?.id, foodicsId: 'x' })).statusCode).toBe(404);
    const unmapped = await map({ kind: 'branch', localId: otherBranchId, foodicsId: null });
    expect(unmapped.statusCode).toBe(200);
    const audits = await t.database.query<{ action: string; objectId: string }>(
      `select action, object_id as "objectId" from audit_log where brand_id = $1 and object_type = 'foodics_mapping'
       order by id`,
      [brandId],
    );
    expect(audits).toEqual([
      { action: 'create', objectId: `branch:${otherBranchId}` },
      { action: 'delete', objectId: `branch:${otherBranchId}` },
    ]);
  });

  it('tables: listed per branch (unmapped first), a Foodics table id set, refused twice or malformed, cleared; audited', async () => {
    const tablesOf = async () =>
      ((await owner.call('GET', MAPPING)).json() as FoodicsMapping).local.filter((l) => l.kind === 'table');
    await t.database.query(`insert into tables (branch_id, number) values ($1, '12')`, [otherBranchId]);
    const before = await tablesOf();
    expect(before.length).toBeGreaterThan(1);
    expect(before.every((l) => l.foodicsId === null && l.branchId !== null && l.branchName !== null)).toBe(true);
    const [first, second] = before;
    if (!first || !second) throw new Error('no tables');
    const map = (localId: number, foodicsId: string | null) =>
      owner.call('PUT', MAPPING, { kind: 'table', localId, foodicsId });
    expect((await map(second.id, 'ftb-2')).statusCode).toBe(200);
    // Unmapped first: the mapped table now comes last.
    const after = await tablesOf();
    expect(after.at(-1)).toMatchObject({ id: second.id, foodicsId: 'ftb-2' });
    expect(after[0]?.foodicsId).toBeNull();
    // One of ours per Foodics table id; an id with spaces or slashes is not a Foodics id (400).
    const taken = await map(first.id, 'ftb-2');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: { code: 'foodics_mapping_taken' } });
    expect((await map(first.id, 'table 2/../x')).statusCode).toBe(400);
    // Another brand's table: 404, nothing written.
    const [theirs] = await t.database.query<{ id: number }>(
      `insert into tables (branch_id, number)
       select id, '99' from branches where brand_id <> $1 order by id limit 1 returning id`,
      [brandId],
    );
    const refused = await map(theirs?.id ?? 0, 'ftb-9');
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ error: { code: 'foodics_mapping_target_not_found' } });
    expect(await t.database.query("select 1 from foodics_ids where foodics_id = 'ftb-9'")).toEqual([]);
    expect((await map(second.id, null)).statusCode).toBe(200);
    expect((await tablesOf()).every((l) => l.foodicsId === null)).toBe(true);
    const audits = await t.database.query<{ action: string; branchId: number }>(
      `select action, branch_id as "branchId" from audit_log
       where brand_id = $1 and object_type = 'foodics_mapping' and object_id = $2 order by id`,
      [brandId, `table:${second.id}`],
    );
    expect(audits).toEqual([
      { action: 'create', branchId: second.branchId },
      { action: 'delete', branchId: second.branchId },
    ]);
  });

  it("refuses another brand's branch and item by id, a manager, a cashier and a signed-out caller", async () => {
    const [other] = await t.database.query<{ branchId: number; itemId: number }>(
      `select b.id as "branchId", (select id from menu_items where brand_id = b.brand_id limit 1) as "itemId"
       from branches b where b.brand_id <> $1 limit 1`,
      [brandId],
    );
    if (!other) throw new Error('no other brand');
    for (const body of [
      { kind: 'branch', localId: other.branchId, foodicsId: 'fb-other' },
      { kind: 'product', localId: other.itemId, foodicsId: 'fp-x' },
    ]) {
      const res = await owner.call('PUT', MAPPING, body);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'foodics_mapping_target_not_found' } });
    }
    expect(
      await t.database.query('select 1 from foodics_ids where local_key in ($1, $2) and foodics_id in ($3, $4)', [
        String(other.branchId),
        String(other.itemId),
        'fb-other',
        'fp-x',
      ]),
    ).toEqual([]);
    for (const who of [STAFF.aManager, STAFF.aCashier, STAFF.bManager]) {
      const c = await login(who);
      expect((await c.call('POST', IMPORT)).statusCode).toBe(403);
      expect((await c.call('GET', MAPPING)).statusCode).toBe(403);
      expect((await c.call('PUT', MAPPING, { kind: 'branch', localId: branchId, foodicsId: null })).statusCode).toBe(
        403,
      );
    }
    expect((await caller(t).call('POST', IMPORT)).statusCode).toBe(401);
  });
});
