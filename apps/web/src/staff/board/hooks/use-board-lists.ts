import type { Language } from '@sufra/shared/language';
import type { Table } from '@sufra/shared/schemas/order-events';
import { type RefObject, useCallback, useReducer, useRef, useState } from 'react';
import { errorText } from '../../../lib/api-client';
import { getStaffOrders } from '../api/get-staff-orders';
import { getStaffTables } from '../api/get-staff-tables';
import { boardReducer, initialBoardState, mergeTables } from '../board-orders';

/**
 * One branch's order and table lists with what stopped each from loading. An answer that arrives after the board
 * moved to another branch is dropped; a failed order list still throws, since the stream's probe needs to know.
 */
export function useBoardLists(branchId: number, languageRef: RefObject<Language>) {
  const [state, dispatch] = useReducer(boardReducer, initialBoardState);
  const [ordersError, setOrdersError] = useState<string | null>(null);
  const [tables, setTables] = useState<Table[] | null>(null);
  const [tablesError, setTablesError] = useState<string | null>(null);
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
  }, [branchId, languageRef]);

  const loadTables = useCallback(async () => {
    try {
      const list = await getStaffTables(branchId, languageRef.current);
      if (branchRef.current !== branchId) return;
      setTables((known) => mergeTables(known ?? [], list));
      setTablesError(null);
    } catch (error) {
      if (branchRef.current === branchId) setTablesError(errorText(error, languageRef.current));
    }
  }, [branchId, languageRef]);

  /** Back to nothing loaded, for a new branch or a reopened stream. */
  const reset = useCallback(() => {
    dispatch({ type: 'reset' });
    setTables(null);
    setOrdersError(null);
    setTablesError(null);
  }, []);

  return { state, dispatch, ordersError, tables, setTables, tablesError, loadOrders, loadTables, reset };
}

export type BoardLists = ReturnType<typeof useBoardLists>;
