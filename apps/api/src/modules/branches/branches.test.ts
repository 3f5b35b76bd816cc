import { branchListResponse, branchSchema } from '@sufra/shared/schemas/branch';
import { paymentChoicesResponse } from '@sufra/shared/schemas/establishment';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UUID } from '../../../test/fixture-brands.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

describe('branches', () => {
  let t: TestApp;
  const ids = { brandA: 0, brandB: 0, brandC: 0, aMain: 0, aClosed: 0, bMain: 0, cMain: 0 };
  beforeAll(async () => {
    t = await createTestApp();
    const a = t.seeded.get('test-brand-a');
    const b = t.seeded.get('test-brand-b');
    const c = t.seeded.get('test-brand-c');
    if (!a || !b || !c) throw new Error('fixtures not seeded');
    Object.assign(ids, {
      brandA: a.brandId,
      brandB: b.brandId,
      brandC: c.brandId,
      aMain: a.branchIds['a-main'],
      aClosed: a.branchIds['a-closed'],
      bMain: b.branchIds['b-main'],
      cMain: c.branchIds['c-main'],
    });
  });
  afterAll(() => t.close());

  describe('GET /api/branch/main-branch/', () => {
    it("picks the QR code's brand", async () => {
      const res = await t.app.inject(`/api/branch/main-branch/?uuid=${UUID.bMain}`);
      expect(res.statusCode).toBe(200);
      expect(branchSchema.parse(res.json())).toMatchObject({ id: ids.bMain, brandId: ids.brandB });
    });

    it('picks the brand serving the request host (port ignored)', async () => {
      const res = await t.app.inject({ url: '/api/branch/main-branch/', headers: { host: 'brand-b.test:8080' } });
      expect(branchSchema.parse(res.json()).brandId).toBe(ids.brandB);
    });

    it('falls back to the first brand', async () => {
      const res = await t.app.inject({ url: '/api/branch/main-branch/', headers: { host: 'unknown.example' } });
      expect(branchSchema.parse(res.json())).toMatchObject({ id: ids.aMain, isMain: true });
    });

    it('answers 404 for an unknown QR code and 400 for a malformed one', async () => {
      expect((await t.app.inject(`/api/branch/main-branch/?uuid=${UUID.unknown}`)).json().error.code).toBe(
        'qr_not_found',
      );
      const bad = await t.app.inject('/api/branch/main-branch/?uuid=123');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.code).toBe('invalid_uuid');
    });
  });

  describe('GET /api/branch/list-qr/{brand id}/', () => {
    it("lists only the brand's own branches, main first, with their status", async () => {
      const res = await t.app.inject(`/api/branch/list-qr/${ids.brandA}/`);
      const body = branchListResponse.parse(res.json());
      expect(body.branches.map((b) => [b.id, b.status])).toEqual([
        [ids.aMain, 'open'],
        [ids.aClosed, 'closed'],
      ]);
      expect(body.branches.every((b) => b.brandId === ids.brandA)).toBe(true);
      expect(body.branches[0]?.deliveryZones[0]?.geometry.type).toBe('Polygon');
    });

    it('answers 404 brand_not_found for an unknown brand', async () => {
      const res = await t.app.inject({ url: '/api/branch/list-qr/999999/', headers: { 'accept-language': 'en' } });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({ code: 'brand_not_found', message: "This restaurant doesn't exist" });
    });

    it('refuses a non-numeric id with 400', async () => {
      const res = await t.app.inject('/api/branch/list-qr/abc/');
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty('id');
    });
  });

  describe('GET /api/menu/order/qr/payment/choices/{branch id}/', () => {
    it('lists the branch choices', async () => {
      const res = await t.app.inject(`/api/menu/order/qr/payment/choices/${ids.bMain}/`);
      expect(paymentChoicesResponse.parse(res.json()).choices).toEqual([
        { id: expect.any(Number), method: 'cash', name: { ar: 'نقدًا', en: 'Cash' }, orderTypes: [2] },
      ]);
    });

    it('answers 404 branch_not_found for an unknown branch', async () => {
      const res = await t.app.inject('/api/menu/order/qr/payment/choices/999999/');
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({ code: 'branch_not_found', message: 'هذا الفرع غير موجود' });
    });

    it('answers 403 for a branch of a switched-off brand', async () => {
      const res = await t.app.inject(`/api/menu/order/qr/payment/choices/${ids.cMain}/`);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.details).toEqual({ service: 'brand' });
    });
  });
});
