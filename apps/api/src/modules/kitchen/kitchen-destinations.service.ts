import type { ClaimedOutboxRow } from '../../core/order-outbox.repo.ts';
import type { PosProvider } from '../../providers/pos/pos-provider.ts';

/**
 * Where an outbox row goes outside the database: `deliver` is called before the row is marked delivered and may be
 * called again for the same row (at least once). The board is not one: the transaction that hands an order to the
 * kitchen, or moves it, sends the board's live notice itself (docs/adr/0067-one-path-to-the-board.md).
 */
export interface KitchenDestination {
  readonly name: string;
  accepts(row: ClaimedOutboxRow): boolean;
  deliver(row: ClaimedOutboxRow): Promise<void>;
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
