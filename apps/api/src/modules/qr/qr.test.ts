import { errorBody } from '@sufra/shared/schemas/common';
import { qrCheckResponse, qrDataResponse } from '@sufra/shared/schemas/establishment';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UUID } from '../../../test/fixture-brands.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

describe('QR landing data and QR check', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const data = (uuid: string, query = '', language?: string) =>
    t.app.inject({
      url: `/api/restaurant/qr/${uuid}/data/${query}`,
      headers: language ? { 'accept-language': language } : {},
    });

  it('answers an unknown QR code with 404 qr_not_found in Arabic by default', async () => {
    const res = await data(UUID.unknown);
    expect(res.statusCode).toBe(404);
    expect(errorBody.parse(res.json()).error).toEqual({
      code: 'qr_not_found',
      message: 'رمز QR هذا لا يتبع أي مطعم',
    });
  });

  it('answers an unknown QR code in English when asked', async () => {
    const res = await data(UUID.unknown, '', 'en-US,en;q=0.9');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe("This QR code doesn't belong to any restaurant");
  });

  it('refuses a malformed uuid with 400 invalid_uuid', async () => {
    const res = await data('not-a-uuid', '', 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'invalid_uuid', message: 'This QR code link is not valid' });
  });

  it('answers an inactive QR code with 410', async () => {
    const res = await data(UUID.aInactive);
    expect(res.statusCode).toBe(410);
    expect(res.json().error.code).toBe('qr_inactive');
  });

  it('answers a switched-off brand with 403 service_deactivated naming the service', async () => {
    const res = await data(UUID.cMain, '', 'en');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({
      code: 'service_deactivated',
      message: 'This service has been deactivated by the restaurant',
      details: { service: 'brand' },
    });
  });

  it("says why a closed branch is closed (paused by hand, or its hours) and the table's status (issue 24 item 4)", async () => {
    const open = qrDataResponse.parse((await data(UUID.aTable)).json());
    expect(open.branch).toMatchObject({ status: 'open', closedBy: null });
    expect(open.table?.status).toBe('free');
    const closed = qrDataResponse.parse((await data(UUID.aClosed)).json());
    expect(closed.branch).toMatchObject({ status: 'closed', closedBy: 'hours' });
    await t.database.query('update branches set is_open = false where id = $1', [open.branch.id]);
    await t.database.query("update tables set status = 'reserved' where id = $1", [open.table?.id]);
    try {
      const paused = qrDataResponse.parse((await data(UUID.aTable)).json());
      expect(paused.branch).toMatchObject({ status: 'closed', closedBy: 'staff' });
      expect(paused.table?.status).toBe('reserved');
    } finally {
      await t.database.query('update branches set is_open = true where id = $1', [open.branch.id]);
      await t.database.query("update tables set status = 'free' where id = $1", [open.table?.id]);
    }
  });

  it('echoes a sanitised utm_source (trimmed)', async () => {
    const res = await data(UUID.aMain, '?utm_source=%20google.ads-1_x%20');
    expect(res.statusCode).toBe(200);
    expect(qrDataResponse.parse(res.json()).utm_source).toBe('google.ads-1_x');
  });

  it('gives utm_source null when absent or empty', async () => {
    expect((await data(UUID.aMain)).json().utm_source).toBeNull();
    expect((await data(UUID.aMain, '?utm_source=')).json().utm_source).toBeNull();
  });

  it('refuses a tampered utm_source with 400 and a field message', async () => {
    for (const bad of ['%3Cscript%3E', 'a%20b', 'x'.repeat(101), '%22%3E']) {
      const res = await data(UUID.aMain, `?utm_source=${bad}`, 'en');
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toEqual({
        code: 'validation_failed',
        message: 'Some fields are empty or wrong',
        fields: { utm_source: 'This field is empty or wrong' },
      });
    }
  });

  it('shows a branch with no opening hours as closed', async () => {
    const res = await data(UUID.aClosed);
    expect(res.statusCode).toBe(200);
    expect(qrDataResponse.parse(res.json()).branch.status).toBe('closed');
  });

  it('combines brand and branch service switches', async () => {
    const res = await data(UUID.bMain);
    const body = qrDataResponse.parse(res.json());
    expect(body.services.wheel).toBe(false);
    expect(body.services.menu).toBe(true);
  });

  describe('POST /api/branch/qr-check/', () => {
    const check = async (uuid: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/branch/qr-check/', payload: { uuid } });
      expect(res.statusCode).toBe(200);
      return qrCheckResponse.parse(res.json());
    };

    it('reports each kind of QR code with 200', async () => {
      expect(await check(UUID.aMain)).toMatchObject({ valid: true, active: true, reason: null });
      expect(await check(UUID.aInactive)).toMatchObject({ valid: true, active: false, reason: 'qr_inactive' });
      expect(await check(UUID.cMain)).toMatchObject({ valid: true, active: false, reason: 'service_deactivated' });
      expect(await check(UUID.unknown)).toMatchObject({ valid: false, active: false, reason: 'qr_not_found' });
      expect(await check('nope')).toMatchObject({
        valid: false,
        active: false,
        reason: 'invalid_uuid',
        branchId: null,
      });
    });

    it('gives the table of a table QR code', async () => {
      const body = await check(UUID.aTable);
      expect(body.tableId).toEqual(expect.any(Number));
    });

    it('refuses a body without uuid with 400 validation_failed', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/branch/qr-check/', payload: {} });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
      expect(res.json().error.fields).toHaveProperty('uuid');
    });
  });
});

describe('opening hours with a pinned clock', () => {
  let t: TestApp;
  // Sunday 2025-01-05 05:00 in Riyadh.
  const now = new Date('2025-01-05T02:00:00Z');
  beforeAll(async () => {
    const { brandA } = await import('../../../test/fixture-brands.ts');
    const lunchOnly = {
      ...brandA,
      branches: brandA.branches.map((b) => ({ ...b, openingHours: [{ day: 0, opens: '12:00', closes: '23:00' }] })),
    };
    t = await createTestApp({ brands: [lunchOnly], now: () => now });
  });
  afterAll(() => t.close());

  it('is closed before the day opens in the branch time zone', async () => {
    const res = await t.app.inject(`/api/restaurant/qr/${UUID.aMain}/data/`);
    expect(qrDataResponse.parse(res.json()).branch.status).toBe('closed');
  });

  it('is open in the afternoon', async () => {
    now.setTime(Date.parse('2025-01-05T10:00:00Z')); // 13:00 Riyadh
    const res = await t.app.inject(`/api/restaurant/qr/${UUID.aMain}/data/`);
    expect(qrDataResponse.parse(res.json()).branch.status).toBe('open');
  });
});
