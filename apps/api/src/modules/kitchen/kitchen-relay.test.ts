import { orderSchema } from '@sufra/shared/schemas/order';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Caller, caller } from '../../../test/accounts.ts';
import { EVENTUALLY } from '../../../test/eventually.ts';
import { STAFF, UUID } from '../../../test/fixture-brands.ts';
import { diner, menuIds, placeOrder, setBranchSwitch } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { LIVE_CHANNEL, type LiveNotice, parseLiveNotice } from '../../core/live-notices.repo.ts';
import { claimDueOutbox, markOutboxDelivered } from '../../core/order-outbox.repo.ts';
import { RELAY_LEASE_MS } from '../../lib/relay.ts';
import type { PosDelivery, PosProvider } from '../../providers/pos/pos-provider.ts';
import { createKitchenRelay, kitchenRetryDelayMs } from './kitchen.relay.ts';
import { posDestination } from './kitchen-destinations.service.ts';

/** A POS that records what it got and fails while `failures` > 0. */
function recordingPos() {
  const pos = {
    deliveries: [] as PosDelivery[],
    failures: 0,
    provider: {
      name: 'recording',
      async deliver(delivery) {
        if (pos.failures > 0) {
          pos.failures -= 1;
          throw new Error('POS is down');
        }
        pos.deliveries.push(delivery);
      },
    } satisfies PosProvider,
  };
  return pos;
}

/**
 * The kitchen relay, driven by hand (the app's own relay is off here). On PostgreSQL the relays share a pool of
 * 12 connections, so two relays really claim side by side; on PGlite the same assertions hold one query at a time.
 */
describe('kitchen relay', () => {
  let t: TestApp;
  let a: Caller;
  let water: number;
  let clock: Date;
  let notices: LiveNotice[];
  let stopListening: () => Promise<void>;

  const relay = (pos: ReturnType<typeof recordingPos>) =>
    createKitchenRelay({
      db: t.db,
      database: t.database,
      destinations: [posDestination(pos.provider)],
      now: () => clock,
      log: t.app.log,
      intervalMs: 0,
    });
  const pickup = async () => {
    const res = await placeOrder(a, UUID.aMain, {
      orderType: 2,
      lines: [{ kind: 'product', itemId: water, quantity: 1 }],
      paymentMethod: 'cash',
    });
    expect(res.statusCode, res.body).toBe(201);
    // The row is due from its commit (the database's clock): the relay's clock starts after it. One millisecond
    // more, because the database keeps microseconds and a Date truncates them: on a fast run the response came
    // back within the same millisecond and the last row was not due yet (CI saw 29 of 30 delivered).
    clock = new Date(Date.now() + 1);
    return orderSchema.parse(res.json());
  };
  const outbox = (orderId: number) =>
    t.database.query<{ id: number; event: string; attempts: number; delivered: boolean; lastError: string | null }>(
      `select id, event, attempts, delivered_at is not null as delivered, last_error as "lastError"
       from order_outbox where order_id = $1 order by id`,
      [orderId],
    );
  const placedNotices = (orderId: number) =>
    notices.filter((n) => n.kind === 'order_placed' && n.orderId === orderId).length;
  /** NOTIFY arrives after the commit, asynchronously: wait for it (bounded), never sleep. */
  const waitForNotices = (count: number) =>
    vi.waitFor(
      () => expect(notices.filter((n) => n.kind === 'order_placed').length).toBeGreaterThanOrEqual(count),
      EVENTUALLY,
    );

  beforeAll(async () => {
    t = await createTestApp({ env: { KITCHEN_RELAY_INTERVAL_MS: '0' } });
    water = (await menuIds(t, UUID.aMain)).item('water');
    a = await diner(t, UUID.aMain, '0594000001');
    // The main branch sends its orders to a POS too.
    await setBranchSwitch(t, UUID.aMain, 'integrated', true);
    stopListening = await t.database.listen(LIVE_CHANNEL, (payload) => {
      const notice = parseLiveNotice(payload);
      if (notice) notices.push(notice);
    });
  });
  beforeEach(async () => {
    clock = new Date();
    notices = [];
    // Each test starts with nothing left for the relay.
    await t.database.query('update order_outbox set delivered_at = now() where delivered_at is null');
  });
  afterAll(async () => {
    await stopListening();
    await t.close();
  });

  it("hands a new order to the board and the branch's POS once, with its references, and marks it delivered", async () => {
    const pos = recordingPos();
    const order = await pickup();
    expect((await outbox(order.id))[0]?.delivered).toBe(false);
    expect(await relay(pos).drainOnce()).toEqual({ delivered: 1, failed: 0, lost: 0 });
    const [row] = await outbox(order.id);
    expect(row).toMatchObject({ event: 'order_placed', attempts: 1, delivered: true });
    expect(pos.deliveries).toEqual([
      expect.objectContaining({
        orderReference: `sufra-order-${order.id}`,
        eventId: `sufra-outbox-${row?.id}`,
        event: 'order_placed',
        orderId: order.id,
        branchId: order.branchId,
      }),
    ]);
    await waitForNotices(1);
    expect(placedNotices(order.id)).toBe(1);
    // Nothing left: another pass delivers nothing again.
    expect(await relay(pos).drainOnce()).toEqual({ delivered: 0, failed: 0, lost: 0 });
    expect(pos.deliveries).toHaveLength(1);
  });

  it('retries a failed POS delivery after its backoff, with the same references, and tells the board at once, once', async () => {
    const pos = recordingPos();
    pos.failures = 2;
    const order = await pickup();
    const r = relay(pos);
    expect(await r.drainOnce()).toMatchObject({ delivered: 0, failed: 1 });
    expect((await outbox(order.id))[0]).toMatchObject({ attempts: 1, delivered: false, lastError: 'POS is down' });
    // The POS being down does not keep the order off the board.
    await waitForNotices(1);
    expect(placedNotices(order.id)).toBe(1);
    // Not due before its backoff.
    clock = new Date(clock.getTime() + kitchenRetryDelayMs(1) - 1);
    expect(await r.drainOnce()).toEqual({ delivered: 0, failed: 0, lost: 0 });
    clock = new Date(clock.getTime() + 1);
    expect(await r.drainOnce()).toMatchObject({ delivered: 0, failed: 1 });
    clock = new Date(clock.getTime() + kitchenRetryDelayMs(2));
    expect(await r.drainOnce()).toMatchObject({ delivered: 1, failed: 0 });
    expect((await outbox(order.id))[0]).toMatchObject({ attempts: 3, delivered: true, lastError: null });
    expect(pos.deliveries.map((d) => d.orderReference)).toEqual([`sufra-order-${order.id}`]);
    // Retries told the board nothing more: the one notice is the first attempt's (a later one would follow it).
    const later = await pickup();
    expect(await r.drainOnce()).toMatchObject({ delivered: 1 });
    await vi.waitFor(() => expect(placedNotices(later.id)).toBe(1), EVENTUALLY);
    expect(placedNotices(order.id)).toBe(1);
    expect(kitchenRetryDelayMs(1)).toBeLessThan(kitchenRetryDelayMs(2));
    expect(kitchenRetryDelayMs(50)).toBe(5 * 60_000);
  });

  it('delivers a row whose relay died mid-delivery once its lease has passed, and the dead claim can no longer mark it', async () => {
    const pos = recordingPos();
    const order = await pickup();
    // A relay claims the row and dies before marking it.
    const [claimed] = await claimDueOutbox(t.db, clock, new Date(clock.getTime() + RELAY_LEASE_MS), 20);
    expect(claimed?.orderId).toBe(order.id);
    // The restarted relay leaves it while the lease holds …
    expect(await relay(pos).drainOnce()).toEqual({ delivered: 0, failed: 0, lost: 0 });
    // … and delivers it after.
    clock = new Date(clock.getTime() + RELAY_LEASE_MS + 1);
    expect(await relay(pos).drainOnce()).toEqual({ delivered: 1, failed: 0, lost: 0 });
    expect(pos.deliveries.map((d) => d.orderId)).toEqual([order.id]);
    // The first claim, were it to wake up, marks nothing (its lease token is stale).
    if (!claimed) throw new Error('nothing claimed');
    expect([...(await markOutboxDelivered(t.db, [{ id: claimed.id, attempts: claimed.attempts }], clock))]).toEqual([]);
    await waitForNotices(1);
    expect(placedNotices(order.id)).toBe(1);
  });

  it('announces and delivers an order with no POS in the one statement of its claim, once', async () => {
    const pos = recordingPos();
    const setIntegrated = (on: boolean) => setBranchSwitch(t, UUID.aMain, 'integrated', on);
    await setIntegrated(false);
    try {
      const orders = [await pickup(), await pickup(), await pickup()];
      expect(await relay(pos).drainOnce()).toEqual({ delivered: 3, failed: 0, lost: 0 });
      for (const o of orders) expect((await outbox(o.id))[0]).toMatchObject({ attempts: 1, delivered: true });
      expect(pos.deliveries).toEqual([]);
      await waitForNotices(3);
      for (const o of orders) expect(placedNotices(o.id)).toBe(1);
    } finally {
      await setIntegrated(true);
    }
  });

  it('tells the board of a new order once, at its commit, whatever its claims and retries do', async () => {
    const pos = recordingPos();
    pos.failures = 1;
    const order = await pickup();
    // The board heard of it from the placement itself: no relay has run yet.
    await vi.waitFor(() => expect(placedNotices(order.id)).toBeGreaterThanOrEqual(1), EVENTUALLY);
    const [stale] = await claimDueOutbox(t.db, clock, new Date(clock.getTime() + RELAY_LEASE_MS), 20);
    if (!stale) throw new Error('nothing claimed');
    // The lease passes; another relay claims the row, fails at the POS, and a third delivers it.
    clock = new Date(clock.getTime() + RELAY_LEASE_MS + 1);
    const r = relay(pos);
    expect(await r.drainOnce()).toMatchObject({ delivered: 0, failed: 1 });
    clock = new Date(clock.getTime() + kitchenRetryDelayMs(stale.attempts + 1));
    expect(await r.drainOnce()).toMatchObject({ delivered: 1, failed: 0 });
    // Notices arrive in commit order: one placed after all of that comes after any the claims could have sent.
    const later = await pickup();
    await vi.waitFor(() => expect(placedNotices(later.id)).toBe(1), EVENTUALLY);
    expect(placedNotices(order.id)).toBe(1);
  });

  it("keeps an order's events in order: a status change waits for the order itself", async () => {
    const pos = recordingPos();
    pos.failures = 1;
    const order = await pickup();
    const cashier = caller(t);
    expect((await cashier.call('POST', '/api/staff/auth/login/', STAFF.aCashier)).statusCode).toBe(200);
    expect(
      (await cashier.call('PATCH', `/api/staff/orders/${order.id}/status/`, { to: 'sent_to_kitchen' })).statusCode,
    ).toBe(200);
    // Both rows are due now.
    clock = new Date();
    const r = relay(pos);
    // The order fails; its status change is not delivered ahead of it.
    expect(await r.drainOnce()).toEqual({ delivered: 0, failed: 1, lost: 0 });
    expect((await outbox(order.id)).map((row) => row.delivered)).toEqual([false, false]);
    clock = new Date(clock.getTime() + kitchenRetryDelayMs(1));
    expect(await r.drainOnce()).toEqual({ delivered: 1, failed: 0, lost: 0 });
    expect(await r.drainOnce()).toEqual({ delivered: 1, failed: 0, lost: 0 });
    expect(pos.deliveries.map((d) => d.event)).toEqual(['order_placed', 'order_status_changed']);
    expect(pos.deliveries[1]?.payload).toMatchObject({ from: 'pending', to: 'sent_to_kitchen' });
  });

  it('never delivers one row twice when two relays drain side by side', async () => {
    const pos = recordingPos();
    const orders = [];
    for (let i = 0; i < 30; i += 1) orders.push(await pickup());
    const relays = [relay(pos), relay(pos), relay(pos)];
    const totals = { delivered: 0, failed: 0, lost: 0 };
    // Each relay drains until it finds nothing; together they must deliver every row exactly once.
    await Promise.all(
      relays.map(async (r) => {
        while (true) {
          const pass = await r.drainOnce();
          totals.delivered += pass.delivered;
          totals.failed += pass.failed;
          totals.lost += pass.lost;
          if (pass.delivered + pass.failed + pass.lost === 0) break;
        }
      }),
    );
    expect(totals).toEqual({ delivered: 30, failed: 0, lost: 0 });
    const ids = pos.deliveries.map((d) => d.orderId).sort((x, y) => x - y);
    expect(ids).toEqual(orders.map((o) => o.id).sort((x, y) => x - y));
    await waitForNotices(30);
    for (const o of orders) expect(placedNotices(o.id)).toBe(1);
    const [left] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from order_outbox where delivered_at is null',
    );
    expect(left?.n).toBe(0);
  });

  it("hands a claim's orders to the POS side by side, not one after another's answer", async () => {
    const orders = [await pickup(), await pickup(), await pickup()];
    // A POS that answers no one until all three are waiting on it (docs/adr/0730); in turn, the first gives up.
    let waiting = 0;
    let release: () => void = () => {};
    const allWaiting = new Promise<void>((resolve) => {
      release = resolve;
    });
    const got: number[] = [];
    const slow: PosProvider = {
      name: 'slow',
      async deliver(delivery) {
        waiting += 1;
        if (waiting === orders.length) release();
        const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('served in turn')), 2_000));
        await Promise.race([allWaiting, timeout]);
        got.push(delivery.orderId);
      },
    };
    const r = createKitchenRelay({
      db: t.db,
      database: t.database,
      destinations: [posDestination(slow)],
      now: () => clock,
      log: t.app.log,
      intervalMs: 0,
    });
    expect(await r.drainOnce()).toEqual({ delivered: 3, failed: 0, lost: 0 });
    expect(got.sort((x, y) => x - y)).toEqual(orders.map((o) => o.id).sort((x, y) => x - y));
  });
});
