import { serviceSwitchListResponse } from '@sufra/shared/schemas/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../../test/accounts.ts';
import { STAFF, UUID } from '../../../test/fixture-brands.ts';
import { diner, menuIds, placeOrder } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

describe("managers switch the brand's services off and on", () => {
  let t: TestApp;
  let manager: Caller;
  let cashier: Caller;
  let otherBrand: Caller;

  const staffCaller = async (who: { email: string; password: string }) => {
    const c = caller(t);
    expect((await c.call('POST', '/api/staff/auth/login/', who)).statusCode).toBe(200);
    return c;
  };
  const set = (c: Caller, service: string, isActive: boolean) =>
    c.call('PUT', `/api/staff/services/${service}/`, { isActive });

  beforeAll(async () => {
    t = await createTestApp();
    manager = await staffCaller(STAFF.aManager);
    cashier = await staffCaller(STAFF.aCashier);
    otherBrand = await staffCaller(STAFF.bManager);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists every service, on unless switched off', async () => {
    const list = serviceSwitchListResponse.parse((await cashier.call('GET', '/api/staff/services/')).json());
    expect(list.services.find((s) => s.service === 'loyalty')).toEqual({ service: 'loyalty', isActive: true });
    expect(list.services.every((s) => s.isActive)).toBe(true);
  });

  it('switches the points shop off for diners (they land on the deactivated page) and on again', async () => {
    const shop = () => caller(t).call('GET', `/api/loyalty/${UUID.aMain}/shop/`);
    expect((await shop()).statusCode).toBe(200);
    const off = await set(manager, 'points_shop', false);
    expect(off.statusCode).toBe(200);
    expect(serviceSwitchListResponse.parse(off.json()).services).toContainEqual({
      service: 'points_shop',
      isActive: false,
    });
    const refused = await shop();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'service_deactivated', details: { service: 'points_shop' } });
    // The prize shop is its own switch.
    expect((await caller(t).call('GET', `/api/loyalty/${UUID.aMain}/shop/?shop=prize`)).statusCode).toBe(200);
    expect((await set(manager, 'points_shop', true)).statusCode).toBe(200);
    expect((await shop()).statusCode).toBe(200);
  });

  it('switches loyalty off: no account, no points at checkout, and the kept QR context sees it at once', async () => {
    const ids = await menuIds(t, UUID.aMain);
    const me = await diner(t, UUID.aMain, '+966500003001');
    const body = {
      orderType: 2,
      paymentMethod: 'cash',
      lines: [{ kind: 'product', itemId: ids.item('kabsa'), quantity: 1, modifiers: [ids.option('Size', 'Small')] }],
    };
    // A first order keeps the QR context in the process.
    expect((await placeOrder(me, UUID.aMain, body)).statusCode).toBe(201);
    expect((await set(manager, 'loyalty', false)).statusCode).toBe(200);
    try {
      expect((await me.call('GET', `/api/loyalty/${UUID.aMain}/me/`)).statusCode).toBe(403);
      const withPoints = await placeOrder(me, UUID.aMain, { ...body, points: 100 });
      expect(withPoints.statusCode).toBe(422);
      expect(withPoints.json().error.code).toBe('points_not_available');
      // Ordering itself is not a loyalty service.
      expect((await placeOrder(me, UUID.aMain, body)).statusCode).toBe(201);
    } finally {
      await set(manager, 'loyalty', true);
    }
    expect((await me.call('GET', `/api/loyalty/${UUID.aMain}/me/`)).statusCode).toBe(200);
  });

  it("lets only managers and owners switch, and only their own brand's services", async () => {
    expect((await set(cashier, 'loyalty', false)).statusCode).toBe(403);
    expect((await set(manager, 'no_such_service', false)).statusCode).toBe(400);
    expect((await set(otherBrand, 'points_shop', false)).statusCode).toBe(200);
    try {
      expect((await caller(t).call('GET', `/api/loyalty/${UUID.aMain}/shop/`)).statusCode).toBe(200);
    } finally {
      await set(otherBrand, 'points_shop', true);
    }
  });
});
