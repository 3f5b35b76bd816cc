import { gunzipSync } from 'node:zlib';
import { itemResponse, type MenuResponse, menuResponse } from '@sufra/shared/schemas/menu';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UUID } from '../../../test/fixture-brands.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { matchesIfNoneMatch, negotiateEncoding } from './menu.routes.ts';

describe('menu', () => {
  let t: TestApp;
  let brandA = 0;
  let menuEn: MenuResponse;
  const menuUrl = `/api/menu/qr/${UUID.aMain}/`;
  const getMenu = (headers: Record<string, string> = {}) => t.app.inject({ url: menuUrl, headers });

  beforeAll(async () => {
    t = await createTestApp();
    brandA = t.seeded.get('test-brand-a')?.brandId ?? 0;
    menuEn = menuResponse.parse((await getMenu({ 'accept-language': 'en' })).json());
  });
  afterAll(() => t.close());

  const itemId = (slug: string) => {
    const found = menuEn.items.find((i) => i.slug === slug);
    if (!found) throw new Error(`no ${slug} on the menu`);
    return found.id;
  };

  it('lists only items sold at the branch, in category then item order', () => {
    expect(menuEn.items.map((i) => i.slug)).toEqual(['kabsa', 'burger', 'meal', 'juice', 'water']);
    expect(menuEn.categories.map((c) => c.name)).toEqual(['Mains', 'Drinks']);
    expect(menuEn).toMatchObject({ language: 'en', currency: 'SAR', taxMode: 'inclusive', vatRateBasisPoints: 1500 });
  });

  it('marks sold-out items unavailable', () => {
    expect(menuEn.items.find((i) => i.slug === 'juice')?.available).toBe(false);
    expect(menuEn.items.find((i) => i.slug === 'kabsa')?.available).toBe(true);
  });

  it('references modifier groups by id and lists each once, with option availability', () => {
    const burger = menuEn.items.find((i) => i.slug === 'burger');
    expect(burger?.modifierGroupIds).toHaveLength(2);
    expect(burger?.taxRateBasisPoints).toBe(0);
    expect(menuEn.modifierGroups.map((g) => [g.name, g.min, g.max, g.options.length])).toEqual([
      ['Size', 1, 1, 2],
      ['Extras', 0, 3, 1],
    ]);
    expect(menuEn.modifierGroups[1]?.options[0]?.available).toBe(false);
  });

  it("leaves products the branch doesn't sell out of combo slots", () => {
    const meal = menuEn.items.find((i) => i.slug === 'meal');
    expect(meal?.combo?.slots.map((s) => s.choices.map((c) => c.itemId))).toEqual([
      [itemId('kabsa'), itemId('burger')],
      [itemId('juice'), itemId('water')],
    ]);
  });

  it('answers in Arabic by default with Vary: Accept-Language and revalidation headers', async () => {
    const res = await getMenu();
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toContain('Accept-Language');
    expect(res.headers['cache-control']).toBe('no-cache');
    const body = menuResponse.parse(res.json());
    expect(body.language).toBe('ar');
    expect(body.items[0]?.name).toBe('كبسة دجاج');
  });

  it("gives each dish's name in the other language too, so a search finds it by either name", async () => {
    const ar = menuResponse.parse((await getMenu()).json());
    expect(ar.items[0]).toMatchObject({ name: 'كبسة دجاج', altName: 'Chicken kabsa' });
    const en = menuResponse.parse((await t.app.inject({ url: `${menuUrl}?lang=en` })).json());
    expect(en.items[0]).toMatchObject({ name: 'Chicken kabsa', altName: 'كبسة دجاج' });
  });

  it('prefers the lang query parameter over Accept-Language, and refuses an unknown one', async () => {
    const en = await t.app.inject({ url: `${menuUrl}?lang=en`, headers: { 'accept-language': 'ar' } });
    expect(en.statusCode).toBe(200);
    expect(menuResponse.parse(en.json()).language).toBe('en');
    const ar = await t.app.inject({ url: `${menuUrl}?lang=ar`, headers: { 'accept-language': 'en' } });
    expect(menuResponse.parse(ar.json()).language).toBe('ar');
    expect((await t.app.inject(`${menuUrl}?lang=fr`)).statusCode).toBe(400);
  });

  it('answers If-None-Match with 304, and has a different ETag per language', async () => {
    const ar = await getMenu();
    const en = await getMenu({ 'accept-language': 'en' });
    const etag = ar.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(en.headers.etag).not.toBe(etag);
    const revalidated = await getMenu({ 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    // A length for a body that never comes makes keep-alive clients wait for it.
    expect(Number(revalidated.headers['content-length'] ?? 0)).toBe(0);
    expect((await getMenu({ 'if-none-match': etag, 'accept-language': 'en' })).statusCode).toBe(200);
  });

  it('serves the same bytes to every request until the menu changes, then a new ETag', async () => {
    const first = await getMenu();
    const second = await getMenu();
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    const etag = first.headers.etag as string;

    // The ETag is a hash of the bytes: a version bump that changes nothing still revalidates as 304.
    await t.app.services.menu.invalidateMenu(brandA);
    expect((await getMenu({ 'if-none-match': etag })).statusCode).toBe(304);

    // A real change (a new price) behind invalidateMenu gives new bytes and a new ETag.
    await t.database.query('update menu_items set price_halalas = price_halalas + 100 where id = $1', [
      itemId('kabsa'),
    ]);
    await t.app.services.menu.invalidateMenu(brandA);
    const after = await getMenu({ 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(menuResponse.parse(after.json()).items.find((i) => i.slug === 'kabsa')?.priceHalalas).toBe(3600);
  });

  it('sees availability changes made by another instance once the version is bumped', async () => {
    const before = menuResponse.parse((await getMenu({ 'accept-language': 'en' })).json());
    expect(before.items.find((i) => i.slug === 'water')?.available).toBe(true);
    await t.database.query('update branch_items set is_available = false where item_id = $1 and branch_id = $2', [
      itemId('water'),
      before.branchId,
    ]);
    if (t.database.kind === 'postgres') {
      // Another instance's write: only the version in the database tells this one.
      await t.database.query('update brands set menu_version = menu_version + 1 where id = $1', [brandA]);
    } else {
      // PGlite is embedded: every write comes through this process, and so through invalidateMenu.
      await t.app.services.menu.invalidateMenu(brandA);
    }
    const after = menuResponse.parse((await getMenu({ 'accept-language': 'en' })).json());
    expect(after.items.find((i) => i.slug === 'water')?.available).toBe(false);
    // No available drink is left, so the combo can't be completed.
    expect(after.items.find((i) => i.slug === 'meal')?.available).toBe(false);
  });

  it('compresses with gzip when asked, with its own ETag', async () => {
    const res = await getMenu({ 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.etag).toMatch(/-gzip"$/);
    const body = JSON.parse(gunzipSync(res.rawPayload).toString('utf8'));
    expect(menuResponse.parse(body).language).toBe('ar');
  });

  it('notices a switched-off menu once the change is announced', async () => {
    await t.database.query(`insert into service_switches (brand_id, service, is_active) values ($1, 'menu', false)`, [
      brandA,
    ]);
    await t.app.services.menu.invalidateMenu(brandA);
    expect((await getMenu()).statusCode).toBe(403);
    await t.database.query(`delete from service_switches where brand_id = $1 and service = 'menu'`, [brandA]);
    await t.app.services.menu.invalidateMenu(brandA);
    expect((await getMenu()).statusCode).toBe(200);
  });

  it('gives each brand its own menu', async () => {
    const res = await t.app.inject(`/api/menu/qr/${UUID.bMain}/`);
    expect(menuResponse.parse(res.json()).items.map((i) => i.slug)).toEqual(['shawarma']);
  });

  it('refuses unknown, malformed, inactive and switched-off QR codes', async () => {
    expect((await t.app.inject(`/api/menu/qr/${UUID.unknown}/`)).json().error.code).toBe('qr_not_found');
    expect((await t.app.inject('/api/menu/qr/xyz/')).json().error.code).toBe('invalid_uuid');
    expect((await t.app.inject(`/api/menu/qr/${UUID.aInactive}/`)).statusCode).toBe(410);
    const off = await t.app.inject(`/api/menu/qr/${UUID.cMain}/`);
    expect(off.statusCode).toBe(403);
    expect(off.json().error.details).toEqual({ service: 'brand' });
  });

  describe('items', () => {
    it('gives an item with its modifier groups', async () => {
      const res = await t.app.inject({
        url: `/api/menu/qr/${UUID.aMain}/items/${itemId('burger')}/`,
        headers: { 'accept-language': 'en' },
      });
      const body = itemResponse.parse(res.json());
      expect(body.item.name).toBe('Burger');
      expect(body.modifierGroups.map((g) => g.name)).toEqual(['Size', 'Extras']);
      expect(body.comboProducts).toEqual([]);
    });

    it('gives a combo with the products of its slots', async () => {
      const res = await t.app.inject(`/api/menu/qr/${UUID.aMain}/items/by-name/meal/`);
      const body = itemResponse.parse(res.json());
      expect(body.item.combo?.slots).toHaveLength(2);
      expect(body.comboProducts.map((p) => p.slug).sort()).toEqual(['burger', 'juice', 'kabsa', 'water']);
    });

    it("answers item_not_available for an item the brand has but this branch doesn't sell", async () => {
      const res = await t.app.inject({
        url: `/api/menu/qr/${UUID.aMain}/items/by-name/salad/`,
        headers: { 'accept-language': 'en' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({
        code: 'item_not_available',
        message: "This item isn't available at this branch",
      });
      // The closed branch sells it.
      expect((await t.app.inject(`/api/menu/qr/${UUID.aClosed}/items/by-name/salad/`)).statusCode).toBe(200);
    });

    it("answers item_not_found for another brand's item (tenancy) and for unknown ids", async () => {
      const bMenu = menuResponse.parse((await t.app.inject(`/api/menu/qr/${UUID.bMain}/`)).json());
      const shawarma = bMenu.items[0]?.id;
      const viaA = await t.app.inject(`/api/menu/qr/${UUID.aMain}/items/${shawarma}/`);
      expect(viaA.statusCode).toBe(404);
      expect(viaA.json().error.code).toBe('item_not_found');
      expect((await t.app.inject(`/api/menu/qr/${UUID.aMain}/items/by-name/shawarma/`)).json().error.code).toBe(
        'item_not_found',
      );
      const unknown = await t.app.inject({
        url: `/api/menu/qr/${UUID.aMain}/items/999999/`,
        headers: { 'accept-language': 'ar' },
      });
      expect(unknown.json().error).toEqual({ code: 'item_not_found', message: 'هذا الصنف غير موجود في القائمة' });
    });
  });
});

describe('menu HTTP helpers', () => {
  it('negotiates br, then gzip, else identity', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('deflate')).toBe('identity');
    expect(negotiateEncoding(undefined)).toBe('identity');
  });

  it('matches If-None-Match lists, weak tags and any encoding of the same menu', () => {
    expect(matchesIfNoneMatch('"abc"', 'abc')).toBe(true);
    expect(matchesIfNoneMatch('"x", W/"abc-br"', 'abc')).toBe(true);
    expect(matchesIfNoneMatch('*', 'abc')).toBe(true);
    expect(matchesIfNoneMatch('"abcd"', 'abc')).toBe(false);
    expect(matchesIfNoneMatch(undefined, 'abc')).toBe(false);
  });
});
