import { isOrderStatus, isTerminalOrderStatus } from '@sufra/shared/machines/order-status';
import type { OrderLifecycle, OrderMomentEvent } from '../../core/order-lifecycle.service.ts';
import type { Queryable } from '../../db/client.ts';
import { freeTableAfterLastOrder } from './tables.repo.ts';

/** A dine-in order at a table ending as the table's last: the table is Free again, in the move's transaction. */
async function freeAfterLastOrder(tx: Queryable, { order, to, at }: OrderMomentEvent): Promise<void> {
  if (order.tableId === null || to === undefined || !isOrderStatus(to) || !isTerminalOrderStatus(to)) return;
  await freeTableAfterLastOrder(tx, order.tableId, at);
}

/** Tables react to an order's moves (orders imports nothing of tables). */
export function subscribeTables(lifecycle: OrderLifecycle): void {
  lifecycle.on('status_changed', 'tables: free after the last order', freeAfterLastOrder);
}
