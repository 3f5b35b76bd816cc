import { favouritesResponse } from '@sufra/shared/schemas/customer';
import { menuResponse } from '@sufra/shared/schemas/menu';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller, countRows, signIn } from '../../../test/accounts.ts';
import { UUID } from '../../../test/fixture-brands.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { MAX_FAVOURITES } from './customers.service.ts';

describe('favourite dishes of a signed-in diner', () => {
  let t: TestApp;
  let seq = 0;
  let aItems: number[] = [];
  let bItem = 0;
  beforeAll(async () => {
    t = await createTestApp();
    const menu = async (uuid: string) =>
      menuResponse.parse((await caller(t).call('GET', `/api/menu/qr/${uuid}/`)).json());
    aItems = (await menu(UUID.aMain)).items.map((i) => i.id);
    bItem = (await menu(UUID.bMain)).items[0]?.id ?? 0;
  });
  afterAll(() => t.close());

  async function diner(uuid: string = UUID.aMain): Promise<Caller> {
    const c = caller(t);
    seq += 1;
    const res = await signIn(t, c, uuid, `05030000${String(seq).padStart(2, '0')}`, { fullName: `Diner ${seq}` });
    expect(res.statusCode).toBe(200);
    return c;
  }
  const base = `/api/customers/${UUID.aMain}/me/favourites`;

  it('keeps favourites on the server: added once however often, listed on the next visit, removed', async () => {
    const [first, second] = aItems;
    expect(first && second).toBeTruthy();
    const c = await diner();
    expect((await c.call('GET', `${base}/`)).json()).toEqual({ itemIds: [] });

    const added = await c.call('PUT', `${base}/${first}/`);
    expect(added.statusCode).toBe(200);
    expect(favouritesResponse.parse(added.json())).toEqual({ itemIds: [first] });
    expect((await c.call('PUT', `${base}/${first}/`)).json()).toEqual({ itemIds: [first] });
    expect((await c.call('PUT', `${base}/${second}/`)).json()).toEqual({ itemIds: [first, second] });

    // Another browser of the same diner (a reload, a new phone) sees the same list.
    const again = caller(t);
    again.jar.cookies.clear();
    for (const [k, v] of c.jar.cookies) again.jar.cookies.set(k, v);
    expect((await again.call('GET', `${base}/`)).json()).toEqual({ itemIds: [first, second] });

    expect((await c.call('DELETE', `${base}/${first}/`)).json()).toEqual({ itemIds: [second] });
    expect((await c.call('DELETE', `${base}/${first}/`)).json()).toEqual({ itemIds: [second] });
  });

  it("keeps each diner's favourites apart", async () => {
    const a = await diner();
    const b = await diner();
    await a.call('PUT', `${base}/${aItems[0]}/`);
    expect((await b.call('GET', `${base}/`)).json()).toEqual({ itemIds: [] });
  });

  it("refuses another brand's dish or a missing one with 404 item_not_found in both languages, writing nothing", async () => {
    const c = await diner();
    const before = await countRows(t, 'customer_favourites');
    for (const id of [bItem, 999_999]) {
      const res = await c.call('PUT', `${base}/${id}/`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatchObject({
        code: 'item_not_found',
        message: "This item doesn't exist on the menu",
      });
    }
    const ar = await c.call('PUT', `${base}/${bItem}/`, undefined, { 'accept-language': 'ar' });
    expect(ar.json().error.message).toBe('هذا الصنف غير موجود في القائمة');
    expect(await countRows(t, 'customer_favourites')).toBe(before);
  });

  it('refuses a malformed item id with 400', async () => {
    const c = await diner();
    for (const id of ['abc', '0', '-1', '99999999999']) {
      expect((await c.call('PUT', `${base}/${id}/`)).statusCode, id).toBe(400);
    }
  });

  it('needs a diner signed in to this brand: signed out 401, signed in at another brand 401', async () => {
    expect((await caller(t).call('GET', `${base}/`)).statusCode).toBe(401);
    expect((await caller(t).call('PUT', `${base}/${aItems[0]}/`)).statusCode).toBe(401);
    const other = await diner(UUID.bMain);
    expect((await other.call('GET', `${base}/`)).statusCode).toBe(401);
    expect((await other.call('PUT', `${base}/${aItems[0]}/`)).statusCode).toBe(401);
  });

  it('forgets the favourites with the account', async () => {
    const c = await diner();
    await c.call('PUT', `${base}/${aItems[0]}/`);
    const id = (await c.call('GET', `/api/customers/${UUID.aMain}/me/`)).json().id as number;
    expect((await c.call('DELETE', `/api/customers/${UUID.aMain}/me/`)).statusCode).toBe(204);
    const left = await t.database.query<{ n: number }>(
      'select count(*)::int as n from customer_favourites where customer_id = $1',
      [id],
    );
    expect(left[0]?.n).toBe(0);
  });

  it(`stops at ${MAX_FAVOURITES} favourites with 409 favourites_full and keeps the list as it was`, async () => {
    const c = await diner();
    const id = (await c.call('GET', `/api/customers/${UUID.aMain}/me/`)).json().id as number;
    // A full list written directly: the brand's menu is small, so the dishes are made for the test.
    await t.database.query(
      `insert into menu_items (brand_id, category_id, slug, name_ar, name_en, price_halalas)
       select m.brand_id, m.category_id, 'fav-' || g, 'طبق ' || g, 'Dish ' || g, 100
       from menu_items m, generate_series(1, $1::int) g where m.id = $2`,
      [MAX_FAVOURITES, aItems[0]],
    );
    await t.database.query(
      `insert into customer_favourites (customer_id, menu_item_id)
       select $1, id from menu_items where slug like 'fav-%'`,
      [id],
    );
    const res = await c.call('PUT', `${base}/${aItems[0]}/`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'favourites_full',
      message: 'Your favourites list is full, remove a dish to add another',
    });
    const list = favouritesResponse.parse((await c.call('GET', `${base}/`)).json());
    expect(list.itemIds).toHaveLength(MAX_FAVOURITES);
    expect(list.itemIds).not.toContain(aItems[0]);
  });
});
