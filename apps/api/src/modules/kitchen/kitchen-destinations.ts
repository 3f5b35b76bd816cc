import type { PosProvider } from '../../providers/pos/pos-provider.ts';
import { liveNotification } from '../order-events/order-events.repo.ts';
import type { ClaimedOutboxRow, OutboxNotice } from './order-outbox.repo.ts';

/**
 * Where an outbox row goes. One inside the database (`notice`) is a NOTIFY sent once per row by the statement
 * that records the row was announced, so it happens exactly when that commits. One outside it (`deliver`) is
 * called before the row is marked delivered and may be called again for the same row (at least once).
 */
export interface KitchenDestination {
  readonly name: string;
  accepts(row: ClaimedOutboxRow): boolean;
  deliver?(row: ClaimedOutboxRow): Promise<void>;
  notice?(row: ClaimedOutboxRow): OutboxNotice;
}

/**
 * The built-in order board, for every branch: a placed order is announced (`order_placed`) once per row, even
 * while the branch's POS still fails. Status changes were announced when they were made.
 */
export function boardDestination(): KitchenDestination {
  return {
    name: 'board',
    accepts: (row) => row.event === 'order_placed',
    notice: (row) =>
      liveNotification({
        kind: 'order_placed',
        orderId: row.orderId,
        brandId: row.brandId,
        branchId: row.branchId,
        customerId: row.customerId,
      }),
  };
}

/** An `integrated` branch's POS: every event of its orders, with references that make repeats harmless. */
export function posDestination(provider: PosProvider): KitchenDestination {
  return {
    name: `pos:${provider.name}`,
    accepts: (row) => row.integrated,
    async deliver(row) {
      await provider.deliver({
        orderReference: `sufra-order-${row.orderId}`,
        eventId: `sufra-outbox-${row.id}`,
        event: row.event,
        orderId: row.orderId,
        brandId: row.brandId,
        branchId: row.branchId,
        payload: row.payload,
      });
    },
  };
}
