import { isTerminalOrderStatus, type OrderStatus } from '@sufra/shared/machines/order-status';
import type { StaffOrder } from '@sufra/shared/schemas/order';
import type { Table } from '@sufra/shared/schemas/order-events';

/**
 * The order board's state as a pure reducer: the list the API gave and the live events merged by order id, newest
 * version wins (by updatedAt), so a duplicate or late event changes nothing. Orders that arrive while the board is
 * open are "fresh" (highlighted, chimed, announced) until someone acknowledges them or moves them on.
 */
export interface BoardState {
  orders: Record<number, StaffOrder>;
  /** False until the first list of this branch has loaded. */
  loaded: boolean;
  fresh: number[];
  /**
   * The orders that arrived while the board was open: how many in all, and the latest ones' ids. The board chimes and
   * announces those it has not yet (`unannounced`): several may arrive between two renders.
   */
  arrivals: { count: number; ids: number[] };
}

/**
 * How many arrived ids the state keeps, and so the most one announcement names: more than arrive between two renders
 * (a reconnect's list of more is announced by its latest 20).
 */
export const ARRIVALS_KEPT = 20;

export type BoardAction =
  | { type: 'listed'; orders: StaffOrder[] }
  | { type: 'placed' | 'updated'; order: StaffOrder }
  | { type: 'acknowledged'; id: number }
  | { type: 'reset' };

export const initialBoardState: BoardState = { orders: {}, loaded: false, fresh: [], arrivals: { count: 0, ids: [] } };

/** The newer of two versions of one order; on a tie the incoming one (an event repeated changes nothing). */
export function newerOrder<T extends { updatedAt: string }>(known: T | undefined, incoming: T): T {
  if (!known) return incoming;
  return Date.parse(incoming.updatedAt) >= Date.parse(known.updatedAt) ? incoming : known;
}

/** An order's version on the board: its own last change, or its POS hand-off's when that came later. */
export function orderVersion(order: Pick<StaffOrder, 'updatedAt' | 'pos'>): number {
  const own = Date.parse(order.updatedAt);
  return order.pos ? Math.max(own, Date.parse(order.pos.updatedAt)) : own;
}

/** The newer of two versions of one order, its POS state counted (a hand-off's change leaves updatedAt as it was). */
export function newerStaffOrder(known: StaffOrder | undefined, incoming: StaffOrder): StaffOrder {
  if (!known) return incoming;
  return orderVersion(incoming) >= orderVersion(known) ? incoming : known;
}

/** The pending alert's orders: still Pending at Foodics past the alert minutes and not finished here, oldest first. */
export function waitingAtPos(orders: Record<number, StaffOrder>, branchId: number): StaffOrder[] {
  return Object.values(orders)
    .filter((o) => o.branchId === branchId && o.pos?.waitingSince && !isTerminalOrderStatus(o.status))
    .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id - b.id);
}

function arrived(state: BoardState, orders: StaffOrder[], next: Record<number, StaffOrder>): BoardState {
  if (orders.length === 0) return { ...state, orders: next };
  return {
    ...state,
    orders: next,
    fresh: [...state.fresh, ...orders.map((o) => o.id)],
    arrivals: {
      count: state.arrivals.count + orders.length,
      ids: [...state.arrivals.ids, ...orders.map((o) => o.id)].slice(-ARRIVALS_KEPT),
    },
  };
}

/**
 * The arrived orders' ids not yet announced, oldest first, given how many had been when the board last announced
 * (none after a reset, which starts the count again).
 */
export function unannounced(arrivals: BoardState['arrivals'], announcedCount: number): number[] {
  const unseen = arrivals.count - announcedCount;
  return unseen > 0 ? arrivals.ids.slice(-unseen) : [];
}

export function boardReducer(state: BoardState, action: BoardAction): BoardState {
  switch (action.type) {
    case 'listed': {
      const next = { ...state.orders };
      const unseen: StaffOrder[] = [];
      for (const order of action.orders) {
        // After a reconnect the list may hold orders placed while the stream was down: new to this board.
        if (state.loaded && !next[order.id] && order.status === 'pending') unseen.push(order);
        next[order.id] = newerStaffOrder(next[order.id], order);
      }
      return arrived({ ...state, loaded: true }, unseen, next);
    }
    case 'placed':
    case 'updated': {
      const known = state.orders[action.order.id];
      const next = { ...state.orders, [action.order.id]: newerStaffOrder(known, action.order) };
      const isNew = !known && action.type === 'placed' && action.order.status === 'pending';
      let result = isNew ? arrived(state, [action.order], next) : { ...state, orders: next };
      // Moved on (here or in another tab): it has been seen.
      if (known && next[action.order.id]?.status !== 'pending') result = acknowledge(result, action.order.id);
      return result;
    }
    case 'acknowledged':
      return acknowledge(state, action.id);
    case 'reset':
      return initialBoardState;
  }
}

function acknowledge(state: BoardState, id: number): BoardState {
  return state.fresh.includes(id) ? { ...state, fresh: state.fresh.filter((f) => f !== id) } : state;
}

/** The board's lanes, in the machine's order; delivery-only lanes only when they hold orders. */
export const ALWAYS_SHOWN_LANES: readonly OrderStatus[] = ['pending', 'sent_to_kitchen', 'ready'];
export const DELIVERY_LANES: readonly OrderStatus[] = ['assigned', 'en_route'];
/** How many finished orders the collapsed list keeps (the latest first). */
export const FINISHED_SHOWN = 20;

export interface BoardLanes {
  lanes: { status: OrderStatus; orders: StaffOrder[] }[];
  finished: StaffOrder[];
}

const byTime = (key: 'createdAt' | 'updatedAt', direction: 1 | -1) => (a: StaffOrder, b: StaffOrder) =>
  direction * (Date.parse(a[key]) - Date.parse(b[key])) || direction * (a.id - b.id);

/** Active orders oldest first (the kitchen works in order); finished ones newest first. */
export function boardLanes(orders: Record<number, StaffOrder>, branchId: number): BoardLanes {
  const all = Object.values(orders).filter((o) => o.branchId === branchId);
  const lanes = [...ALWAYS_SHOWN_LANES, ...DELIVERY_LANES]
    .map((status) => ({ status, orders: all.filter((o) => o.status === status).sort(byTime('createdAt', 1)) }))
    .filter((lane) => ALWAYS_SHOWN_LANES.includes(lane.status) || lane.orders.length > 0);
  const finished = all
    .filter((o) => isTerminalOrderStatus(o.status))
    .sort(byTime('updatedAt', -1))
    .slice(0, FINISHED_SHOWN);
  return { lanes, finished };
}

/** Tables by id, newest version wins, sorted as people read table numbers ("2" before "10"). */
export function mergeTables(tables: Table[], incoming: Table[]): Table[] {
  const byId = new Map(tables.map((t) => [t.id, t]));
  for (const table of incoming) byId.set(table.id, newerOrder(byId.get(table.id), table));
  return [...byId.values()].sort((a, b) => a.number.localeCompare(b.number, undefined, { numeric: true }));
}
