/**
 * One order event for a point-of-sale system (Foodics and the like) of an `integrated` branch.
 * Delivery is at least once: after a failure or a crash mid-delivery the same event comes again, so an
 * adapter must make a repeat harmless, by `orderReference` (create the order once) and `eventId` (apply a
 * status change once).
 */
export interface PosDelivery {
  /** Stable for the order's whole life: `sufra-order-<id>`. Use it as the POS's external/idempotency reference. */
  orderReference: string;
  /** Stable for this one event: `sufra-outbox-<id>`. */
  eventId: string;
  event: 'order_placed' | 'order_status_changed';
  orderId: number;
  brandId: number;
  branchId: number;
  /** The outbox row's payload (ids, number; from/to for a status change). */
  payload: Record<string, unknown>;
}

/** What the kitchen relay needs from a POS. Adapters throw on failure; the relay retries with backoff. */
export interface PosProvider {
  readonly name: string;
  deliver(delivery: PosDelivery): Promise<void>;
}
