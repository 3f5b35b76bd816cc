import type { OrderStatus } from '@sufra/shared/machines/order-status';
import type { TableStatus } from '@sufra/shared/machines/table-status';
import type { StaffOrder } from '@sufra/shared/schemas/order';
import type { Table } from '@sufra/shared/schemas/order-events';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { ApiError, errorText } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useLanguage } from '../../../lib/use-language';
import { getStaffOrders } from '../api/get-staff-orders';
import { getStaffTables } from '../api/get-staff-tables';
import { recordCashReceived } from '../api/record-cash-received';
import { openStaffOrderEvents, type StreamState } from '../api/staff-order-events';
import { updateOrderStatus } from '../api/update-order-status';
import { updateTableStatus } from '../api/update-table-status';
import { boardReducer, initialBoardState, mergeTables } from '../board-orders';

export interface Connection {
  state: StreamState;
  /** Why the stream stopped for good (a branch out of scope), in the interface language. */
  error: string | null;
}

/**
 * One branch's board: the live stream, the order and table lists loaded after each `ready`, and the moves. A branch
 * change starts everything again; answers that arrive for the previous branch are dropped.
 */
export function useOrderBoard(branchId: number) {
  const language = useLanguage();
  const languageRef = useRef(language);
  languageRef.current = language;
  const [state, dispatch] = useReducer(boardReducer, initialBoardState);
  const [ordersError, setOrdersError] = useState<string | null>(null);
  const [tables, setTables] = useState<Table[] | null>(null);
  const [tablesError, setTablesError] = useState<string | null>(null);
  const [connection, setConnection] = useState<Connection>({ state: 'connecting', error: null });
  const branchRef = useRef(branchId);
  branchRef.current = branchId;

  const loadOrders = useCallback(async () => {
    try {
      const orders = await getStaffOrders(branchId, languageRef.current);
      if (branchRef.current !== branchId) return;
      dispatch({ type: 'listed', orders });
      setOrdersError(null);
    } catch (error) {
      if (branchRef.current === branchId) setOrdersError(errorText(error, languageRef.current));
      throw error;
    }
  }, [branchId]);

  const loadTables = useCallback(async () => {
    try {
      const list = await getStaffTables(branchId, languageRef.current);
      if (branchRef.current !== branchId) return;
      setTables((known) => mergeTables(known ?? [], list));
      setTablesError(null);
    } catch (error) {
      if (branchRef.current === branchId) setTablesError(errorText(error, languageRef.current));
    }
  }, [branchId]);

  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` reopens a stream that stopped (the retry button)
  useEffect(() => {
    dispatch({ type: 'reset' });
    setTables(null);
    setOrdersError(null);
    setTablesError(null);
    return openStaffOrderEvents(branchId, {
      onReady: () => {
        loadOrders().catch(() => undefined);
        void loadTables();
      },
      onOrder: (order, placed) => dispatch({ type: placed ? 'placed' : 'updated', order }),
      // Before the first list the event is dropped: the list loaded after `ready` already holds it.
      onTable: (table) => setTables((known) => (known ? mergeTables(known, [table]) : known)),
      onState: (next, error) =>
        setConnection({ state: next, error: error ? errorText(error, languageRef.current) : null }),
      probe: loadOrders,
    });
  }, [branchId, loadOrders, loadTables, attempt]);

  const refresh = useCallback(() => {
    loadOrders().catch(() => undefined);
    void loadTables();
  }, [loadOrders, loadTables]);

  /**
   * Resolves with the order as the server has it. A 409 (someone moved it first) is no error of this card: the
   * localized message shows as a toast, the list reloads (the card goes where the order is now), and it resolves null.
   */
  const move = useCallback(
    async (order: StaffOrder, to: OrderStatus, reason?: string): Promise<StaffOrder | null> => {
      try {
        const updated = await updateOrderStatus(order.id, to, reason, languageRef.current);
        dispatch({ type: 'updated', order: updated });
        dispatch({ type: 'acknowledged', id: order.id });
        return updated;
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 409)) throw error;
        void showToast(error.message, 'error');
        await loadOrders().catch(() => undefined);
        return null;
      }
    },
    [loadOrders],
  );

  /** The cash taken for a cash order, recorded by this user; a 409 (recorded already, canceled) as for a move. */
  const recordCash = useCallback(
    async (order: StaffOrder): Promise<StaffOrder | null> => {
      try {
        const updated = await recordCashReceived(order.id, languageRef.current);
        dispatch({ type: 'updated', order: updated });
        return updated;
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 409)) throw error;
        void showToast(error.message, 'error');
        await loadOrders().catch(() => undefined);
        return null;
      }
    },
    [loadOrders],
  );

  const setTableStatus = useCallback(async (table: Table, to: TableStatus) => {
    const updated = await updateTableStatus(table.id, to, languageRef.current);
    setTables((known) => mergeTables(known ?? [], [updated]));
  }, []);

  const acknowledge = useCallback((id: number) => dispatch({ type: 'acknowledged', id }), []);
  const reconnect = useCallback(() => setAttempt((n) => n + 1), []);

  return {
    state,
    ordersError,
    tables,
    tablesError,
    connection,
    refresh,
    move,
    recordCash,
    setTableStatus,
    acknowledge,
    reconnect,
  };
}
