import {
  type AdminBranchItem,
  adminMenuResponse,
  ITEM_LIST_STATUSES,
  type ItemListResponse,
  type ItemListStatus,
  itemListResponse,
} from '@sufra/shared/schemas/menu-admin';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../../test/accounts.ts';
import { STAFF, UUID } from '../../../test/fixture-brands.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const BASE = '/api/staff/manage/menu';
// 12:00 UTC = 15:00 in Riyadh, the fixture branches' zone.
const START = Date.parse('2026-11-28T12:00:00Z');
const BULK = 120;

/** The list's statuses as the console read them from the whole menu before (the same rules, on one item). */
function statusOf(status: ItemListStatus, active: boolean, row: AdminBranchItem | undefined): boolean {
  switch (status) {
    case 'all':
      return true;
    case 'inactive':
      return !active;
    case 'notSold':
      return !row?.sold;
    case 'soldOut':
      return row?.sold === true && !row.available;
    case 'available':
      return active && row?.sold === true && row.available;
  }
}

/** The console's item list a page at a time (docs/adr/0710): GET /api/staff/manage/menu/items/. */
describe('the menu console item list, paged and filtered by the server', () => {
  let t: TestApp;
  let clock = START;
  let owner: Caller;
  let ownerAr: Caller;
  let manager: Caller;
  let cashier: Caller;
  let otherBrand: Caller;
  let aMain: number;
  let aClosed: number;
  let bMain: number;
  /** Every item of brand A in the menu's order, as the whole-menu answer lists them. */
  let all: { id: number; slug: string; categoryId: number; priceHalalas: number; name: { ar: string; en: string } }[];

  const branchOf = async (uuid: string) => {
    const [row] = await t.database.query<{ id: number }>('select branch_id as id from qr_codes where uuid = $1', [
      uuid,
    ]);
    if (!row) throw new Error('no qr');
    return row.id;
  };
  const signIn = async (who: { email: string; password: string }, language = 'en') => {
    const c = caller(t, { language });
    expect((await c.call('POST', '/api/staff/auth/login/', who)).statusCode).toBe(200);
    return c;
  };
  const list = async (as: Caller, query = ''): Promise<ItemListResponse> => {
    const res = await as.call('GET', `${BASE}/items/${query ? `?${query}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return itemListResponse.parse(res.json());
  };
  const slugs = (page: ItemListResponse) => page.items.map((i) => i.slug);
  const slugOf = (id: number) => all.find((i) => i.id === id)?.slug;
  const idOf = (slug: string) => {
    const found = all.find((i) => i.slug === slug);
    if (!found) throw new Error(`no ${slug}`);
    return found.id;
  };

  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date(clock) });
    owner = await signIn(STAFF.aOwner);
    ownerAr = await signIn(STAFF.aOwner, 'ar');
    manager = await signIn(STAFF.aManager);
    cashier = await signIn(STAFF.aCashier);
    otherBrand = await signIn(STAFF.bManager);
    aMain = await branchOf(UUID.aMain);
    aClosed = await branchOf(UUID.aClosed);
    bMain = await branchOf(UUID.bMain);
    // 120 more mains by the CSV import (sold at every branch), prices 10.00–69.00 SAR.
    const rows = Array.from(
      { length: BULK },
      (_, i) => `,Mains,صنف ${String(i).padStart(3, '0')},Bulk item ${String(i).padStart(3, '0')},${10 + (i % 60)}.00`,
    );
    const imported = await owner.call('POST', `${BASE}/items/csv/`, {
      csv: ['id,category,name_ar,name_en,price', ...rows].join('\n'),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const menu = adminMenuResponse.parse((await owner.call('GET', `${BASE}/`)).json());
    all = menu.items;
    expect(all.length).toBe(6 + BULK);
  });
  beforeEach(() => {
    clock = START;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('pages the whole list 50 at a time in the menu order, with the count of all, and nothing past the end', async () => {
    const first = await list(owner);
    expect(first).toMatchObject({ offset: 0, limit: 50, total: all.length, canEditMenu: true });
    expect(first.branchId).toBe(first.branches[0]?.id);
    expect(first.categories.map((c) => c.name.en)).toEqual(['Mains', 'Drinks']);
    const second = await list(owner, 'offset=50');
    const third = await list(owner, 'offset=100');
    expect(third.items.length).toBe(all.length - 100);
    const ids = [...first.items, ...second.items, ...third.items].map((i) => i.id);
    expect(ids).toEqual(all.map((i) => i.id));
    const past = await list(owner, 'offset=200');
    expect(past).toMatchObject({ items: [], total: all.length, offset: 200 });
    expect((await list(owner, 'limit=7&offset=3')).items.map((i) => i.id)).toEqual(all.slice(3, 10).map((i) => i.id));
    // The page's items in full, as the editors read them (links, combo slots, rows at the user's branches).
    const meal = (await list(owner, 'q=meal')).items[0];
    expect(meal?.comboSlots.map((s) => s.name.en)).toEqual(['Main', 'Drink']);
    expect((await list(owner, 'q=kabsa')).items[0]?.modifierGroupIds.length).toBe(1);
  });

  it('filters by part of either name or the slug, any case, taking % and _ as themselves', async () => {
    expect(slugs(await list(owner, 'q=WATER'))).toEqual(['water']);
    expect(slugs(await list(owner, `q=${encodeURIComponent('عصير')}`))).toEqual(['juice']);
    expect(slugs(await list(owner, 'q=bulk-item-007'))).toEqual(['bulk-item-007']);
    const some = await list(owner, `q=${encodeURIComponent('bulk item 01')}`);
    expect(some.total).toBe(10);
    expect(some.items.map((i) => i.name.en)).toEqual(Array.from({ length: 10 }, (_, i) => `Bulk item 01${i}`));
    expect((await list(owner, `q=${encodeURIComponent('bulk%item')}`)).total).toBe(0);
    expect((await list(owner, 'q=bulk_item')).total).toBe(0);
    expect((await list(owner, `q=${encodeURIComponent('  water  ')}`)).total).toBe(1);
    // Filters combine: a text in a category.
    const drinks = all.find((i) => i.slug === 'water')?.categoryId;
    expect(slugs(await list(owner, `category=${drinks}&q=e`))).toEqual(['juice', 'water']);
  });

  it("filters by category; another brand's category matches nothing", async () => {
    const drinks = all.find((i) => i.slug === 'water')?.categoryId;
    expect(slugs(await list(owner, `category=${drinks}`))).toEqual(['juice', 'water']);
    const theirCategory = adminMenuResponse.parse((await otherBrand.call('GET', `${BASE}/`)).json()).categories[0];
    expect(theirCategory).toBeDefined();
    const none = await list(owner, `category=${theirCategory?.id}`);
    expect(none).toMatchObject({ items: [], total: 0 });
    // …and brand B's manager never sees brand A's items, whatever the filter.
    const theirs = await list(otherBrand, `category=${drinks}`);
    expect(theirs.total).toBe(0);
    expect(slugs(await list(otherBrand))).toEqual(['shawarma']);
  });

  it('filters by status at the chosen branch: sold out today (back by itself at 04:00), not sold there, inactive', async () => {
    const water = idOf('water');
    const kabsa = idOf('kabsa');
    const burger = idOf('burger');
    const sell = (item: number, branch: number, body: object) =>
      manager.call('PUT', `${BASE}/items/${item}/branches/${branch}/`, body);
    expect((await sell(water, aMain, { sold: true, availability: 'sold_out_today' })).statusCode).toBe(200);
    expect((await sell(kabsa, aClosed, { sold: false, availability: 'available' })).statusCode).toBe(200);
    await t.database.query('update menu_items set active = false where id = $1', [burger]);
    try {
      // Juice is sold out at the main branch until set back (the fixture), water for today.
      expect(slugs(await list(manager, `status=soldOut&branch=${aMain}`))).toEqual(['juice', 'water']);
      expect(slugs(await list(manager, `status=soldOut&branch=${aClosed}`))).toEqual([]);
      expect(slugs(await list(manager, `status=notSold&branch=${aClosed}`))).toEqual(['kabsa']);
      expect(slugs(await list(manager, `status=notSold&branch=${aMain}`))).toEqual(['salad']); // the fixture's
      expect(slugs(await list(manager, 'status=inactive'))).toEqual(['burger']);
      const available = await list(manager, `status=available&branch=${aMain}&limit=100`);
      expect(available.total).toBe(all.length - 4);
      expect(available.items.map((i) => i.slug)).not.toContain('water');
      expect(available.items.map((i) => i.slug)).not.toContain('burger');
      // Without a branch: the user's first one, said in the answer.
      const byDefault = await list(manager, 'status=soldOut');
      expect(byDefault.branchId).toBe(aMain);
      expect(slugs(byDefault)).toEqual(['juice', 'water']);
      // The same sets as the whole-menu answer's rows say, for every status at both branches.
      const menu = adminMenuResponse.parse((await manager.call('GET', `${BASE}/`)).json());
      for (const branch of [aMain, aClosed]) {
        for (const status of ITEM_LIST_STATUSES) {
          const expected = menu.items
            .filter((i) =>
              statusOf(
                status,
                i.active,
                i.branches.find((b) => b.branchId === branch),
              ),
            )
            .map((i) => i.id)
            .sort((a, b) => a - b);
          const got = (await list(manager, `status=${status}&branch=${branch}&limit=100`)).total;
          expect(got, `${status} at ${branch}`).toBe(expected.length);
        }
      }
      // Each item carries its rows at the manager's two branches, as the list shows them.
      const row = byDefault.items[1]?.branches;
      expect(row?.map((b) => [b.branchId, b.sold, b.available])).toEqual([
        [aMain, true, false],
        [aClosed, true, true],
      ]);
      // The next business day at 04:00 Riyadh (01:00 UTC) it is back by itself: the filter reads the clock.
      // (Signed in again then: the morning session's token has expired by that clock.)
      clock = Date.parse('2026-11-29T01:00:01Z');
      const nextDay = await signIn(STAFF.aManager);
      expect(slugs(await list(nextDay, `status=soldOut&branch=${aMain}`))).toEqual(['juice']);
      expect(slugOf((await list(nextDay, `status=available&branch=${aMain}&q=water`)).items[0]?.id ?? 0)).toBe('water');
    } finally {
      clock = START;
      await t.database.query('update menu_items set active = true where id = $1', [burger]);
      expect((await sell(kabsa, aClosed, { sold: true, availability: 'available' })).statusCode).toBe(200);
      expect((await sell(water, aMain, { sold: true, availability: 'available' })).statusCode).toBe(200);
    }
  });

  it('sorts by price, by name in the request language and by category, either way, ties by id', async () => {
    const prices = (await list(owner, 'sort=price&limit=100')).items.map((i) => i.priceHalalas);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices[0]).toBe(300);
    const down = await list(owner, 'sort=price&direction=desc&limit=3');
    expect(down.items.map((i) => i.priceHalalas)).toEqual([6900, 6900, 6800]);
    expect(down.items[0]?.id).toBeGreaterThan(down.items[1]?.id ?? 0);
    const named = (await list(owner, 'sort=name&limit=100&offset=100')).items.map((i) => i.name.en);
    expect(named.at(-1)).toBe('Water');
    // By the English name 'Bulk item 000' comes first; by the Arabic one 'برجر' (beh, before sad and ain).
    expect((await list(owner, 'sort=name&limit=1')).items[0]?.name.en).toBe('Bulk item 000');
    expect((await list(ownerAr, 'sort=name&limit=1')).items[0]?.name.ar).toBe('برجر');
    // By category name ('Drinks' before 'Mains'), where the menu order puts Mains first.
    expect(slugs(await list(owner, 'sort=category&limit=2'))).toEqual(['juice', 'water']);
    expect(slugs(await list(owner, 'limit=1'))).not.toEqual(['juice']);
  });

  it('refuses a cashier, a stranger, another brand’s branch, and a branch of the brand not the manager’s', async () => {
    expect((await cashier.call('GET', `${BASE}/items/`)).statusCode).toBe(403);
    expect((await caller(t).call('GET', `${BASE}/items/`)).statusCode).toBe(401);
    const foreign = await manager.call('GET', `${BASE}/items/?branch=${bMain}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: { code: 'branch_not_found' } });
    expect((await otherBrand.call('GET', `${BASE}/items/?branch=${aMain}`)).statusCode).toBe(404);
    await t.database.query(
      'delete from staff_user_branches where branch_id = $1 and staff_user_id = (select id from staff_users where email = $2)',
      [aClosed, STAFF.aManager.email],
    );
    try {
      expect((await manager.call('GET', `${BASE}/items/?branch=${aClosed}`)).statusCode).toBe(403);
      const own = await list(manager);
      expect(own.branches.map((b) => b.id)).toEqual([aMain]);
      expect(own.items[0]?.branches.map((b) => b.branchId)).toEqual([aMain]);
      // The owner reads any branch of the brand.
      expect((await list(owner, `branch=${aClosed}`)).branchId).toBe(aClosed);
    } finally {
      await t.database.query(
        'insert into staff_user_branches (staff_user_id, branch_id) select id, $1 from staff_users where email = $2',
        [aClosed, STAFF.aManager.email],
      );
    }
  });

  it('refuses bad parameters with 400 and a localized message', async () => {
    for (const query of ['status=gone', 'sort=colour', 'limit=101', 'limit=0', 'offset=-1', 'branch=abc']) {
      const res = await owner.call('GET', `${BASE}/items/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.message, query).toBeTruthy();
    }
    const long = await ownerAr.call('GET', `${BASE}/items/?q=${'x'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toMatch(/[\u0600-\u06FF]/);
  });
});
