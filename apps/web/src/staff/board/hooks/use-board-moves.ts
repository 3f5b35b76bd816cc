import type { Language } from '@sufra/shared/language';
import type { OrderStatus } from '@sufra/shared/machines/order-status';
import type { TableStatus } from '@sufra/shared/machines/table-status';
import type { StaffOrder } from '@sufra/shared/schemas/order';
import type { Table } from '@sufra/shared/schemas/order-events';
import { type RefObject, useCallback } from 'react';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { recordCashReceived } from '../api/record-cash-received';
import { type MoveExtras, updateOrderStatus } from '../api/update-order-status';
import { updateTableStatus } from '../api/update-table-status';
import { mergeTables } from '../board-orders';
import type { BoardLists } from './use-board-lists';

/**
 * A 409 (someone moved the order first, cash recorded already, canceled) is no error of this card: the localized
 * message shows as a toast, the list reloads (the card goes where the order is now), and the move resolves null.
 */
async function afterConflict(error: unknown, loadOrders: BoardLists['loadOrders']): Promise<null> {
  if (!(error instanceof ApiError && error.status === 409)) throw error;
  void showToast(error.message, 'error');
  await loadOrders().catch(() => undefined);
  return null;
}

/** What staff do on the board: move an order, record the cash taken, set a table's status, acknowledge a new order. */
export function useBoardMoves(lists: BoardLists, languageRef: RefObject<Language>) {
  const { dispatch, setTables, loadOrders } = lists;

  /** Resolves with the order as the server has it, or null after a 409 (see `afterConflict`). */
  const move = useCallback(
    async (order: StaffOrder, to: OrderStatus, extras?: MoveExtras): Promise<StaffOrder | null> => {
      try {
        const updated = await updateOrderStatus(order.id, to, extras, languageRef.current);
        dispatch({ type: 'updated', order: updated });
        dispatch({ type: 'acknowledged', id: order.id });
        return updated;
      } catch (error) {
        return afterConflict(error, loadOrders);
      }
    },
    [loadOrders, dispatch, languageRef],
  );

  /** The cash taken for a cash order, recorded by this user; a 409 as for a move. */
  const recordCash = useCallback(
    async (order: StaffOrder): Promise<StaffOrder | null> => {
      try {
        const updated = await recordCashReceived(order.id, languageRef.current);
        dispatch({ type: 'updated', order: updated });
        return updated;
      } catch (error) {
        return afterConflict(error, loadOrders);
      }
    },
    [loadOrders, dispatch, languageRef],
  );

  const setTableStatus = useCallback(
    async (table: Table, to: TableStatus) => {
      const updated = await updateTableStatus(table.id, to, languageRef.current);
      setTables((known) => mergeTables(known ?? [], [updated]));
    },
    [setTables, languageRef],
  );

  const acknowledge = useCallback((id: number) => dispatch({ type: 'acknowledged', id }), [dispatch]);

  return { move, recordCash, setTableStatus, acknowledge };
}
