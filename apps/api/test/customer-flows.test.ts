import { popupResponse, sliderResponse } from '@sufra/shared/schemas/ads';
import { branchListResponse, branchSchema } from '@sufra/shared/schemas/branch';
import { paymentChoicesResponse, qrCheckResponse, qrDataResponse } from '@sufra/shared/schemas/establishment';
import { itemResponse, menuResponse } from '@sufra/shared/schemas/menu';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UUID } from './fixture-brands.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// The diner's first screens over a real HTTP server: every spec call at its exact path, bodies checked
// against the shared contracts.
describe('a diner scanning a QR code', () => {
  let t: TestApp;
  let base: string;
  let branchId: number;
  let brandId: number;

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.listen();
    const a = t.seeded.get('test-brand-a');
    if (!a) throw new Error('brand A not seeded');
    brandId = a.brandId;
    branchId = a.branchIds['a-main'] ?? 0;
  });
  afterAll(() => t.close());

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers });

  it('checks the QR code with POST /api/branch/qr-check/', async () => {
    const res = await fetch(`${base}/api/branch/qr-check/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ uuid: UUID.aMain }),
    });
    expect(res.status).toBe(200);
    const body = qrCheckResponse.parse(await res.json());
    expect(body).toMatchObject({ valid: true, active: true, reason: null, branchId, tableId: null });
  });

  it('loads the establishment with GET /api/restaurant/qr/{uuid}/data/', async () => {
    const res = await get(`/api/restaurant/qr/${UUID.aTable}/data/?utm_source=instagram`);
    expect(res.status).toBe(200);
    const body = qrDataResponse.parse(await res.json());
    expect(body.brand.id).toBe(brandId);
    expect(body.branch.id).toBe(branchId);
    expect(body.branch.status).toBe('open');
    expect(body.table).toMatchObject({ number: '1', status: 'free' });
    expect(body.services.menu).toBe(true);
    expect(body.utm_source).toBe('instagram');
  });

  it('finds the main branch with GET /api/branch/main-branch/', async () => {
    const res = await get(`/api/branch/main-branch/?uuid=${UUID.aMain}`);
    expect(res.status).toBe(200);
    const body = branchSchema.parse(await res.json());
    expect(body).toMatchObject({ id: branchId, isMain: true });
  });

  it('lists payment choices with GET /api/menu/order/qr/payment/choices/{id}/', async () => {
    const res = await get(`/api/menu/order/qr/payment/choices/${branchId}/`);
    expect(res.status).toBe(200);
    const body = paymentChoicesResponse.parse(await res.json());
    expect(body.choices.map((c) => [c.method, c.orderTypes])).toEqual([
      ['cash', [1, 2, 3]],
      ['card', [1, 2]],
    ]);
  });

  it('shows the pop-up with GET /api/ads/popup/{id}', async () => {
    const res = await get(`/api/ads/popup/${branchId}`, { 'accept-language': 'en' });
    expect(res.status).toBe(200);
    const body = popupResponse.parse(await res.json());
    expect(body).toMatchObject({ popup_text: '20% off today', button_text: 'Order now' });
  });

  it('lists the brand branches with GET /api/branch/list-qr/{id}/', async () => {
    const res = await get(`/api/branch/list-qr/${brandId}/`);
    expect(res.status).toBe(200);
    const body = branchListResponse.parse(await res.json());
    expect(body.branches.map((b) => b.status)).toEqual(['open', 'closed']);
  });

  it('shows the slider with GET /api/ads/slider/{id}', async () => {
    const res = await get(`/api/ads/slider/${branchId}`);
    expect(res.status).toBe(200);
    const body = sliderResponse.parse(await res.json());
    expect(body.slides).toHaveLength(2);
  });

  it('loads the menu with GET /api/menu/qr/{uuid}/ (compressed, with an ETag)', async () => {
    const res = await get(`/api/menu/qr/${UUID.aMain}/`, { 'accept-language': 'en', 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('etag')).toMatch(/^"[\w-]+-br"$/);
    const body = menuResponse.parse(await res.json());
    expect(body.items.map((i) => i.slug)).toEqual(['kabsa', 'burger', 'meal', 'juice', 'water']);

    const again = await get(`/api/menu/qr/${UUID.aMain}/`, {
      'accept-language': 'en',
      'if-none-match': res.headers.get('etag') ?? '',
    });
    expect(again.status).toBe(304);
  });

  it('opens an item by id and by name', async () => {
    const menu = menuResponse.parse(await (await get(`/api/menu/qr/${UUID.aMain}/`)).json());
    const kabsa = menu.items.find((i) => i.slug === 'kabsa');
    const byId = await get(`/api/menu/qr/${UUID.aMain}/items/${kabsa?.id}/`);
    expect(byId.status).toBe(200);
    expect(itemResponse.parse(await byId.json()).item.slug).toBe('kabsa');
    const byName = await get(`/api/menu/qr/${UUID.aMain}/items/by-name/kabsa/`);
    expect(byName.status).toBe(200);
    expect(itemResponse.parse(await byName.json()).item.id).toBe(kabsa?.id);
  });
});
