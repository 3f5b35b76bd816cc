import type { OrderStatus } from '@sufra/shared/machines/order-status';
import type { StaffOrder } from '@sufra/shared/schemas/order';
import type { Table } from '@sufra/shared/schemas/order-events';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { reconnectDelay, shouldRetry } from './api/staff-order-events';
import {
  ARRIVALS_KEPT,
  type BoardAction,
  boardLanes,
  boardReducer,
  initialBoardState,
  mergeTables,
  unannounced,
  waitingAtPos,
} from './board-orders';

const BRANCH = 7;

function order(id: number, patch: Partial<StaffOrder> = {}): StaffOrder {
  return {
    id,
    number: id,
    branchId: BRANCH,
    branchName: { ar: 'العليا', en: 'Olaya' },
    orderType: 2,
    status: 'pending',
    paymentMethod: 'cash',
    paymentStatus: 'unpaid',
    table: null,
    address: null,
    notes: null,
    receiveAt: null,
    pricing: {
      taxMode: 'inclusive',
      subtotal: 1000,
      branchTaxes: 130,
      modifiersTaxes: 0,
      chargeAmount: 0,
      chargesTaxes: 0,
      deliveryFee: 0,
      taxesPrice: 130,
      totalDiscount: 0,
      total: 1000,
      foodicsTaxes: 0,
      foodicsCharges: 0,
      foodicsTotal: 1000,
    },
    lines: [],
    cancelReason: null,
    cashReceivedAt: null,
    cashReceivedBy: null,
    refund: null,
    times: { statusTimes: {}, prepMinutes: null, deliveryMinutes: null, acceptDelayMinutes: null, estimate: null },
    declineReason: null,
    createdAt: `2026-11-23T15:00:${String(id).padStart(2, '0')}Z`,
    updatedAt: `2026-11-23T15:00:${String(id).padStart(2, '0')}Z`,
    customer: { id: 1, fullName: 'Sara', phone: '+966500000001' },
    pos: null,
    ...patch,
  };
}

const moved = (o: StaffOrder, status: OrderStatus, at: string) => ({ ...o, status, updatedAt: at });
const run = (...actions: BoardAction[]) => actions.reduce(boardReducer, initialBoardState);

describe('the order board state', () => {
  it('does not highlight the orders of the first list, and highlights an order placed afterwards', () => {
    const state = run({ type: 'listed', orders: [order(1), order(2)] }, { type: 'placed', order: order(3) });
    expect(state.loaded).toBe(true);
    expect(state.fresh).toEqual([3]);
    expect(state.arrivals).toEqual({ count: 1, ids: [3] });
  });

  it('treats a repeated event as harmless: one order, one arrival', () => {
    const state = run(
      { type: 'listed', orders: [] },
      { type: 'placed', order: order(3) },
      { type: 'placed', order: order(3) },
    );
    expect(Object.keys(state.orders)).toEqual(['3']);
    expect(state.arrivals.count).toBe(1);
  });

  it('keeps the newest version of an order whatever the order events and lists arrive in', () => {
    const ready = moved(order(1), 'ready', '2026-11-23T15:05:00Z');
    const state = run(
      { type: 'listed', orders: [order(1)] },
      { type: 'updated', order: ready },
      // A list that left the server before the move.
      { type: 'listed', orders: [order(1)] },
    );
    expect(state.orders[1]?.status).toBe('ready');
  });

  it('counts pending orders that a reload finds (placed while the stream was down) as new', () => {
    const state = run({ type: 'listed', orders: [order(1)] }, { type: 'listed', orders: [order(1), order(2)] });
    expect(state.fresh).toEqual([2]);
    expect(state.arrivals.ids).toEqual([2]);
  });

  it('keeps every order that arrived before the board announced, not only the latest batch', () => {
    const listed = run({ type: 'listed', orders: [order(1)] });
    // Two orders placed within one render: the board announces after both.
    const state = [{ type: 'placed', order: order(2) } as const, { type: 'placed', order: order(3) } as const].reduce(
      boardReducer,
      listed,
    );
    expect(state.arrivals).toEqual({ count: 2, ids: [2, 3] });
    expect(unannounced(state.arrivals, listed.arrivals.count)).toEqual([2, 3]);
    // Once announced, nothing is again; the next arrival alone is.
    expect(unannounced(state.arrivals, 2)).toEqual([]);
    const next = boardReducer(state, { type: 'placed', order: order(4) });
    expect(unannounced(next.arrivals, 2)).toEqual([4]);
    // A reset (another branch) starts the count again: nothing left to announce.
    expect(unannounced(boardReducer(next, { type: 'reset' }).arrivals, 3)).toEqual([]);
  });

  it('keeps the latest ARRIVALS_KEPT arrived ids', () => {
    const many = Array.from(
      { length: ARRIVALS_KEPT + 5 },
      (_, i) => ({ type: 'placed', order: order(i + 2) }) as const,
    );
    const state = run({ type: 'listed', orders: [] }, ...many);
    expect(state.arrivals.count).toBe(ARRIVALS_KEPT + 5);
    expect(state.arrivals.ids).toHaveLength(ARRIVALS_KEPT);
    expect(state.arrivals.ids.at(-1)).toBe(ARRIVALS_KEPT + 6);
  });

  it('stops highlighting an order once acknowledged or moved on', () => {
    let state = run(
      { type: 'listed', orders: [] },
      { type: 'placed', order: order(1) },
      { type: 'placed', order: order(2) },
    );
    state = boardReducer(state, { type: 'acknowledged', id: 1 });
    expect(state.fresh).toEqual([2]);
    state = boardReducer(state, { type: 'updated', order: moved(order(2), 'sent_to_kitchen', '2026-11-23T15:06:00Z') });
    expect(state.fresh).toEqual([]);
  });

  it('starts empty again on reset (another branch)', () => {
    expect(run({ type: 'listed', orders: [order(1)] }, { type: 'reset' })).toEqual(initialBoardState);
  });
});

describe('the board lanes', () => {
  it('orders active lanes oldest first, shows delivery lanes only when used, keeps finished orders apart', () => {
    const orders = Object.fromEntries(
      [
        order(2),
        order(1),
        order(3, { status: 'ready' }),
        order(4, { status: 'delivered', updatedAt: '2026-11-23T16:00:00Z' }),
        order(5, { status: 'canceled', updatedAt: '2026-11-23T17:00:00Z' }),
        order(6, { branchId: BRANCH + 1 }),
      ].map((o) => [o.id, o]),
    );
    const { lanes, finished } = boardLanes(orders, BRANCH);
    expect(lanes.map((l) => [l.status, l.orders.map((o) => o.id)])).toEqual([
      ['pending', [1, 2]],
      ['sent_to_kitchen', []],
      ['ready', [3]],
    ]);
    expect(finished.map((o) => o.id)).toEqual([5, 4]);

    const withDelivery = boardLanes({ ...orders, 8: order(8, { orderType: 3, status: 'en_route' }) }, BRANCH);
    expect(withDelivery.lanes.map((l) => l.status)).toEqual(['pending', 'sent_to_kitchen', 'ready', 'en_route']);
  });
});

describe('tables', () => {
  const table = (id: number, number: string, status: Table['status'], updatedAt = '2026-11-23T15:00:00Z'): Table => ({
    id,
    branchId: BRANCH,
    number,
    status,
    updatedAt,
  });

  it('merges by id, newest wins, sorted by table number as people read it', () => {
    const list = mergeTables([table(1, '10', 'free'), table(2, '2', 'free')], [table(3, '1', 'reserved')]);
    expect(list.map((t) => t.number)).toEqual(['1', '2', '10']);
    const stale = mergeTables(
      [table(2, '2', 'occupied', '2026-11-23T15:10:00Z')],
      [table(2, '2', 'free', '2026-11-23T15:00:00Z')],
    );
    expect(stale[0]?.status).toBe('occupied');
  });
});

describe('the live stream', () => {
  it('waits longer after each refused attempt, up to 30 s', () => {
    expect([0, 1, 2, 3, 10].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 30_000]);
  });

  it('gives up on an ended session or a branch out of scope, and retries anything else', () => {
    const error = (status: number) => new ApiError({ code: 'x', message: 'x', status });
    expect([401, 403, 404].map((s) => shouldRetry(error(s)))).toEqual([false, false, false]);
    expect([0, 500, 503].map((s) => shouldRetry(error(s)))).toEqual([true, true, true]);
    expect(shouldRetry(new Error('offline'))).toBe(true);
  });
});

describe('the POS state on the board (Foodics)', () => {
  const pos = (
    state: NonNullable<StaffOrder['pos']>['state'],
    updatedAt: string,
    waitingSince: string | null = null,
  ) => ({
    state,
    reason: null,
    nextTryAt: null,
    failures: 0,
    sentAt: '2026-11-23T15:00:05Z',
    waitingSince,
    updatedAt,
  });

  it('keeps a later POS change of an order whose own updatedAt did not move, and drops an older one', () => {
    const sending = order(1, { pos: pos('sending', '2026-11-23T15:00:01Z') });
    const sent = order(1, { pos: pos('sent', '2026-11-23T15:00:05Z') });
    const state = run({ type: 'listed', orders: [sending] }, { type: 'updated', order: sent });
    expect(state.orders[1]?.pos?.state).toBe('sent');
    // A list answered before that change arrives late: the board keeps the newer POS state.
    expect(boardReducer(state, { type: 'listed', orders: [sending] }).orders[1]?.pos?.state).toBe('sent');
  });

  it('lists the orders waiting at Foodics for the alert, oldest first, until they end here', () => {
    const state = run({
      type: 'listed',
      orders: [
        order(3, { pos: pos('sent', '2026-11-23T15:06:00Z', '2026-11-23T15:06:00Z') }),
        order(1, { pos: pos('sent', '2026-11-23T15:06:00Z', '2026-11-23T15:06:00Z') }),
        order(2, { pos: pos('accepted', '2026-11-23T15:06:00Z') }),
        order(4, { status: 'canceled', pos: pos('sent', '2026-11-23T15:06:00Z', '2026-11-23T15:06:00Z') }),
        order(5, { branchId: BRANCH + 1, pos: pos('sent', '2026-11-23T15:06:00Z', '2026-11-23T15:06:00Z') }),
      ],
    });
    expect(waitingAtPos(state.orders, BRANCH).map((o) => o.id)).toEqual([1, 3]);
  });
});
