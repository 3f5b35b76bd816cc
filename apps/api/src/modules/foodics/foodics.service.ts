import { isOrderStatus, type OrderStatus } from '@sufra/shared/machines/order-status';
import type { OrderType } from '@sufra/shared/order-types';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { findStaffOrder, listLinesOf, type OrderRow } from '../../core/order-rows.repo.ts';
import { backoffDelayMs, RELAY_LEASE_MS } from '../../lib/relay.ts';
import type { PosDelivery, PosProvider } from '../../providers/pos/pos-provider.ts';
import {
  announceHandOff,
  claimDueHandOffs,
  claimDuePolls,
  enqueueHandOff,
  findConnection,
  findConnectionBySecret,
  findHandOff,
  type HandOffRow,
  hasStatusEvent,
  loadLinks,
  markCreateTried,
  markSent,
  markTryFailed,
  raisePendingAlerts,
  recordSeen,
  recordStatusEvent,
} from './foodics.repo.ts';
import { FoodicsApiError, type FoodicsOrderFound } from './foodics-api.service.ts';
import type { FoodicsConnections } from './foodics-connection.service.ts';
import { createFoodicsHandOffsAdmin } from './foodics-hand-offs-admin.service.ts';
import type { FoodicsMenuService } from './foodics-menu.service.ts';
import {
  buildFoodicsOrder,
  foodicsPhone,
  foodicsUpdateFor,
  orderReference,
  POS_DECLINED_REASON,
  POS_VOIDED_REASON,
  pathTo,
  statusFromFoodics,
} from './foodics-order.rules.ts';

/** Hand-offs one claim takes and sends side by side (bigger than other relays' batch: each waits on Foodics). */
export const FOODICS_BATCH = 50;

/**
 * Hand-offs the relay keeps waiting on Foodics at once, in this process (docs/adr/0730): it claims more as soon as
 * some are due and there is room, rather than after the whole previous claim has been answered.
 */
export const FOODICS_IN_FLIGHT = 100;

/** The hand-off's backoff between failed tries: 2 s, 4 s, 8 s … capped at 5 minutes (FOODICS_MAX_ATTEMPTS tries). */
export const FOODICS_BACKOFF = { baseMs: 2_000, capMs: 5 * 60_000 } as const;

export interface FoodicsDeps {
  /** Brands' connections: each brand's Foodics API (its own OAuth token or the server's) and the console's page. */
  connections: FoodicsConnections;
  /** Orders' move as the POS says (orders.service moveFromPos), handed over by the composition root. */
  moveFromPos: (
    brandId: number,
    orderId: number,
    path: OrderStatus[],
    reason: string | null,
  ) => Promise<OrderRow | null>;
  log: FastifyBaseLogger;
  maxAttempts: number;
  pollEveryMs: number;
  pendingAlertMs: number;
  /** A hand-off was queued: run the relay now. */
  onQueued: () => void;
  /** The menu import (docs/adr/0680): a `menu.updated` webhook queues a refresh of the brand's menu. */
  menu: FoodicsMenuService;
}

/** A brand's connection and id mapping, as one claim of hand-offs read them. */
type BrandSetup = (brandId: number) => Promise<{
  connection: Awaited<ReturnType<typeof findConnection>>;
  links: Awaited<ReturnType<typeof loadLinks>>;
}>;

export interface HandOffPass {
  sent: number;
  retrying: number;
  dead: number;
}

/** Foodics' order statuses after which nothing changes: Declined, Closed, Returned, Joined, Void. */
const FOODICS_ENDED = [3, 4, 5, 6, 7];

/**
 * The Foodics adapter (issue 28 item 1, docs/adr/0510): orders handed over from the order outbox (the POS
 * destination queues a hand-off), created at Foodics with retries, 429s honoured and a look-up by our reference before
 * any create whose answer was lost; dead letters staff see; statuses back by webhook and by polling.
 */
export function createFoodicsService(ctx: AppContext, deps: FoodicsDeps) {
  const { db } = ctx;
  const handOffs = createFoodicsHandOffsAdmin(ctx, deps);

  /** The kitchen relay's destination for integrated branches: queue the order's hand-off (at least once: once). */
  const posProvider: PosProvider = {
    name: 'foodics',
    async deliver(delivery: PosDelivery) {
      if (delivery.event === 'order_status_changed') return pushMove(delivery);
      await enqueueHandOff(
        db,
        { orderId: delivery.orderId, brandId: delivery.brandId, branchId: delivery.branchId },
        ctx.now(),
      );
      deps.onQueued();
    },
  };

  /**
   * A move made on our board, told to Foodics where Foodics documents a write (docs/adr/0690: a delivery order's
   * delivery status). At least once from the kitchen relay: the PUT sets a value, so a repeat is harmless. Moves that
   * came from Foodics (`by: 'pos'`) are not sent back. Throwing makes the kitchen relay try again later: while the
   * order is not yet at Foodics, and on a 429, a 5xx or no answer. A write Foodics refuses (4xx: the cashier closed
   * or voided it meanwhile) will never pass: logged and dropped.
   */
  async function pushMove(delivery: PosDelivery): Promise<void> {
    const { to, by } = delivery.payload as { to?: unknown; by?: unknown };
    if (by === 'pos' || !isOrderStatus(to)) return;
    const staffRow = await findStaffOrder(db, delivery.orderId, delivery.brandId);
    if (!staffRow) return;
    const update = foodicsUpdateFor(staffRow.order.orderType as OrderType, to, ctx.now());
    if (!update) return;
    const handOff = await findHandOff(db, delivery.brandId, { orderId: delivery.orderId });
    // Never handed over, or given up (dead, handled by staff): there is no order at Foodics to update.
    if (!handOff || handOff.state === 'dead' || handOff.state === 'handled') return;
    if (!handOff.foodicsOrderId) throw new Error('the order is not at Foodics yet');
    try {
      await deps.connections.apiFor(delivery.brandId).updateDelivery(handOff.foodicsOrderId, update);
    } catch (error) {
      if (error instanceof FoodicsApiError && error.failure === 'refused') {
        deps.log.warn({ orderId: delivery.orderId, to, err: error.message }, 'Foodics refused a status move');
        return;
      }
      throw error;
    }
  }

  async function fail(row: HandOffRow, error: unknown): Promise<'retrying' | 'dead'> {
    const now = ctx.now();
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof FoodicsApiError && error.failure === 'rate_limited') {
      // Not a failure: Foodics asked us to wait.
      const retryAt = new Date(now.getTime() + (error.retryAfterMs ?? 60_000));
      await markTryFailed(db, row, { error: message, retryAt, failure: false, dead: false }, now);
      await announceHandOff(db, row.orderId);
      return 'retrying' as const;
    }
    const refused = error instanceof FoodicsApiError && error.failure === 'refused';
    const dead = refused || row.failures + 1 >= deps.maxAttempts;
    const retryAt = new Date(now.getTime() + backoffDelayMs(row.failures + 1, FOODICS_BACKOFF));
    deps.log[dead ? 'error' : 'warn'](
      { orderId: row.orderId, failures: row.failures + 1, err: message },
      'Foodics hand-off failed',
    );
    await markTryFailed(db, row, { error: message, retryAt, failure: true, dead }, now);
    await announceHandOff(db, row.orderId);
    return dead ? ('dead' as const) : ('retrying' as const);
  }

  async function sent(row: HandOffRow, found: FoodicsOrderFound): Promise<void> {
    const now = ctx.now();
    await markSent(
      db,
      row,
      {
        foodicsOrderId: found.id,
        reference: found.reference ?? null,
        status: found.status,
        deliveryStatus: found.delivery_status ?? null,
      },
      now,
      new Date(now.getTime() + deps.pollEveryMs),
    );
    await announceHandOff(db, row.orderId);
  }

  /** One order to Foodics: found by reference when a create went out before, else created (customer first). */
  async function handOne(row: HandOffRow, brandOf: BrandSetup): Promise<'sent' | 'retrying' | 'dead'> {
    try {
      const staffRow = await findStaffOrder(db, row.orderId, row.brandId);
      const { connection, links } = await brandOf(row.brandId);
      if (!staffRow) throw new FoodicsApiError('refused', 'the order is gone');
      if (!connection) throw new Error('the brand is not connected to Foodics');
      const branchId = links.ids.get(`branch:${row.branchId}`);
      if (!branchId) throw new FoodicsApiError('refused', `not mapped to Foodics: branch:${row.branchId}`);
      const reference = orderReference(row.orderId);
      const api = deps.connections.apiFor(row.brandId);
      // Foodics has no idempotency key: a create whose answer was lost may have made the order.
      if (row.createTriedAt) {
        const found = await api.findOrderByReference(branchId, reference, new Date(row.createTriedAt));
        if (found) {
          await sent(row, found);
          return 'sent';
        }
      }
      const order = staffRow.order;
      let customerId: string | undefined;
      let customerAddressId: string | undefined;
      const phone = foodicsPhone(staffRow.customerPhone);
      if (phone) {
        customerId =
          (await api.findCustomer(phone))?.id ??
          (await api.createCustomer({ name: staffRow.customerName || phone, phone })).id;
        if (order.address && order.orderType === 3) {
          customerAddressId = (
            await api.createAddress({
              customerId,
              name: order.address.title || 'Sufra',
              description: order.address.description,
              latitude: order.address.location.lat,
              longitude: order.address.location.lng,
            })
          ).id;
        }
      }
      const lines = await listLinesOf(db, [row.orderId]);
      const built = buildFoodicsOrder(
        { ...order, lines },
        {
          id: (kind, key) => links.ids.get(`${kind}:${key}`),
          vatRateBp: links.vatRateBp,
          cardPaymentMethodId: connection.cardPaymentMethodId,
          ...(customerId ? { customerId } : {}),
          ...(customerAddressId ? { customerAddressId } : {}),
        },
      );
      if ('unmapped' in built)
        throw new FoodicsApiError('refused', `not mapped to Foodics: ${built.unmapped.join(', ')}`);
      // From here the order may exist at Foodics whatever we hear back: the next try looks it up first.
      await markCreateTried(db, row, ctx.now());
      await sent(row, await api.createOrder(built.body));
      return 'sent';
    } catch (error) {
      return fail(row, error);
    }
  }

  /**
   * One claim of due hand-offs, side by side: each is a few calls that mostly wait on Foodics (customer, then the
   * order), so in turn one order at a time capped the hand-off at ~1.5 orders/s with Foodics answering in 200 ms
   * (`npm run bench -- --only foodics`, docs/adr/0692). Each row is its own claim under the lease; a 429 for one
   * backs that one off.
   */
  async function handOffOnce(): Promise<HandOffPass> {
    const pass: HandOffPass = { sent: 0, retrying: 0, dead: 0 };
    for (const outcome of await Promise.all(await startHandOffs(FOODICS_BATCH))) pass[outcome] += 1;
    return pass;
  }

  /**
   * Claims up to `limit` due hand-offs and starts each, without waiting for them: the relay's pump (docs/adr/0730)
   * claims again while these wait on Foodics. Each promise settles with its row's outcome (a failure is recorded on
   * the row; it rejects only when even that could not be written: the lease then hands the row over again).
   */
  async function startHandOffs(limit: number): Promise<Promise<'sent' | 'retrying' | 'dead'>[]> {
    const now = ctx.now();
    const rows = await claimDueHandOffs(db, now, new Date(now.getTime() + RELAY_LEASE_MS), limit);
    // A brand's connection and id mapping read once for the claim, not once for each of its orders.
    const setups = new Map<number, ReturnType<BrandSetup>>();
    const brandOf: BrandSetup = (brandId) => {
      let setup = setups.get(brandId);
      if (!setup) {
        setup = Promise.all([findConnection(db, brandId), loadLinks(db, brandId)]).then(([connection, links]) => ({
          connection,
          links,
        }));
        setups.set(brandId, setup);
      }
      return setup;
    };
    return rows.map((row) => handOne(row, brandOf));
  }

  /**
   * Follows what Foodics says of an order: records it, and moves ours there along our machine (forward only), once
   * per status of ours (a repeated webhook, or a poll after it, moves nothing).
   */
  async function follow(handOff: HandOffRow, found: FoodicsOrderFound, source: 'webhook' | 'poll'): Promise<void> {
    const now = ctx.now();
    const ended = FOODICS_ENDED.includes(found.status);
    await recordSeen(
      db,
      handOff.id,
      { status: found.status, deliveryStatus: found.delivery_status ?? null },
      ended ? null : new Date(now.getTime() + deps.pollEveryMs),
      now,
    );
    // The board shows Foodics' status (sent, accepted, declined): a change is news to it even when ours stays.
    if (handOff.foodicsStatus !== found.status) await announceHandOff(db, handOff.orderId);
    // A concurrent move (another webhook, the board) makes a walk stop unwritten: read again and walk from there.
    let target: OrderStatus | null = null;
    for (let tries = 0; tries < 5; tries += 1) {
      const row = await findStaffOrder(db, handOff.orderId, handOff.brandId);
      if (!row) return;
      target = statusFromFoodics(found, row.order.orderType as OrderType);
      if (!target || (await hasStatusEvent(db, found.id, target))) return;
      const path = pathTo(row.order.orderType as OrderType, row.order.status as OrderStatus, target);
      if (path.length === 0) break;
      const reason =
        target !== 'canceled'
          ? null
          : found.delete_reason || (found.status === 7 ? POS_VOIDED_REASON : POS_DECLINED_REASON);
      if (await deps.moveFromPos(handOff.brandId, handOff.orderId, path, reason)) break;
      if (tries === 4) return;
    }
    if (!target) return;
    await recordStatusEvent(db, {
      foodicsOrderId: found.id,
      status: target,
      foodicsStatus: found.status,
      foodicsDeliveryStatus: found.delivery_status ?? null,
      orderId: handOff.orderId,
      source,
    });
  }

  /**
   * The board's pending alert (issue 28 item 6): orders still Pending at Foodics FOODICS_PENDING_ALERT_MINUTES after
   * they were sent (a branch with no device receiving online orders) are flagged once and announced to their boards.
   */
  function raiseAlertsOnce(): Promise<number> {
    const now = ctx.now();
    return raisePendingAlerts(db, new Date(now.getTime() - deps.pendingAlertMs), now);
  }

  /** One claim of sent orders due a poll (the fallback when webhooks are lost). */
  async function pollOnce(): Promise<number> {
    const now = ctx.now();
    const rows = await claimDuePolls(db, now, new Date(now.getTime() + deps.pollEveryMs), FOODICS_BATCH);
    // Side by side, as the hand-offs: each is one GET that waits on Foodics.
    await Promise.all(
      rows.map(async (row) => {
        if (!row.foodicsOrderId) return;
        try {
          await follow(row, await deps.connections.apiFor(row.brandId).getOrder(row.foodicsOrderId), 'poll');
        } catch (error) {
          deps.log.warn(
            { orderId: row.orderId, err: error instanceof Error ? error.message : error },
            'Foodics poll failed',
          );
        }
      }),
    );
    return rows.length;
  }

  /**
   * A webhook. Foodics signs nothing and sends no event id: the path's secret names the brand, the body's business
   * reference must be that brand's, and the order must be one we handed over. Whatever happens, the caller answers
   * 200 (Foodics blocks a URL after 100 non-2xx answers in a minute). Returns what was done, for the log and tests.
   */
  async function receiveWebhook(secret: string, body: unknown): Promise<'applied' | 'ignored'> {
    const connection = await findConnectionBySecret(db, secret);
    if (!connection) return 'ignored';
    const event = body as { business?: { reference?: unknown }; order?: Partial<FoodicsOrderFound> } | null;
    if (Number(event?.business?.reference) !== connection.businessReference) {
      deps.log.warn({ brandId: connection.brandId }, 'Foodics webhook for another business: ignored');
      return 'ignored';
    }
    if ((body as { event?: unknown }).event === 'menu.updated') {
      void deps.menu.refreshInBackground(connection.brandId);
      return 'applied';
    }
    const order = event?.order;
    if (!order || typeof order.id !== 'string' || typeof order.status !== 'number') return 'ignored';
    let handOff = await findHandOff(db, connection.brandId, { foodicsOrderId: order.id });
    if (!handOff) {
      // The create's answer may have been lost: the webhook names our reference in meta.
      const match = /^sufra-order-(\d+)$/.exec(String(order.meta?.['3rd_party_order_number'] ?? ''));
      const byReference = match ? await findHandOff(db, connection.brandId, { orderId: Number(match[1]) }) : undefined;
      if (!byReference || byReference.foodicsOrderId) return 'ignored';
      const now = ctx.now();
      await markSent(
        db,
        { id: byReference.id, attempts: null },
        {
          foodicsOrderId: order.id,
          reference: order.reference ?? null,
          status: order.status,
          deliveryStatus: order.delivery_status ?? null,
        },
        now,
        new Date(now.getTime() + deps.pollEveryMs),
      );
      await announceHandOff(db, byReference.orderId);
      handOff = await findHandOff(db, connection.brandId, { orderId: byReference.orderId });
      if (!handOff) return 'ignored';
    }
    await follow(handOff, order as FoodicsOrderFound, 'webhook');
    return 'applied';
  }

  return {
    posProvider,
    handOffOnce,
    startHandOffs,
    pollOnce,
    raiseAlertsOnce,
    receiveWebhook,
    ...handOffs,
    /** The brand's connection (owners, the console's Foodics page). */
    connection: deps.connections,
    /** The menu import and the id mapping (owners, the console's Foodics page). */
    menu: deps.menu,
  };
}

export type FoodicsService = ReturnType<typeof createFoodicsService>;
