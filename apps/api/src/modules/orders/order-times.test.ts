import { manageBranch } from '@sufra/shared/schemas/branch-manage';
import { notificationListResponse } from '@sufra/shared/schemas/notifications';
import { type Order, orderSchema, staffOrderSchema } from '@sufra/shared/schemas/order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller, countRows } from '../../../test/accounts.ts';
import { STAFF, UUID } from '../../../test/fixture-brands.ts';
import { diner, type MenuIds, menuIds, placeOrder } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const MINUTE = 60_000;
const plus = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * MINUTE).toISOString();

/**
 * Order times (issue 28 item 3): the branch's preparation time and the zone's drive, the estimate the server counts
 * for every answer, the board's accept with a delay and decline with a reason, and the per-status times.
 */
describe('order times', () => {
  let t: TestApp;
  let ids: MenuIds;
  let a: Caller;
  let cashier: Caller;
  let manager: Caller;
  let otherBrand: Caller;
  let addressIn = 0;
  let aMain = 0;
  // A clock the tests move on, so status times and estimates are exact.
  let clock = Date.parse('2026-11-28T09:00:00Z');
  const tick = (minutes: number) => {
    clock += minutes * MINUTE;
  };

  const staff = async (who: { email: string; password: string }, language = 'en') => {
    const c = caller(t, { language });
    expect((await c.call('POST', '/api/staff/auth/login/', who)).statusCode).toBe(200);
    return c;
  };
  const move = (c: Caller, id: number, body: Record<string, unknown>) =>
    c.call('PATCH', `/api/staff/orders/${id}/status/`, body);
  const seen = async (id: number): Promise<Order> =>
    orderSchema.parse((await a.call('GET', `/api/orders/${UUID.aMain}/${id}/`)).json());
  const setPreparation = (base: number, perItem: number) =>
    t.database.query('update branches set prep_base_minutes = $2, prep_per_item_minutes = $3 where id = $1', [
      aMain,
      base,
      perItem,
    ]);
  const pickup = async (extra: Record<string, unknown> = {}) => {
    const res = await placeOrder(a, UUID.aMain, {
      orderType: 2,
      lines: [
        { kind: 'product', itemId: ids.item('kabsa'), quantity: 2, modifiers: [ids.option('Size', 'Large')] },
        { kind: 'product', itemId: ids.item('water'), quantity: 1 },
      ],
      paymentMethod: 'cash',
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return orderSchema.parse(res.json());
  };

  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date(clock) });
    const brand = t.seeded.get('test-brand-a');
    if (!brand) throw new Error('fixtures not seeded');
    aMain = brand.branchIds['a-main'] as number;
    ids = await menuIds(t, UUID.aMain);
    a = await diner(t, UUID.aMain, '0590000301');
    cashier = await staff(STAFF.aCashier);
    manager = await staff(STAFF.aManager);
    otherBrand = await staff(STAFF.bManager);
    const res = await a.call('POST', `/api/customers/${UUID.aMain}/me/addresses/`, {
      title: 'Home',
      description: 'Street 1',
      location: { lat: 24.7, lng: 46.7 },
    });
    expect(res.statusCode).toBe(201);
    addressIn = (res.json() as { id: number }).id;
  });
  afterAll(() => t.close());

  describe('the estimate at placement', () => {
    it("counts the branch's base plus its minutes per item, and ignores any figure the client sends", async () => {
      await setPreparation(10, 2);
      const order = await pickup({
        times: { prepMinutes: 1, estimate: { readyAt: '2000-01-01T00:00:00.000Z', arrivalAt: null } },
        prepMinutes: 1,
      });
      // kabsa × 2 and water × 1: 10 + 2 × 3.
      expect(order.times.prepMinutes).toBe(16);
      expect(order.times.estimate).toEqual({ readyAt: plus(order.createdAt, 16), arrivalAt: null });
      expect(order.times.statusTimes).toEqual({ pending: order.createdAt });
      // Read back, the server counts it again from what it stored.
      expect((await seen(order.id)).times.estimate?.readyAt).toBe(plus(order.createdAt, 16));
    });

    it("adds the delivery zone's minutes for the arrival, or the default 30 when the zone gives none", async () => {
      await setPreparation(15, 0);
      const place = async () => {
        const res = await placeOrder(a, UUID.aMain, {
          orderType: 3,
          addressId: addressIn,
          lines: [
            { kind: 'product', itemId: ids.item('kabsa'), quantity: 2, modifiers: [ids.option('Size', 'Large')] },
          ],
          paymentMethod: 'cash',
        });
        expect(res.statusCode, res.body).toBe(201);
        return orderSchema.parse(res.json());
      };
      const unset = await place();
      expect(unset.times).toMatchObject({ prepMinutes: 15, deliveryMinutes: 30 });
      expect(unset.times.estimate).toEqual({
        readyAt: plus(unset.createdAt, 15),
        arrivalAt: plus(unset.createdAt, 45),
      });
      await t.database.query('update delivery_zones set estimated_minutes = 40 where branch_id = $1', [aMain]);
      const zoned = await place();
      expect(zoned.times.deliveryMinutes).toBe(40);
      expect(zoned.times.estimate?.arrivalAt).toBe(plus(zoned.createdAt, 55));
    });

    it("never estimates a scheduled order ready before the diner's time", async () => {
      await setPreparation(10, 0);
      const receiveAt = new Date(clock + 90 * MINUTE).toISOString();
      const order = await pickup({ receiveAt });
      expect(order.times.estimate?.readyAt).toBe(receiveAt);
    });
  });

  describe('the board: accept with a delay', () => {
    it('moves the estimate to the acceptance plus the delay, for the diner, the board and the inbox', async () => {
      await setPreparation(10, 0);
      const order = await pickup();
      tick(1);
      const accepted = await move(cashier, order.id, { to: 'sent_to_kitchen', delayMinutes: 25 });
      expect(accepted.statusCode, accepted.body).toBe(200);
      const board = staffOrderSchema.parse(accepted.json());
      const acceptedAt = new Date(clock).toISOString();
      expect(board.times.acceptDelayMinutes).toBe(25);
      expect(board.times.statusTimes.sent_to_kitchen).toBe(acceptedAt);
      expect(board.times.estimate?.readyAt).toBe(plus(acceptedAt, 25));
      const diner = await seen(order.id);
      expect(diner.times.estimate?.readyAt).toBe(plus(acceptedAt, 25));
      const inbox = notificationListResponse.parse((await a.call('GET', `/api/notifications/${UUID.aMain}/`)).json());
      const notice = inbox.notifications.find((n) => n.orderId === order.id && n.params.status === 'sent_to_kitchen');
      expect(notice?.params).toMatchObject({ readyInMinutes: 25 });
    });

    it('records the time of every status, and gives the actual ready time, then no estimate once handed over', async () => {
      const order = await pickup();
      const times: Record<string, string> = { pending: order.createdAt };
      for (const to of ['sent_to_kitchen', 'ready', 'delivered']) {
        tick(1);
        times[to] = new Date(clock).toISOString();
        const res = await move(cashier, order.id, { to });
        expect(res.statusCode, res.body).toBe(200);
        if (to === 'ready') expect(staffOrderSchema.parse(res.json()).times.estimate?.readyAt).toBe(times.ready);
      }
      const done = await seen(order.id);
      expect(done.times.statusTimes).toEqual(times);
      expect(done.times.estimate).toBeNull();
    });

    it('refuses a delay out of bounds or on another move (400), and changes nothing', async () => {
      const order = await pickup();
      const outbox = await countRows(t, `order_outbox where order_id = ${order.id}`);
      for (const delayMinutes of [0, 241, 2.5, '20']) {
        const res = await move(cashier, order.id, { to: 'sent_to_kitchen', delayMinutes });
        expect(res.statusCode, String(delayMinutes)).toBe(400);
      }
      const misplaced = await move(cashier, order.id, { to: 'canceled', reason: 'x', delayMinutes: 20 });
      expect(misplaced.statusCode).toBe(400);
      expect(misplaced.json().error.code).toBe('validation_failed');
      expect(Object.keys(misplaced.json().error.fields)).toEqual(['delayMinutes']);
      const after = await seen(order.id);
      expect(after.status).toBe('pending');
      expect(after.times.acceptDelayMinutes).toBeNull();
      expect(await countRows(t, `order_outbox where order_id = ${order.id}`)).toBe(outbox);
    });
  });

  describe('the board: decline with a reason from the list', () => {
    it('cancels with the reason, which the diner reads on the order and in the inbox', async () => {
      const order = await pickup();
      tick(1);
      const res = await move(manager, order.id, { to: 'canceled', declineReason: 'too_busy' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'canceled', declineReason: 'too_busy', cancelReason: null });
      const diner = await seen(order.id);
      expect(diner.declineReason).toBe('too_busy');
      expect(diner.times.statusTimes.canceled).toBe(new Date(clock).toISOString());
      expect(diner.times.estimate).toBeNull();
      const inbox = notificationListResponse.parse((await a.call('GET', `/api/notifications/${UUID.aMain}/`)).json());
      const notice = inbox.notifications.find((n) => n.orderId === order.id && n.params.status === 'canceled');
      expect(notice?.params).toMatchObject({ declineReason: 'too_busy' });
    });

    it('refuses a reason not on the list, or on a move that is not a cancel, and changes nothing', async () => {
      const order = await pickup();
      expect((await move(cashier, order.id, { to: 'canceled', declineReason: 'bored' })).statusCode).toBe(400);
      const misplaced = await move(cashier, order.id, { to: 'sent_to_kitchen', declineReason: 'too_busy' });
      expect(misplaced.statusCode).toBe(400);
      expect(Object.keys(misplaced.json().error.fields)).toEqual(['declineReason']);
      const bare = await move(cashier, order.id, { to: 'canceled' });
      expect(bare.json().error.code).toBe('cancel_reason_required');
      const after = await seen(order.id);
      expect(after).toMatchObject({ status: 'pending', declineReason: null });
      // The database holds the list too.
      await expect(
        t.database.query("update orders set decline_reason = 'bored' where id = $1", [order.id]),
      ).rejects.toThrow(/orders_decline_reason_check/);
    });

    it("refuses another brand's staff by id (404) and a diner (401)", async () => {
      const order = await pickup();
      const other = await move(otherBrand, order.id, { to: 'canceled', declineReason: 'too_busy' });
      expect(other.statusCode).toBe(404);
      expect((await move(a, order.id, { to: 'sent_to_kitchen', delayMinutes: 20 })).statusCode).toBe(401);
      expect((await seen(order.id)).status).toBe('pending');
    });
  });

  describe('the console: preparation time on the branches page', () => {
    const url = () => `/api/staff/manage/branches/${aMain}/`;
    const read = async (c: Caller) => manageBranch.parse((await c.call('GET', url())).json());
    const bodyOf = (b: ReturnType<typeof manageBranch.parse>) => {
      const { id: _i, brandId: _b, isMain: _m, status: _s, zones: _z, ...body } = b;
      return body;
    };

    it('saves it with an audit row and a new version; the next order counts it', async () => {
      const before = await read(manager);
      const res = await manager.call('PUT', url(), {
        ...bodyOf(before),
        preparation: { baseMinutes: 20, perItemMinutes: 3 },
      });
      expect(res.statusCode, res.body).toBe(200);
      const saved = manageBranch.parse(res.json());
      expect(saved.preparation).toEqual({ baseMinutes: 20, perItemMinutes: 3 });
      expect(saved.version).toBe(before.version + 1);
      const [audit] = await t.database.query<{ before: { preparation: unknown }; after: { preparation: unknown } }>(
        "select before, after from audit_log where object_type = 'branch' and object_id = $1 order by id desc limit 1",
        [String(aMain)],
      );
      expect(audit?.before.preparation).toEqual(before.preparation);
      expect(audit?.after.preparation).toEqual({ baseMinutes: 20, perItemMinutes: 3 });
      // The diner's branch list carries it for the checkout's estimate, and placement counts it: 20 + 3 × 3.
      const branches = (await a.call('GET', `/api/branch/list-qr/${saved.brandId}/`)).json() as {
        branches: { id: number; preparation?: unknown }[];
      };
      expect(branches.branches.find((b) => b.id === aMain)?.preparation).toEqual({
        baseMinutes: 20,
        perItemMinutes: 3,
      });
      expect((await pickup()).times.prepMinutes).toBe(29);
    });

    it('keeps it when a client leaves it out; refuses out of bounds (400), a stale version (409), a cashier (403)', async () => {
      const before = await read(manager);
      const { preparation: _p, ...withoutPreparation } = bodyOf(before);
      const kept = await manager.call('PUT', url(), withoutPreparation);
      expect(kept.statusCode, kept.body).toBe(200);
      expect(manageBranch.parse(kept.json()).preparation).toEqual(before.preparation);
      for (const preparation of [
        { baseMinutes: 241, perItemMinutes: 1 },
        { baseMinutes: 10, perItemMinutes: 31 },
        { baseMinutes: -1, perItemMinutes: 1 },
      ]) {
        const res = await manager.call('PUT', url(), { ...bodyOf(before), version: before.version + 1, preparation });
        expect(res.statusCode).toBe(400);
      }
      const stale = await manager.call('PUT', url(), {
        ...bodyOf(before),
        preparation: { baseMinutes: 5, perItemMinutes: 0 },
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error.code).toBe('branch_version_conflict');
      expect((await cashier.call('PUT', url(), bodyOf(await read(manager)))).statusCode).toBe(403);
      expect((await read(manager)).preparation).toEqual(before.preparation);
    });
  });
});
