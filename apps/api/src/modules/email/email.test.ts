import { caughtMailListSchema } from '@sufra/shared/schemas/email';
import { orderSchema } from '@sufra/shared/schemas/order';
import { receiptEmailSchema, receiptSchema } from '@sufra/shared/schemas/receipt';
import { staffInvitationResponse } from '@sufra/shared/schemas/staff-admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../../test/accounts.ts';
import { brandA, brandB, STAFF, UUID } from '../../../test/fixture-brands.ts';
import { diner, type MenuIds, menuIds, placeOrder } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { RECEIPT_EMAIL_GAP_MS } from '../receipts/receipt-email.service.ts';
import { MAIL_MAX_ATTEMPTS, mailRetryDelayMs } from './email.relay.ts';

/** The local catcher on a free port; the relay runs only when a test drains it. */
const CATCHER = { MAIL_CATCHER: 'true', MAIL_CATCHER_PORT: '0', MAIL_RELAY_INTERVAL_MS: '0' };

async function staffCaller(t: TestApp, who: { email: string; password: string }) {
  const c = caller(t);
  const res = await c.call('POST', '/api/staff/auth/login/', who);
  expect(res.statusCode, res.body).toBe(200);
  return c;
}

/** Issue 28 item 4 (e-mail receipts) and issue 26 item 9 (the invitation e-mail), through the local catcher. */
describe('e-mail: receipts and invitations through the outbox and the local catcher', () => {
  let t: TestApp;
  let ids: MenuIds;
  let cashier: Caller;
  let clock = new Date('2026-07-01T09:00:00Z');
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  let phones = 0;

  /** A signed-in diner with (or without) an e-mail address, in a language. */
  const dinerWith = async (email: string | null, language: 'ar' | 'en') => {
    phones += 1;
    const c = await diner(t, UUID.aMain, `05904100${String(phones).padStart(2, '0')}`, language);
    if (email) expect((await c.call('PATCH', `/api/customers/${UUID.aMain}/me/`, { email })).statusCode).toBe(200);
    return c;
  };
  const cashPickup = async (c: Caller) => {
    const res = await placeOrder(c, UUID.aMain, {
      orderType: 2,
      lines: [{ kind: 'product', itemId: ids.item('kabsa'), quantity: 2, modifiers: [ids.option('Size', 'Small')] }],
      paymentMethod: 'cash',
    });
    expect(res.statusCode, res.body).toBe(201);
    return orderSchema.parse(res.json());
  };
  const complete = async (id: number) => {
    // Signed in afresh: the retries below move the clock past a session's life.
    cashier = await staffCaller(t, STAFF.aCashier);
    for (const to of ['sent_to_kitchen', 'ready', 'delivered']) {
      const res = await cashier.call('PATCH', `/api/staff/orders/${id}/status/`, { to });
      expect(res.statusCode, res.body).toBe(200);
    }
  };
  const outbox = (orderId: number) =>
    t.database.query<{ status: string; attempts: number; last_error: string | null; to_email: string }>(
      'select status, attempts, last_error, to_email from mail_outbox where order_id = $1 order by id',
      [orderId],
    );
  const caught = async () => caughtMailListSchema.parse((await caller(t).call('GET', '/api/dev/mail')).json()).messages;
  const receiptOf = async (c: Caller, id: number) =>
    receiptSchema.parse((await c.call('GET', `/api/orders/${UUID.aMain}/${id}/receipt/`)).json());

  beforeAll(async () => {
    t = await createTestApp({ brands: [brandA, brandB], now: () => clock, env: CATCHER });
    ids = await menuIds(t, UUID.aMain);
    cashier = await staffCaller(t, STAFF.aCashier);
  });
  afterAll(() => t.close());

  it("e-mails the receipt once when the order is completed, in the diner's language, HTML and text, the QR inline", async () => {
    const c = await dinerWith('sara@example.sa', 'ar');
    const order = await cashPickup(c);
    await t.app.mailRelay.drainOnce();
    // Nothing before completion.
    expect(await outbox(order.id)).toEqual([]);
    await complete(order.id);
    expect(await outbox(order.id)).toMatchObject([{ status: 'pending', to_email: 'sara@example.sa' }]);
    expect(await t.app.mailRelay.drainOnce()).toEqual({ sent: 1, failed: 0 });
    expect(await t.app.mailRelay.drainOnce()).toEqual({ sent: 0, failed: 0 });
    const [mail] = await caught();
    expect(mail?.to).toEqual(['sara@example.sa']);
    expect(mail?.language).toBe('ar');
    expect(mail?.subject).toBe(`إيصال طلبك #${new Intl.NumberFormat('ar-SA').format(order.number)} من مطعم أ`);
    expect(mail?.text).toContain('فاتورة ضريبية مبسطة');
    expect(mail?.html).toContain('dir="rtl"');
    expect(mail?.html).toContain('src="cid:zatca-qr@sufra"');
    expect(mail?.text).toContain(`/receipt/${UUID.aMain}?order=${order.id}`);
    expect(mail?.attachments).toEqual([
      expect.objectContaining({ contentType: 'image/png', cid: 'zatca-qr@sufra', inline: true }),
    ]);
    expect(mail?.attachments[0]?.size).toBeGreaterThan(300);
    // The receipt says it went.
    expect((await receiptOf(c, order.id)).email).toMatchObject({
      availability: 'ready',
      latest: { status: 'sent' },
    });
  });

  it('never writes the automatic receipt twice for one order (the database refuses a second)', async () => {
    const c = await dinerWith('twice@example.sa', 'en');
    const order = await cashPickup(c);
    await complete(order.id);
    await expect(
      t.database.query(
        `insert into mail_outbox (brand_id, kind, to_email, language, order_id, dedupe_key, next_attempt_at, created_at)
         select brand_id, 'receipt', 'twice@example.sa', 'en', id, 'receipt:' || id, now(), now() from orders where id = $1`,
        [order.id],
      ),
    ).rejects.toThrow(/mail_outbox_dedupe_uq|duplicate key/);
    expect(await outbox(order.id)).toHaveLength(1);
    expect(await t.app.mailRelay.drainOnce()).toEqual({ sent: 1, failed: 0 });
  });

  it("writes no e-mail for a diner who gave no address, and the receipt says the spec's words", async () => {
    const c = await dinerWith(null, 'en');
    const order = await cashPickup(c);
    await complete(order.id);
    expect(await outbox(order.id)).toEqual([]);
    expect((await receiptOf(c, order.id)).email).toEqual({ availability: 'no_address', latest: null });
    const staff = receiptSchema.parse((await cashier.call('GET', `/api/staff/orders/${order.id}/receipt/`)).json());
    expect(staff.email.availability).toBe('no_address');
    const res = await c.call('POST', `/api/orders/${UUID.aMain}/${order.id}/receipt/email/`);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'receipt_email_no_address',
      message: "can't notify this customer by email",
    });
  });

  it('"Email me this receipt" e-mails it in English, then refuses again within minutes, and only for its owner', async () => {
    const c = await dinerWith('omar@example.sa', 'en');
    const order = await cashPickup(c);
    const url = `/api/orders/${UUID.aMain}/${order.id}/receipt/email/`;
    const res = await c.call('POST', url);
    expect(res.statusCode, res.body).toBe(202);
    expect(receiptEmailSchema.parse(res.json())).toMatchObject({
      availability: 'ready',
      latest: { status: 'pending' },
    });
    expect(await t.app.mailRelay.drainOnce()).toEqual({ sent: 1, failed: 0 });
    const [mail] = await caught();
    expect(mail?.to).toEqual(['omar@example.sa']);
    expect(mail?.subject).toBe(`Your Brand A receipt for order #${order.number}`);
    expect(mail?.language).toBe('en');
    expect(mail?.text).toMatch(/Total including VAT: SAR\s70\.00/);

    const again = await c.call('POST', url);
    expect(again.statusCode).toBe(429);
    expect(again.json().error.code).toBe('receipt_email_too_soon');
    advance(RECEIPT_EMAIL_GAP_MS);
    // Asked from the Arabic page: written in Arabic (the page's language, not the one stored at sign-in).
    expect((await c.call('POST', url, undefined, { 'accept-language': 'ar' })).statusCode).toBe(202);

    // Another diner's order: not found, nothing written.
    const other = await dinerWith('other@example.sa', 'en');
    expect((await other.call('POST', url)).statusCode).toBe(404);
    expect(await outbox(order.id)).toHaveLength(2);
    // Another brand's QR code: the order is not found there either.
    expect((await c.call('POST', `/api/orders/${UUID.bMain}/${order.id}/receipt/email/`)).statusCode).toBe(401);
    expect(await t.app.mailRelay.drainOnce()).toEqual({ sent: 1, failed: 0 });
    const [arabic] = await caught();
    expect(arabic?.language).toBe('ar');
    expect(arabic?.subject).toMatch(/^إيصال طلبك/);
  });

  it('retries a failing SMTP server with backoff, then sends; gives up after the last attempt and shows it failed', async () => {
    const c = await dinerWith('retry@example.sa', 'en');
    const order = await cashPickup(c);
    t.app.mailCatcher?.refuseNext(2);
    await complete(order.id);
    expect(await t.app.mailRelay.drainOnce()).toEqual({ sent: 0, failed: 1 });
    const [first] = await outbox(order.id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1 });
    expect(first?.last_error).toMatch(/451/);
    // Not due yet.
    expect(await t.app.mailRelay.drainOnce()).toEqual({ sent: 0, failed: 0 });
    advance(mailRetryDelayMs(1));
    expect(await t.app.mailRelay.drainOnce()).toEqual({ sent: 0, failed: 1 });
    advance(mailRetryDelayMs(2));
    expect(await t.app.mailRelay.drainOnce()).toEqual({ sent: 1, failed: 0 });
    expect(await outbox(order.id)).toMatchObject([{ status: 'sent', attempts: 3, last_error: null }]);

    const doomed = await cashPickup(c);
    t.app.mailCatcher?.refuseNext(MAIL_MAX_ATTEMPTS);
    await complete(doomed.id);
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt += 1) {
      expect((await t.app.mailRelay.drainOnce()).failed, `attempt ${attempt}`).toBe(1);
      advance(mailRetryDelayMs(attempt));
    }
    expect(await outbox(doomed.id)).toMatchObject([{ status: 'failed', attempts: MAIL_MAX_ATTEMPTS }]);
    expect(await t.app.mailRelay.drainOnce()).toEqual({ sent: 0, failed: 0 });
    // Staff see it failed on the order's receipt.
    const staff = await staffCaller(t, STAFF.aCashier);
    const receipt = receiptSchema.parse((await staff.call('GET', `/api/staff/orders/${doomed.id}/receipt/`)).json());
    expect(receipt.email.latest?.status).toBe('failed');
  });

  it("e-mails a staff invitation in the brand's language whose link sets the password and signs in", async () => {
    const owner = await staffCaller(t, STAFF.aOwner);
    const branchId = (
      await t.database.query<{ id: number }>(
        'select b.id from branches b join qr_codes q on q.branch_id = b.id where q.uuid = $1',
        [UUID.aMain],
      )
    )[0]?.id;
    const res = await owner.call('POST', '/api/staff/manage/staff/', {
      email: 'New.Cashier@Example.sa',
      name: 'Huda',
      role: 'cashier',
      branchIds: [branchId],
    });
    expect(res.statusCode, res.body).toBe(201);
    const invitation = staffInvitationResponse.parse(res.json());
    expect(invitation.emailedTo).toBe('new.cashier@example.sa');
    expect(await t.app.mailRelay.drainOnce()).toEqual({ sent: 1, failed: 0 });
    const [mail] = await caught();
    expect(mail?.to).toEqual(['new.cashier@example.sa']);
    const [brand] = await t.database.query<{ default_language: string }>(
      "select default_language from brands where slug = 'test-brand-a'",
    );
    expect(mail?.language).toBe(brand?.default_language);
    const link = /https?:\/\/\S+\/staff\/invitation#([\w-]+)/.exec(mail?.text ?? '');
    expect(link?.[0]).toBe(invitation.link);
    expect(mail?.html).toContain(`href="${invitation.link}"`);
    // The one-time link is not kept in the outbox once sent.
    const [kept] = await t.database.query<{ text_body: string | null; html_body: string | null }>(
      "select text_body, html_body from mail_outbox where kind = 'staff_invitation' order by id desc limit 1",
    );
    expect(kept).toEqual({ text_body: null, html_body: null });

    const accepted = await caller(t).call('POST', '/api/staff/invitations/accept/', {
      token: link?.[1],
      password: 'a-new-password-1',
    });
    expect(accepted.statusCode, accepted.body).toBe(204);
    const signIn = await caller(t).call('POST', '/api/staff/auth/login/', {
      email: 'new.cashier@example.sa',
      password: 'a-new-password-1',
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
  });
});

describe('the local catcher', () => {
  it('takes any free port when its own is taken (two servers on one machine both start)', async () => {
    const first = await createTestApp({ brands: [brandB], env: CATCHER });
    try {
      const taken = String(first.app.mailCatcher?.port());
      const second = await createTestApp({ brands: [brandB], env: { ...CATCHER, MAIL_CATCHER_PORT: taken } });
      try {
        expect(second.app.mailCatcher?.port()).toBeGreaterThan(0);
        expect(String(second.app.mailCatcher?.port())).not.toBe(taken);
      } finally {
        await second.close();
      }
    } finally {
      await first.close();
    }
  });
});

describe('e-mail off (production without SMTP): nothing is written, and the answers say so', () => {
  let t: TestApp;
  let ids: MenuIds;
  beforeAll(async () => {
    t = await createTestApp({ brands: [brandA, brandB] });
    ids = await menuIds(t, UUID.aMain);
  });
  afterAll(() => t.close());

  it('runs no catcher, queues no receipt, and refuses "Email me this receipt" with its reason', async () => {
    expect(t.app.mailCatcher).toBeNull();
    expect((await caller(t).call('GET', '/api/dev/mail')).statusCode).toBe(404);
    const c = await diner(t, UUID.aMain, '0590410201');
    expect((await c.call('PATCH', `/api/customers/${UUID.aMain}/me/`, { email: 'x@example.sa' })).statusCode).toBe(200);
    const placed = await placeOrder(c, UUID.aMain, {
      orderType: 2,
      lines: [{ kind: 'product', itemId: ids.item('kabsa'), quantity: 1, modifiers: [ids.option('Size', 'Small')] }],
      paymentMethod: 'cash',
    });
    const order = orderSchema.parse(placed.json());
    const cashier = await staffCaller(t, STAFF.aCashier);
    for (const to of ['sent_to_kitchen', 'ready', 'delivered'])
      await cashier.call('PATCH', `/api/staff/orders/${order.id}/status/`, { to });
    const receipt = receiptSchema.parse((await c.call('GET', `/api/orders/${UUID.aMain}/${order.id}/receipt/`)).json());
    expect(receipt.email).toEqual({ availability: 'off', latest: null });
    const res = await c.call('POST', `/api/orders/${UUID.aMain}/${order.id}/receipt/email/`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('mail_off');
    expect(await t.database.query('select id from mail_outbox')).toEqual([]);
  });

  it('hands the invitation link to the owner and e-mails nothing', async () => {
    const owner = await staffCaller(t, STAFF.aOwner);
    const [branch] = await t.database.query<{ id: number }>('select branch_id as id from qr_codes where uuid = $1', [
      UUID.aMain,
    ]);
    const res = await owner.call('POST', '/api/staff/manage/staff/', {
      email: 'handover@example.sa',
      name: 'Fahad',
      role: 'cashier',
      branchIds: [branch?.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(staffInvitationResponse.parse(res.json())).toMatchObject({ emailedTo: null });
    expect(res.json().link).toMatch(/\/staff\/invitation#/);
    expect(await t.database.query('select id from mail_outbox')).toEqual([]);
  });
});
