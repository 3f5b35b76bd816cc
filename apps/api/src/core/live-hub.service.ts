import { isOnBoard } from '@sufra/shared/machines/order-lifecycle';
import type { StaffEvaluation } from '@sufra/shared/schemas/evaluation';
import { type Order, orderSchema, type StaffOrder } from '@sufra/shared/schemas/order';
import type { Table } from '@sufra/shared/schemas/order-events';
import type { StaffRole } from '@sufra/shared/schemas/staff';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client.ts';
import { LIVE_CHANNEL, type LiveNotice, parseLiveNotice } from './live-notices.repo.ts';

/** A staff board connected to this instance: its brand and the branches it watches. */
export interface StaffSubscriber {
  brandId: number;
  branchIds: ReadonlySet<number>;
  role: StaffRole;
  send(event: 'order_placed' | 'order_updated', data: StaffOrder): void;
  sendTable(data: Table): void;
  sendEvaluation(data: StaffEvaluation): void;
}

/** A diner watching one of their orders on this instance. */
export interface OrderSubscriber {
  orderId: number;
  customerId: number;
  send(order: Order): void;
}

export interface LiveHubDeps {
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  /** The order as the board sees it now (undefined if it is gone). */
  loadOrder(orderId: number, brandId: number): Promise<StaffOrder | undefined>;
  loadTable(tableId: number, brandId: number): Promise<Table | undefined>;
  loadEvaluation(evaluationId: number, brandId: number): Promise<StaffEvaluation | undefined>;
}

/** The streams connected to this instance. */
interface Subscribers {
  staff: Set<StaffSubscriber>;
  orders: Set<OrderSubscriber>;
}

/** One notice to the streams here that care about it: a low evaluation, a table, or an order. */
async function dispatch(deps: LiveHubDeps, subscribers: Subscribers, notice: LiveNotice): Promise<void> {
  if (notice.kind === 'evaluation_low') return sendLowEvaluation(deps, subscribers, notice);
  if (notice.kind === 'table_updated') return sendTable(deps, subscribers, notice);
  return sendOrder(deps, subscribers, notice);
}

/** The boards here that watch this branch of this brand. */
function boardsOf(subscribers: Subscribers, notice: { brandId: number; branchId: number }): StaffSubscriber[] {
  return [...subscribers.staff].filter((s) => s.brandId === notice.brandId && s.branchIds.has(notice.branchId));
}

async function sendLowEvaluation(
  deps: LiveHubDeps,
  subscribers: Subscribers,
  notice: Extract<LiveNotice, { kind: 'evaluation_low' }>,
): Promise<void> {
  // A diner's answers and photos are for the branch's managers, not every screen on its board (cashiers).
  const managers = [...subscribers.staff].filter(
    (s) => s.brandId === notice.brandId && s.branchIds.has(notice.branchId) && s.role !== 'cashier',
  );
  if (managers.length === 0) return;
  const evaluation = await deps.loadEvaluation(notice.evaluationId, notice.brandId);
  if (!evaluation) return;
  for (const s of managers) s.sendEvaluation(evaluation);
}

async function sendTable(
  deps: LiveHubDeps,
  subscribers: Subscribers,
  notice: Extract<LiveNotice, { kind: 'table_updated' }>,
): Promise<void> {
  const watchers = boardsOf(subscribers, notice);
  if (watchers.length === 0) return;
  const table = await deps.loadTable(notice.tableId, notice.brandId);
  if (!table) return;
  for (const s of watchers) s.sendTable(table);
}

async function sendOrder(
  deps: LiveHubDeps,
  subscribers: Subscribers,
  notice: Extract<LiveNotice, { kind: 'order_placed' | 'order_updated' }>,
): Promise<void> {
  const boards = boardsOf(subscribers, notice);
  // The kitchen hand-off changes nothing the diner sees (they already have the order as placed).
  const diners =
    notice.kind === 'order_updated'
      ? [...subscribers.orders].filter((o) => o.orderId === notice.orderId && o.customerId === notice.customerId)
      : [];
  if (boards.length === 0 && diners.length === 0) return;
  const order = await deps.loadOrder(notice.orderId, notice.brandId);
  if (!order) return;
  // A card order whose money never came was never handed to the kitchen: the board does not list it (an
  // expired one is news to its diner only).
  const onBoard = isOnBoard(order);
  if (onBoard) for (const s of boards) s.send(notice.kind, order);
  // A table shows Occupied while it has open orders (tables.service toTable): an order placed at it, or its last one
  // ending, can change what the board shows for the table, so the board gets the table as it is now too.
  if (onBoard && order.table && boards.length > 0) {
    const table = await deps.loadTable(order.table.id, notice.brandId);
    if (table) for (const s of boards) s.sendTable(table);
  }
  if (diners.length > 0) {
    // The diner's view: the same order without the board's customer details (zod drops unknown keys).
    const own = orderSchema.parse(order);
    for (const d of diners) d.send(own);
  }
}

/**
 * This instance's end of the live events: one LISTEN, and the SSE streams connected here. Each notice is
 * matched against local subscribers first; only when someone here cares is the fresh row loaded, once,
 * and written to each of them. Notices are handled one after another, so a stream sees changes in the
 * order they committed. Nothing here is shared state: another instance has its own hub on the same channel.
 */
export function createLiveHub(deps: LiveHubDeps) {
  const subscribers: Subscribers = { staff: new Set(), orders: new Set() };
  const { staff, orders } = subscribers;
  let started: Promise<void> | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  let queue: Promise<void> = Promise.resolve();

  function onPayload(payload: string) {
    const notice = parseLiveNotice(payload);
    if (!notice) {
      deps.log.warn({ channel: LIVE_CHANNEL }, 'ignored a malformed live notice');
      return;
    }
    queue = queue
      .then(() => dispatch(deps, subscribers, notice))
      .catch((error: unknown) => deps.log.error({ err: error, notice }, 'live event fan-out failed'));
  }

  return {
    /** LISTENs once per instance; every call after the first waits for the same LISTEN. */
    start(): Promise<void> {
      started ??= deps.database.listen(LIVE_CHANNEL, onPayload).then(
        (stop) => {
          unlisten = stop;
        },
        (error: unknown) => {
          // The next stream tries again rather than failing for the life of the process.
          started = undefined;
          throw error;
        },
      );
      return started;
    },
    subscribeStaff(subscriber: StaffSubscriber): () => void {
      staff.add(subscriber);
      return () => staff.delete(subscriber);
    },
    subscribeOrder(subscriber: OrderSubscriber): () => void {
      orders.add(subscriber);
      return () => orders.delete(subscriber);
    },
    /** Streams connected here (tests check that a closed stream was removed). */
    get size() {
      return staff.size + orders.size;
    },
    async stop() {
      await started?.catch(() => {});
      await unlisten?.().catch(() => {});
      unlisten = undefined;
      staff.clear();
      orders.clear();
      await queue;
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
