import { smsTemplate, smsTemplateList } from '@sufra/shared/schemas/notify';
import { orderSchema } from '@sufra/shared/schemas/order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../../test/accounts.ts';
import { STAFF, UUID } from '../../../test/fixture-brands.ts';
import { diner, type MenuIds, menuIds, placeOrder } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { type FakeTaqnyat, startFakeTaqnyat } from '../../providers/sms/fake-taqnyat.ts';
import { SMS_MAX_ATTEMPTS, smsRetryDelayMs } from '../../providers/sms/sms-relay.ts';
import { queueDinerSms } from './notify.service.ts';

/** Issue 28 item 4: diner texts through the SMS outbox and the Taqnyat adapter, on both databases. */
describe('diner texts (SMS): ready for pickup, on its way, prize codes', () => {
  let t: TestApp;
  let fake: FakeTaqnyat;
  let ids: MenuIds;
  let cashier: Caller;
  let manager: Caller;
  let owner: Caller;
  let otherBrand: Caller;
  let clock = Date.parse('2026-11-28T09:00:00Z');
  const staff = async (who: { email: string; password: string }) => {
    const c = caller(t);
    expect((await c.call('POST', '/api/staff/auth/login/', who)).statusCode).toBe(200);
    return c;
  };
  const place = async (c: Caller, orderType: 1 | 2 | 3, extra: Record<string, unknown> = {}) => {
    const res = await placeOrder(c, UUID.aMain, {
      orderType,
      lines: [{ kind: 'product', itemId: ids.item('water'), quantity: 2 }],
      paymentMethod: 'cash',
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return orderSchema.parse(res.json());
  };
  const move = async (id: number, to: string) => {
    const res = await cashier.call('PATCH', `/api/staff/orders/${id}/status/`, { to });
    expect(res.statusCode, res.body).toBe(200);
  };
  const texts = (phone: string) =>
    t.database.query<{
      kind: string | null;
      body: string;
      status: string;
      attempts: number;
      last_error: string | null;
      // Diner texts only (the sign-in's verification code is a row too, kind null).
    }>(
      'select kind, body, status, attempts, last_error from sms_outbox where to_phone = $1 and kind is not null order by id',
      [phone],
    );
  const templates = async (c: Caller) => {
    const res = await c.call('GET', '/api/staff/manage/notifications/templates/');
    expect(res.statusCode, res.body).toBe(200);
    return smsTemplateList.parse(res.json()).templates;
  };
  const saveTemplate = (c: Caller, kind: string, body: { ar: string; en: string }, version: number) =>
    c.call('PUT', `/api/staff/manage/notifications/templates/${kind}/`, { body, version });

  beforeAll(async () => {
    fake = await startFakeTaqnyat();
    t = await createTestApp({
      now: () => new Date(clock),
      env: {
        SMS_PROVIDER: 'taqnyat',
        TAQNYAT_BEARER_TOKEN: 'test-token',
        TAQNYAT_SENDER: 'Sufra',
        TAQNYAT_API_URL: fake.url,
      },
    });
    ids = await menuIds(t, UUID.aMain);
    cashier = await staff(STAFF.aCashier);
    manager = await staff(STAFF.aManager);
    owner = await staff(STAFF.aOwner);
    otherBrand = await staff(STAFF.bManager);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('texts a pickup order ready in the diner’s language, once, and the relay hands it to Taqnyat', async () => {
    const en = await diner(t, UUID.aMain, '0590000601', 'en');
    const ar = await diner(t, UUID.aMain, '0590000602', 'ar');
    // The sign-ins' verification codes go first.
    await t.app.smsRelay.drainOnce();
    const enOrder = await place(en, 2);
    const arOrder = await place(ar, 2);
    for (const order of [enOrder, arOrder]) {
      await move(order.id, 'sent_to_kitchen');
      // Nothing yet: only "ready" is texted.
      await move(order.id, 'ready');
    }
    expect(await texts('+966590000601')).toEqual([expect.objectContaining({ kind: 'order_ready', status: 'pending' })]);
    const [enText] = await texts('+966590000601');
    const [arText] = await texts('+966590000602');
    expect(enText?.body).toMatch(new RegExp(`^Brand A: your order ${enOrder.number} is ready for pickup at .+\\.$`));
    expect(arText?.body).toMatch(new RegExp(`: طلبك رقم ${arOrder.number} جاهز للاستلام من .+\\.$`));

    const before = fake.messages.length;
    expect(await t.app.smsRelay.drainOnce()).toMatchObject({ failed: 0 });
    const handed = fake.messages.slice(before);
    expect(handed.map((m) => m.recipients[0]).sort()).toEqual(['966590000601', '966590000602']);
    expect(handed.every((m) => m.auth === 'Bearer test-token' && m.sender === 'Sufra')).toBe(true);
    expect(await texts('+966590000601')).toEqual([expect.objectContaining({ status: 'sent', attempts: 1 })]);
    // Collected: no further text; a second relay pass sends nothing again.
    await move(enOrder.id, 'delivered');
    expect(await t.app.smsRelay.drainOnce()).toEqual({ sent: 0, failed: 0 });
    expect(fake.messages.length).toBe(before + 2);
  });

  it('writes one text per fact: the same order and kind queued again writes nothing', async () => {
    await diner(t, UUID.aMain, '0590000603');
    const [row] = await t.database.query<{ id: number; brand_id: number }>(
      "select id, brand_id from customers where phone = '+966590000603'",
    );
    if (!row) throw new Error('customer expected');
    const request = {
      brandId: row.brand_id,
      customerId: row.id,
      kind: 'order_en_route' as const,
      dedupeKey: 'order:424242:order_en_route',
      values: () => ({ brand: 'B', number: '7' }),
      now: new Date(clock),
    };
    expect(await t.database.db.transaction((tx) => queueDinerSms(tx, request))).toBe(true);
    expect(await t.database.db.transaction((tx) => queueDinerSms(tx, request))).toBe(false);
    expect(await texts('+966590000603')).toHaveLength(1);
  });

  it('texts a delivery on its way, and nothing for a dine-in ready or a delivery ready', async () => {
    const d = await diner(t, UUID.aMain, '0590000604', 'en');
    const res = await d.call('POST', `/api/customers/${UUID.aMain}/me/addresses/`, {
      title: 'Home',
      description: 'Street 1',
      location: { lat: 24.7, lng: 46.7 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const delivery = await place(d, 3, {
      addressId: (res.json() as { id: number }).id,
      // Above the zone's minimum.
      lines: [{ kind: 'product', itemId: ids.item('kabsa'), quantity: 2, modifiers: [ids.option('Size', 'Large')] }],
    });
    await move(delivery.id, 'sent_to_kitchen');
    await move(delivery.id, 'ready');
    await move(delivery.id, 'assigned');
    expect(await texts('+966590000604')).toEqual([]);
    await move(delivery.id, 'en_route');
    expect((await texts('+966590000604')).map((r) => [r.kind, r.body])).toEqual([
      ['order_en_route', `Brand A: your order ${delivery.number} is on its way.`],
    ]);

    const table = await diner(t, UUID.aMain, '0590000605', 'en');
    const dineIn = await place(table, 1, { tableNumber: '1', location: { lat: 24.7136, lng: 46.6753 } });
    await move(dineIn.id, 'sent_to_kitchen');
    await move(dineIn.id, 'ready');
    expect(await texts('+966590000605')).toEqual([]);
  });

  it('sends nothing to a diner who opted out, but still their verification codes', async () => {
    const d = await diner(t, UUID.aMain, '0590000606', 'en');
    const prefs = `/api/customers/${UUID.aMain}/me/sms-preferences/`;
    expect((await d.call('GET', prefs)).json()).toEqual({ smsOptOut: false });
    expect((await caller(t).call('PUT', prefs, { smsOptOut: true })).statusCode).toBe(401);
    expect((await d.call('PUT', prefs, { smsOptOut: 'yes' })).statusCode).toBe(400);
    const off = await d.call('PUT', prefs, { smsOptOut: true });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ smsOptOut: true });
    expect((await d.call('GET', prefs)).json()).toEqual({ smsOptOut: true });
    const order = await place(d, 2);
    await move(order.id, 'sent_to_kitchen');
    await move(order.id, 'ready');
    expect(await texts('+966590000606')).toEqual([]);
    const codes = () => t.database.query("select id from sms_outbox where to_phone = '+966590000606' and kind is null");
    const before = (await codes()).length;
    clock += 31_000; // past the gap between two codes to one number
    const otp = await caller(t).call('POST', `/api/auth/${UUID.aMain}/otp/`, { phone: { phone_number: '0590000606' } });
    expect(otp.statusCode, otp.body).toBe(202);
    expect((await codes()).length).toBe(before + 1);
  });

  describe('the brand’s templates (console)', () => {
    it('lists the three kinds with their defaults at version 0 for owners and managers, not cashiers', async () => {
      const list = await templates(manager);
      expect(list.map((x) => [x.kind, x.version, x.custom])).toEqual([
        ['order_ready', 0, false],
        ['order_en_route', 0, false],
        ['prize_code', 0, false],
      ]);
      expect(list[2]?.placeholders).toEqual({ allowed: ['brand', 'prize', 'code'], required: ['code'] });
      expect((await cashier.call('GET', '/api/staff/manage/notifications/templates/')).statusCode).toBe(403);
      expect((await caller(t).call('GET', '/api/staff/manage/notifications/templates/')).statusCode).toBe(401);
    });

    it('refuses unknown or missing placeholders (422, by field, nothing written), managers and cashiers (403)', async () => {
      const unknown = await saveTemplate(owner, 'order_ready', { ar: 'طلبك {number} {code}', en: 'Order {number}' }, 0);
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().error).toMatchObject({ code: 'sms_template_placeholder_unknown' });
      // The Arabic text is the wrong one, named by field and localized (the caller's language: English).
      expect(Object.keys(unknown.json().error.fields)).toEqual(['body.ar']);
      expect(unknown.json().error.fields['body.ar']).toMatch(/placeholder this message does not have/);
      const missing = await saveTemplate(owner, 'prize_code', { ar: 'جائزتك {prize}', en: 'Prize {prize}: {code}' }, 0);
      expect(missing.json().error).toMatchObject({ code: 'sms_template_placeholder_missing' });
      const brace = await saveTemplate(owner, 'order_en_route', { ar: '{number} }', en: '{number}' }, 0);
      expect(brace.json().error.code).toBe('sms_template_brace');
      const empty = await saveTemplate(owner, 'order_en_route', { ar: '  ', en: '{number}' }, 0);
      expect(empty.json().error.code).toBe('sms_template_length');
      const ok = { ar: 'طلب {number}', en: 'Order {number}' };
      expect((await saveTemplate(manager, 'order_ready', ok, 0)).statusCode).toBe(403);
      expect((await saveTemplate(cashier, 'order_ready', ok, 0)).statusCode).toBe(403);
      expect((await saveTemplate(owner, 'marketing', ok, 0)).statusCode).toBe(400);
      expect((await templates(owner)).every((x) => x.version === 0)).toBe(true);
      expect(await t.database.query("select 1 from audit_log where object_type = 'sms_template'")).toEqual([]);
    });

    it('saves at the version read with an audit row, refuses a stale save with both versions, and texts with it', async () => {
      const wording = { ar: '{brand}: الطلب {number} جاهز، تفضل', en: '{brand}: order {number} is waiting for you' };
      const saved = await saveTemplate(owner, 'order_ready', wording, 0);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(smsTemplate.parse(saved.json())).toMatchObject({ version: 1, custom: true, body: wording });
      const [audit] = await t.database.query<{ action: string; object_id: string; after: unknown }>(
        "select action, object_id, after from audit_log where object_type = 'sms_template'",
      );
      expect(audit).toMatchObject({ action: 'create', object_id: 'order_ready', after: { body: wording } });

      const stale = await saveTemplate(owner, 'order_ready', { ar: 'قديم {number}', en: 'Old {number}' }, 0);
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error).toMatchObject({
        code: 'edit_conflict',
        details: { theirs: { version: 1, body: wording }, yours: { version: 0 } },
      });
      // Another brand keeps the default wording.
      expect((await templates(otherBrand))[0]).toMatchObject({ version: 0, custom: false });

      const ar = await diner(t, UUID.aMain, '0590000608', 'ar');
      const order = await place(ar, 2);
      await move(order.id, 'sent_to_kitchen');
      await move(order.id, 'ready');
      const [text] = await texts('+966590000608');
      expect(text?.body).toMatch(new RegExp(`: الطلب ${order.number} جاهز، تفضل$`));
    });
  });

  // Last: it moves the clock on by the whole backoff.
  it('retries a refused send with backoff and keeps it visible as failed after the last attempt', async () => {
    const d = await diner(t, UUID.aMain, '0590000607', 'en');
    const order = await place(d, 2);
    await move(order.id, 'sent_to_kitchen');
    // What earlier tests left pending goes first.
    await t.app.smsRelay.drainOnce();
    fake.failures = Array.from({ length: SMS_MAX_ATTEMPTS }, () => 503);
    await move(order.id, 'ready');
    for (let attempt = 1; attempt <= SMS_MAX_ATTEMPTS; attempt += 1) {
      expect((await t.app.smsRelay.drainOnce()).failed, `attempt ${attempt}`).toBe(1);
      expect(await t.app.smsRelay.drainOnce(), 'not before its backoff').toEqual({ sent: 0, failed: 0 });
      clock += smsRetryDelayMs(attempt);
    }
    expect(await texts('+966590000607')).toEqual([
      expect.objectContaining({
        status: 'failed',
        attempts: SMS_MAX_ATTEMPTS,
        last_error: 'taqnyat answered 503: Failed',
      }),
    ]);
  });
});
