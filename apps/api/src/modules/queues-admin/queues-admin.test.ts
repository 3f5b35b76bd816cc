import { caughtMailListSchema } from '@sufra/shared/schemas/email';
import { queueFailuresResponse, queueItemMoved, queuesOverview } from '@sufra/shared/schemas/queues';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../../test/accounts.ts';
import { startFakeTwilio } from '../../../test/fake-twilio.ts';
import { STAFF, UUID } from '../../../test/fixture-brands.ts';
import { diner, menuIds, placeOrder } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { SMS_MAX_ATTEMPTS } from '../../providers/sms/sms-relay.ts';

/**
 * The owner's queues page (issue 28 item 2) through the real app, on PGlite and PostgreSQL: each outbox's counts for
 * the brand only, the failing and dead rows a page at a time, a dead SMS retried and sent exactly once, a dead e-mail
 * retried into the catcher, discards, the Foodics dead letters through its service, every move audited, and owners
 * only (managers and cashiers 403, another brand's rows 404).
 */
describe('queues admin', () => {
  let t: TestApp;
  let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
  let clock = new Date();
  let owner: Caller;
  let brandA = 0;
  let brandB = 0;
  let branchA = 0;
  let orderId = 0;

  const later = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  const overview = async () => {
    const res = await owner.call('GET', '/api/staff/manage/queues/');
    expect(res.statusCode, res.body).toBe(200);
    const body = queuesOverview.parse(res.json());
    return Object.fromEntries(body.queues.map((q) => [q.queue, q]));
  };
  const failures = async (queue: string, query = '') => {
    const res = await owner.call('GET', `/api/staff/manage/queues/${queue}/failures/${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return queueFailuresResponse.parse(res.json());
  };
  const sms = async (
    brandId: number,
    status: 'pending' | 'failed',
    extra: { attempts?: number; error?: string } = {},
  ) => {
    const [row] = await t.database.query<{ id: number }>(
      `insert into sms_outbox (brand_id, to_phone, body, status, attempts, next_attempt_at, last_error, kind, created_at)
       values ($1, '+966501234567', 'Your order is ready', $2, $3, $4, $5, 'order_ready', $4) returning id`,
      [brandId, status, extra.attempts ?? 0, clock.toISOString(), extra.error ?? null],
    );
    if (!row) throw new Error('no sms');
    return row.id;
  };
  const smsRow = async (id: number) =>
    (
      await t.database.query<{ status: string; attempts: number; last_error: string | null }>(
        'select status, attempts, last_error from sms_outbox where id = $1',
        [id],
      )
    )[0];
  const audits = async (objectType: string, objectId: number) =>
    (
      await t.database.query<{ n: number }>(
        'select count(*)::int as n from audit_log where object_type = $1 and object_id = $2',
        [objectType, String(objectId)],
      )
    )[0]?.n;

  beforeAll(async () => {
    twilio = await startFakeTwilio();
    t = await createTestApp({
      now: () => clock,
      env: {
        KITCHEN_RELAY_INTERVAL_MS: '0',
        // The local mail catcher; the mail relay runs only when a test drains it.
        MAIL_CATCHER: 'true',
        MAIL_CATCHER_PORT: '0',
        MAIL_RELAY_INTERVAL_MS: '0',
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: 'ACtest',
        TWILIO_AUTH_TOKEN: 'token',
        TWILIO_FROM: '+15005550006',
        TWILIO_API_URL: twilio.url,
      },
    });
    brandA = t.seeded.get('test-brand-a')?.brandId ?? 0;
    brandB = t.seeded.get('test-brand-b')?.brandId ?? 0;
    branchA = t.seeded.get('test-brand-a')?.branchIds['a-main'] ?? 0;
    const ids = await menuIds(t, UUID.aMain);
    const a = await diner(t, UUID.aMain, '0501234598');
    const res = await placeOrder(a, UUID.aMain, {
      orderType: 2,
      paymentMethod: 'cash',
      lines: [{ kind: 'product', itemId: ids.item('water'), quantity: 1 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    orderId = (res.json() as { id: number }).id;
    await t.app.kitchenRelay.drainOnce();
    // The placement's texts and e-mails, if any, out of the way: each test writes its own rows.
    await t.database.query(`update sms_outbox set status = 'sent' where status = 'pending'`);
    await t.database.query(`update mail_outbox set status = 'sent' where status = 'pending'`);
  });
  afterAll(async () => {
    await t?.close();
    await twilio?.close();
  });
  /** The owner signed in afresh: the tests move the clock past the access token's life. */
  const signIn = async () => {
    owner = caller(t);
    expect((await owner.call('POST', '/api/staff/auth/login/', STAFF.aOwner)).statusCode).toBe(200);
  };
  beforeEach(async () => {
    later(60 * 60_000);
    await signIn();
    twilio.failures = 0;
    // Each test starts from an empty view: rows of earlier tests settled.
    await t.database.query(`update sms_outbox set status = 'sent' where status in ('pending', 'failed')`);
    await t.database.query(`update mail_outbox set status = 'sent' where status in ('pending', 'failed')`);
  });

  it('refuses managers and cashiers (403) and the signed-out (401) on every route', async () => {
    const id = await sms(brandA, 'failed', { attempts: SMS_MAX_ATTEMPTS, error: 'down' });
    const routes: [string, string][] = [
      ['GET', '/api/staff/manage/queues/'],
      ['GET', '/api/staff/manage/queues/sms/failures/'],
      ['POST', `/api/staff/manage/queues/sms/${id}/retry/`],
      ['POST', `/api/staff/manage/queues/sms/${id}/discard/`],
    ];
    for (const who of [STAFF.aManager, STAFF.aCashier]) {
      const c = caller(t);
      expect((await c.call('POST', '/api/staff/auth/login/', who)).statusCode).toBe(200);
      for (const [method, url] of routes) {
        const res = await c.call(method, url);
        expect(res.statusCode, `${who.email} ${method} ${url}`).toBe(403);
      }
    }
    for (const [method, url] of routes) expect((await caller(t).call(method, url)).statusCode).toBe(401);
    expect((await smsRow(id))?.status).toBe('failed');
  });

  it("counts each queue's queued, retrying and dead rows of the brand only", async () => {
    await sms(brandA, 'pending');
    await sms(brandA, 'pending', { attempts: 2, error: 'timeout' });
    await sms(brandA, 'failed', { attempts: SMS_MAX_ATTEMPTS, error: 'down' });
    await sms(brandA, 'failed', { attempts: SMS_MAX_ATTEMPTS, error: 'down' });
    await sms(brandB, 'failed', { attempts: SMS_MAX_ATTEMPTS, error: 'down' });
    await sms(brandB, 'pending');
    await t.database.query(
      `insert into mail_outbox (brand_id, kind, to_email, language, subject, text_body, html_body, status, attempts,
         next_attempt_at, last_error, created_at)
       values ($1, 'staff_invitation', 'a@example.test', 'en', 's', 't', '<p>t</p>', 'failed', 8, $2, 'refused', $2),
              ($3, 'staff_invitation', 'b@example.test', 'en', 's', 't', '<p>t</p>', 'failed', 8, $2, 'refused', $2)`,
      [brandA, clock.toISOString(), brandB],
    );
    await t.database.query(
      `update order_outbox set delivered_at = null, last_error = 'POS down', attempts = 3, next_attempt_at = $2
       where order_id = $1`,
      [orderId, new Date(clock.getTime() + 60_000).toISOString()],
    );
    const q = await overview();
    expect(q.sms).toMatchObject({ queued: 1, retrying: 1, dead: 2, maxAttempts: SMS_MAX_ATTEMPTS });
    expect(q.sms?.oldestWaitingAt).toBe(clock.toISOString());
    expect(q.mail).toMatchObject({ queued: 0, retrying: 0, dead: 1 });
    expect(q.kitchen).toMatchObject({ queued: 0, retrying: 1, dead: 0, maxAttempts: null });
    expect(q.refunds).toMatchObject({ queued: 0, retrying: 0, dead: 0, maxAttempts: null });
    expect(q.foodics).toMatchObject({ queued: 0, retrying: 0, dead: 0 });

    const kitchen = await failures('kitchen');
    expect(kitchen.failures).toEqual([
      expect.objectContaining({ orderId, state: 'retrying', lastError: 'POS down', attempts: 3, kind: 'order_placed' }),
    ]);
    await t.database.query(`update order_outbox set delivered_at = now(), last_error = null where order_id = $1`, [
      orderId,
    ]);
  });

  it('lists failing and dead rows newest first, a page at a time, filtered by state', async () => {
    const retrying = await sms(brandA, 'pending', { attempts: 1, error: 'timeout' });
    const dead1 = await sms(brandA, 'failed', { attempts: SMS_MAX_ATTEMPTS, error: 'down 1' });
    const dead2 = await sms(brandA, 'failed', { attempts: SMS_MAX_ATTEMPTS, error: 'down 2' });
    await sms(brandB, 'failed', { attempts: SMS_MAX_ATTEMPTS, error: 'other brand' });
    await sms(brandA, 'pending');

    const first = await failures('sms', '?limit=2');
    expect(first.failures.map((f) => f.id)).toEqual([dead2, dead1]);
    expect(first.failures[0]).toMatchObject({
      state: 'dead',
      kind: 'order_ready',
      to: '+966501234567',
      attempts: SMS_MAX_ATTEMPTS,
      lastError: 'down 2',
      nextAttemptAt: null,
    });
    expect(first.nextBefore).toBe(dead1);
    const second = await failures('sms', `?limit=2&before=${first.nextBefore}`);
    expect(second.failures.map((f) => [f.id, f.state])).toEqual([[retrying, 'retrying']]);
    expect(second.failures[0]?.nextAttemptAt).toBe(clock.toISOString());
    expect(second.nextBefore).toBeNull();
    expect((await failures('sms', '?state=dead')).failures.map((f) => f.id)).toEqual([dead2, dead1]);
    expect((await failures('sms', '?state=retrying')).failures.map((f) => f.id)).toEqual([retrying]);
    expect((await owner.call('GET', '/api/staff/manage/queues/sms/failures/?limit=0')).statusCode).toBe(400);
    expect((await owner.call('GET', '/api/staff/manage/queues/fax/failures/')).statusCode).toBe(400);
  });

  it('a dead SMS retried goes back to the relay and is sent exactly once; a second retry is refused', async () => {
    const id = await sms(brandA, 'pending');
    twilio.failures = SMS_MAX_ATTEMPTS;
    for (let i = 0; i < SMS_MAX_ATTEMPTS; i++) {
      await t.app.smsRelay.drainOnce();
      later(60 * 60_000);
    }
    expect(await smsRow(id)).toMatchObject({ status: 'failed', attempts: SMS_MAX_ATTEMPTS });
    await signIn();
    expect((await overview()).sms?.dead).toBe(1);
    const sentBefore = twilio.requests;

    const res = await owner.call('POST', `/api/staff/manage/queues/sms/${id}/retry/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(queueItemMoved.parse(res.json())).toEqual({ id, queue: 'sms', state: 'queued' });
    expect(await smsRow(id)).toMatchObject({ status: 'pending', last_error: null });
    expect(await audits('sms_message', id)).toBe(1);
    const again = await owner.call('POST', `/api/staff/manage/queues/sms/${id}/retry/`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'queue_item_not_dead' } });

    expect(await t.app.smsRelay.drainOnce()).toEqual({ sent: 1, failed: 0 });
    expect(await t.app.smsRelay.drainOnce()).toEqual({ sent: 0, failed: 0 });
    expect(twilio.requests - sentBefore).toBe(1);
    expect((await smsRow(id))?.status).toBe('sent');
    expect((await owner.call('POST', `/api/staff/manage/queues/sms/${id}/retry/`)).statusCode).toBe(409);
    expect((await owner.call('POST', `/api/staff/manage/queues/sms/${id}/discard/`)).statusCode).toBe(409);
    expect(await audits('sms_message', id)).toBe(1);
  });

  it('a dead e-mail retried reaches the mail catcher once', async () => {
    const [row] = await t.database.query<{ id: number }>(
      `insert into mail_outbox (brand_id, kind, to_email, language, subject, text_body, html_body, status, attempts,
         next_attempt_at, last_error, created_at)
       values ($1, 'staff_invitation', 'retry-me@example.test', 'en', 'Your invitation', 'Hello', '<p>Hello</p>',
         'failed', 8, $2, 'connection refused', $2) returning id`,
      [brandA, clock.toISOString()],
    );
    const id = row?.id ?? 0;
    const caught = async () =>
      caughtMailListSchema
        .parse((await caller(t).call('GET', '/api/dev/mail')).json())
        .messages.filter((m) => m.to.includes('retry-me@example.test'));
    expect((await failures('mail')).failures).toEqual([
      expect.objectContaining({ id, state: 'dead', kind: 'staff_invitation', lastError: 'connection refused' }),
    ]);
    expect((await owner.call('POST', `/api/staff/manage/queues/mail/${id}/retry/`)).statusCode).toBe(200);
    await t.app.mailRelay.drainOnce();
    await t.app.mailRelay.drainOnce();
    expect(await caught()).toHaveLength(1);
    expect(await audits('mail_message', id)).toBe(1);
  });

  it('discards a dead or failing message (never sent after), but not a waiting or sent one', async () => {
    const dead = await sms(brandA, 'failed', { attempts: SMS_MAX_ATTEMPTS, error: 'down' });
    const failing = await sms(brandA, 'pending', { attempts: 1, error: 'timeout' });
    const waiting = await sms(brandA, 'pending');
    for (const id of [dead, failing]) {
      const res = await owner.call('POST', `/api/staff/manage/queues/sms/${id}/discard/`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ id, queue: 'sms', state: 'discarded' });
      expect((await smsRow(id))?.status).toBe('discarded');
      expect(await audits('sms_message', id)).toBe(1);
    }
    const refused = await owner.call('POST', `/api/staff/manage/queues/sms/${waiting}/discard/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'queue_item_not_discardable' } });
    const requests = twilio.requests;
    expect(await t.app.smsRelay.drainOnce()).toEqual({ sent: 1, failed: 0 });
    expect(twilio.requests - requests).toBe(1);
    expect((await smsRow(failing))?.status).toBe('discarded');
    expect((await overview()).sms).toMatchObject({ queued: 0, retrying: 0, dead: 0 });
  });

  it('a discarded message still reads as not sent where diners and managers see it', async () => {
    const text = await sms(brandA, 'failed', { attempts: SMS_MAX_ATTEMPTS, error: 'down' });
    const [mail] = await t.database.query<{ id: number }>(
      `insert into mail_outbox (brand_id, kind, to_email, language, order_id, status, attempts, next_attempt_at,
         last_error, created_at)
       values ($1, 'receipt', 'diner@example.test', 'en', $2, 'failed', 8, $3, 'mailbox full', $3) returning id`,
      [brandA, orderId, clock.toISOString()],
    );
    expect((await owner.call('POST', `/api/staff/manage/queues/sms/${text}/discard/`)).statusCode).toBe(200);
    expect((await owner.call('POST', `/api/staff/manage/queues/mail/${mail?.id}/discard/`)).statusCode).toBe(200);
    const dinerA = await diner(t, UUID.aMain, '0501234598');
    const receipt = await dinerA.call('GET', `/api/orders/${UUID.aMain}/${orderId}/receipt/`);
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.json()).toMatchObject({ email: { latest: { status: 'failed' } } });
    const manager = caller(t);
    expect((await manager.call('POST', '/api/staff/auth/login/', STAFF.aManager)).statusCode).toBe(200);
    const outbox = await manager.call('GET', '/api/staff/sms-outbox/');
    expect(outbox.statusCode, outbox.body).toBe(200);
    const listed = (outbox.json() as { messages: { id: number; status: string }[] }).messages.find(
      (m) => m.id === text,
    );
    expect(listed?.status).toBe('failed');
  });

  it("refuses another brand's rows by id (404) and leaves them as they were", async () => {
    const theirs = await sms(brandB, 'failed', { attempts: SMS_MAX_ATTEMPTS, error: 'down' });
    for (const action of ['retry', 'discard']) {
      const res = await owner.call('POST', `/api/staff/manage/queues/sms/${theirs}/${action}/`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'queue_item_not_found' } });
    }
    expect((await smsRow(theirs))?.status).toBe('failed');
    expect((await failures('sms')).failures.map((f) => f.id)).not.toContain(theirs);
    expect((await owner.call('POST', '/api/staff/manage/queues/sms/2147483647/retry/')).statusCode).toBe(404);
  });

  it('a kitchen hand-off failing for long is shown as a failure; its next try brought forward once, never dropped', async () => {
    const [kitchen] = await t.database.query<{ id: number }>('select id from order_outbox where order_id = $1', [
      orderId,
    ]);
    const id = kitchen?.id ?? 0;
    const nextTry = new Date(clock.getTime() + 5 * 60_000);
    // Failing for 20 minutes (past LONG_RETRYING_AFTER_MS), its next try in 5.
    await t.database.query(
      `update order_outbox set delivered_at = null, last_error = 'POS down', attempts = 9, next_attempt_at = $2,
         created_at = $3 where id = $1`,
      [id, nextTry.toISOString(), new Date(clock.getTime() - 20 * 60_000).toISOString()],
    );
    expect((await overview()).kitchen).toMatchObject({ retrying: 1, longRetrying: 1, maxAttempts: null });
    const long = await failures('kitchen', '?state=long_retrying');
    expect(long.failures).toEqual([expect.objectContaining({ id, state: 'retrying', longRetrying: true })]);

    expect((await owner.call('POST', `/api/staff/manage/queues/kitchen/${id}/discard/`)).statusCode).toBe(409);
    const res = await owner.call('POST', `/api/staff/manage/queues/kitchen/${id}/retry/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(queueItemMoved.parse(res.json())).toEqual({ id, queue: 'kitchen', state: 'queued' });
    const [row] = await t.database.query<{ next: Date; attempts: number }>(
      'select next_attempt_at as next, attempts from order_outbox where id = $1',
      [id],
    );
    expect(new Date(row?.next ?? 0).toISOString()).toBe(clock.toISOString());
    expect(row?.attempts).toBe(9);
    expect(await audits('kitchen_delivery', id)).toBe(1);
    // Due now: a second press moves nothing (409, not audited twice).
    const again = await owner.call('POST', `/api/staff/manage/queues/kitchen/${id}/retry/`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('queue_item_not_retrying');
    expect(await audits('kitchen_delivery', id)).toBe(1);
    // The relay takes it at once (not in 5 minutes): delivered.
    await t.app.kitchenRelay.drainOnce();
    const [done] = await t.database.query<{ delivered: Date | null }>(
      'select delivered_at as delivered from order_outbox where id = $1',
      [id],
    );
    expect(done?.delivered).not.toBeNull();
    expect((await overview()).kitchen).toMatchObject({ retrying: 0, longRetrying: 0 });
    // Delivered: nothing to bring forward.
    expect((await owner.call('POST', `/api/staff/manage/queues/kitchen/${id}/retry/`)).statusCode).toBe(409);
  });

  it('a failing refund tried now by the relay; not dropped; an unknown id 404', async () => {
    const [attempt] = await t.database.query<{ id: number }>(
      `insert into payment_attempts (order_id, provider, idempotency_key, status, amount_halalas)
       values ($1, 'test', 'queues-refund-1', 'paid', 500) returning id`,
      [orderId],
    );
    const [refund] = await t.database.query<{ id: number }>(
      `insert into payment_refunds (attempt_id, order_id, amount_halalas, reason, attempts, next_attempt_at, last_error,
         created_at)
       values ($1, $2, 500, 'order_canceled', 2, $3, 'provider down', $4) returning id`,
      [attempt?.id, orderId, new Date(clock.getTime() + 8 * 60_000).toISOString(), clock.toISOString()],
    );
    const id = refund?.id ?? 0;
    // Failing but written just now: retrying, not yet long-retrying.
    expect((await overview()).refunds).toMatchObject({ retrying: 1, longRetrying: 0 });
    expect((await failures('refunds', '?state=long_retrying')).failures).toEqual([]);
    expect((await failures('refunds')).failures).toEqual([
      expect.objectContaining({ id, state: 'retrying', longRetrying: false, amountHalalas: 500 }),
    ]);
    expect((await owner.call('POST', '/api/staff/manage/queues/refunds/2147483647/retry/')).statusCode).toBe(404);
    expect((await owner.call('POST', `/api/staff/manage/queues/refunds/${id}/discard/`)).statusCode).toBe(409);

    expect((await owner.call('POST', `/api/staff/manage/queues/refunds/${id}/retry/`)).statusCode).toBe(200);
    expect(await audits('payment_refund', id)).toBe(1);
    // The relay's next pass tries it (this attempt has no payment id: it fails again, a third try counted).
    await t.app.refundRelay.drainOnce();
    const [row] = await t.database.query<{ attempts: number; done: Date | null }>(
      'select attempts, done_at as done from payment_refunds where id = $1',
      [id],
    );
    expect(row).toEqual({ attempts: 3, done: null });
    await t.database.query('delete from payment_refunds where id = $1', [id]);
    await t.database.query('delete from payment_attempts where id = $1', [attempt?.id]);
  });

  it("Foodics' dead hand-offs: retried back into the queue, or discarded (handled), through its service", async () => {
    await t.database.query(
      `insert into foodics_orders (order_id, brand_id, branch_id, state, attempts, failures, last_error)
       values ($1, $2, $3, 'dead', 8, 8, 'Foodics 422: branch not found')`,
      [orderId, brandA, branchA],
    );
    expect((await overview()).foodics).toMatchObject({ dead: 1 });
    expect((await failures('foodics')).failures).toEqual([
      expect.objectContaining({ id: orderId, orderId, state: 'dead', lastError: 'Foodics 422: branch not found' }),
    ]);
    const retried = await owner.call('POST', `/api/staff/manage/queues/foodics/${orderId}/retry/`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect((await overview()).foodics).toMatchObject({ queued: 1, dead: 0 });
    expect((await owner.call('POST', `/api/staff/manage/queues/foodics/${orderId}/discard/`)).statusCode).toBe(409);
    await t.database.query(`update foodics_orders set state = 'dead' where order_id = $1`, [orderId]);
    const discarded = await owner.call('POST', `/api/staff/manage/queues/foodics/${orderId}/discard/`);
    expect(discarded.statusCode, discarded.body).toBe(200);
    const [state] = await t.database.query<{ state: string }>('select state from foodics_orders where order_id = $1', [
      orderId,
    ]);
    expect(state?.state).toBe('handled');
    expect(await audits('foodics_hand_off', orderId)).toBe(2);
    expect((await owner.call('POST', '/api/staff/manage/queues/foodics/2147483647/retry/')).statusCode).toBe(404);
  });

  it('names every kind of background work and how it runs, the ones without a queue too', async () => {
    const res = await owner.call('GET', '/api/staff/manage/queues/');
    const { kinds, queues, schedules } = queuesOverview.parse(res.json());
    const by = Object.fromEntries(kinds.map((k) => [k.kind, k]));
    expect(Object.keys(by).sort()).toEqual([
      'email',
      'expirySweeps',
      'inAppNotifications',
      'posHandOff',
      'refunds',
      'reportRollups',
      'sms',
      'webhooksOut',
    ]);
    expect(by.inAppNotifications).toMatchObject({ runs: 'in_transaction', queues: [] });
    expect(by.webhooksOut).toMatchObject({ runs: 'not_used', queues: [], schedules: [] });
    expect(by.posHandOff).toMatchObject({ runs: 'queue', queues: ['kitchen', 'foodics'] });
    expect(by.expirySweeps?.schedules).toEqual(['paymentExpiry', 'pointsExpiry']);
    // Every queue and loop a kind names is one the page lists.
    const listed = new Set([...queues.map((q) => q.queue), ...schedules.map((s) => s.name)]);
    for (const k of kinds) for (const name of [...k.queues, ...k.schedules]) expect(listed).toContain(name);
  });

  it('lists every timed loop with its interval and its last run', async () => {
    await t.app.smsRelay.drainOnce();
    const res = await owner.call('GET', '/api/staff/manage/queues/');
    const { schedules } = queuesOverview.parse(res.json());
    expect(schedules.map((s) => s.name)).toEqual(
      expect.arrayContaining(['sms', 'mail', 'refunds', 'kitchen', 'foodics', 'paymentExpiry', 'pointsExpiry']),
    );
    const smsLoop = schedules.find((s) => s.name === 'sms');
    expect(smsLoop).toMatchObject({ intervalMs: 0, state: 'idle', nextRunAt: null, lastError: null });
    expect(smsLoop?.lastRunAt).not.toBeNull();
  });
});
