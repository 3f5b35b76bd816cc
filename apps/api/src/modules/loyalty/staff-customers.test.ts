import { pointsHistorySchema, staffCustomerSchema } from '@sufra/shared/schemas/loyalty';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../../test/accounts.ts';
import { STAFF, UUID } from '../../../test/fixture-brands.ts';
import { diner } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

describe("managers find a diner of their brand by phone, with the diner's points", () => {
  let t: TestApp;
  let manager: Caller;
  let owner: Caller;
  let cashier: Caller;
  let otherManager: Caller;
  const phone = '+966500000951';

  const staffCaller = async (who: { email: string; password: string }, language = 'en') => {
    const c = caller(t, { language });
    expect((await c.call('POST', '/api/staff/auth/login/', who)).statusCode).toBe(200);
    return c;
  };
  const find = (c: Caller, phoneNumber: string) =>
    c.call('POST', '/api/staff/customers/lookup/', { phone: { phone_number: phoneNumber } });

  beforeAll(async () => {
    t = await createTestApp();
    manager = await staffCaller(STAFF.aManager);
    owner = await staffCaller(STAFF.aOwner);
    cashier = await staffCaller(STAFF.aCashier);
    otherManager = await staffCaller(STAFF.bManager);
    await diner(t, UUID.aMain, phone);
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds the diner however the number is typed, with wallet, lifetime and level, then their ledger', async () => {
    const res = await find(manager, '٠٥٠٠٠٠٠٩٥١');
    expect(res.statusCode).toBe(200);
    const found = staffCustomerSchema.parse(res.json());
    expect(found).toMatchObject({ phone, walletPoints: 0, walletValueHalalas: 0, lifetimePoints: 0 });
    expect(found.level?.name.en).toBe('Bronze');

    const adjusted = await manager.call('POST', `/api/staff/customers/${found.id}/points/`, {
      points: 400,
      reason: 'Birthday treat',
    });
    expect(adjusted.statusCode).toBe(200);
    const again = staffCustomerSchema.parse((await find(owner, '+966 50 000 0951')).json());
    expect(again).toMatchObject({ id: found.id, walletPoints: 400, walletValueHalalas: 2000 });
    const ledger = pointsHistorySchema.parse(
      (await owner.call('GET', `/api/staff/customers/${found.id}/points/`)).json(),
    );
    expect(ledger.entries.map((e) => [e.kind, e.points, e.reason])).toEqual([['adjust', 400, 'Birthday treat']]);
  });

  it("refuses cashiers (403), hides another brand's diner (404) and explains a bad number, in both languages", async () => {
    const refused = await find(cashier, '0500000951');
    expect(refused.statusCode).toBe(403);
    const foreign = await find(otherManager, '0500000951');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('customer_not_found');
    const unknown = await staffCaller(STAFF.aManager, 'ar');
    const missing = await find(unknown, '0500000999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('هذا العميل غير موجود');
    const bad = await find(manager, '12');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Ensure the number is valid');
  });
});
