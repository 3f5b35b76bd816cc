import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, countRows } from './accounts.ts';
import { UUID } from './fixture-brands.ts';
import { diner, menuIds, placeOrder } from './orders.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// Issue 13 item 7: a NUL byte or half a surrogate pair anywhere in a request used to reach a query, which the
// database refused: 500. Now 400 naming the field, nothing written; and a failed query's log line carries no
// values of the request.

const NUL = '\u0000';
const LONE = '\uD83C';
const FIELD_MESSAGE = "This text contains characters that can't be saved";

describe('text the database cannot store', () => {
  let t: TestApp;
  const log: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line: string) => log.push(line) },
    });
  });
  afterAll(() => t.close());

  it('refuses a NUL in a path parameter with 400 naming it (ar and en)', async () => {
    const en = await t.app.inject({
      url: `/api/menu/qr/${UUID.aMain}/items/by-name/%00/`,
      headers: { 'accept-language': 'en' },
    });
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({
      error: { code: 'validation_failed', message: 'Some fields are empty or wrong', fields: { name: FIELD_MESSAGE } },
    });
    const ar = await t.app.inject(`/api/menu/qr/${UUID.aMain}/items/by-name/kab%00sa/`);
    expect(ar.statusCode).toBe(400);
    expect(ar.json().error.fields).toEqual({ name: 'يحتوي هذا النص على رموز لا يمكن حفظها' });
    const query = await t.app.inject(`/api/menu/qr/${UUID.aMain}/?lang=e%00n`);
    expect(query.statusCode).toBe(400);
    expect(Object.keys(query.json().error.fields)).toEqual(['lang']);
  });

  it('refuses them in a new diner name, an address and order notes, writing nothing', async () => {
    const c = caller(t);
    const sent = await c.call('POST', `/api/auth/${UUID.aMain}/otp/`, { phone: { phone_number: '0572220001' } });
    expect(sent.statusCode).toBe(202);
    const { requestId } = sent.json() as { requestId: string };
    const customersBefore = await countRows(t, 'customers');
    const named = await c.call('POST', `/api/auth/${UUID.aMain}/otp/verify/`, {
      requestId,
      code: '0000',
      profile: { fullName: `Sara${NUL}Secret` },
    });
    expect(named.statusCode).toBe(400);
    expect(named.json().error.fields).toEqual({ 'profile.fullName': FIELD_MESSAGE });
    expect(await countRows(t, 'customers')).toBe(customersBefore);

    const a = await diner(t, UUID.aMain, '0572220002');
    const addressesBefore = await countRows(t, 'customer_addresses');
    const address = await a.call('POST', `/api/customers/${UUID.aMain}/me/addresses/`, {
      title: 'Home',
      description: `Street ${LONE} 1`,
      location: { lat: 24.7, lng: 46.7 },
    });
    expect(address.statusCode).toBe(400);
    expect(address.json().error.fields).toEqual({ description: FIELD_MESSAGE });
    expect(await countRows(t, 'customer_addresses')).toBe(addressesBefore);

    const ids = await menuIds(t, UUID.aMain);
    const ordersBefore = await countRows(t, 'orders');
    const order = await placeOrder(a, UUID.aMain, {
      orderType: 2,
      lines: [{ kind: 'product', itemId: ids.item('kabsa'), quantity: 1, modifiers: [ids.option('Size', 'Large')] }],
      notes: `no onions${NUL}`,
      paymentMethod: 'cash',
    });
    expect(order.statusCode).toBe(400);
    expect(order.json().error.fields).toEqual({ notes: FIELD_MESSAGE });
    expect(await countRows(t, 'orders')).toBe(ordersBefore);
  });

  it("logs a failed query without the request's values (SQL text, SQLSTATE and column only)", async () => {
    const personal = 'Sara Secret 0572220003';
    let failure: unknown;
    try {
      await t.db.execute(sql`select ${personal}::uuid as id`);
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(Error);
    log.length = 0;
    t.app.log.error({ err: failure }, 'unhandled error');
    const line = log.join('');
    expect(line).toContain('unhandled error');
    expect(line).toContain('22P02');
    expect(line).toContain('select $1::uuid as id');
    expect(line).not.toContain('Sara');
    expect(line).not.toContain('0572220003');
  });
});
