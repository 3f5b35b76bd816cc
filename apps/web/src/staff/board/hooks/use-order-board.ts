import { useCallback, useEffect, useRef, useState } from 'react';
import { errorText } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/use-language';
import { openStaffOrderEvents, type StreamState } from '../api/staff-order-events';
import { mergeTables } from '../board-orders';
import { useBoardLists } from './use-board-lists';
import { useBoardMoves } from './use-board-moves';

export interface Connection {
  state: StreamState;
  /** Why the stream stopped for good (a branch out of scope), in the interface language. */
  error: string | null;
}

/**
 * One branch's board: the live stream, the order and table lists loaded after each `ready` (`useBoardLists`), and
 * the moves (`useBoardMoves`). A branch change starts everything again; answers that arrive for the previous branch
 * are dropped.
 */
export function useOrderBoard(branchId: number) {
  const language = useLanguage();
  const languageRef = useRef(language);
  languageRef.current = language;
  const lists = useBoardLists(branchId, languageRef);
  const { dispatch, setTables, loadOrders, loadTables, reset } = lists;
  const [connection, setConnection] = useState<Connection>({ state: 'connecting', error: null });

  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` reopens a stream that stopped (the retry button)
  useEffect(() => {
    reset();
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

  const reconnect = useCallback(() => setAttempt((n) => n + 1), []);
  const moves = useBoardMoves(lists, languageRef);

  return {
    state: lists.state,
    ordersError: lists.ordersError,
    tables: lists.tables,
    tablesError: lists.tablesError,
    connection,
    refresh,
    ...moves,
    reconnect,
  };
}
