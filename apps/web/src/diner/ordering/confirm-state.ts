import type { Order } from '@sufra/shared/schemas/order';

/**
 * What the confirmation gets in history state from the page that sent the diner there (survives a reload): the
 * checkout's preview total, to say when the server's differs, and the order as placed or verified.
 */
export interface ConfirmState {
  previewTotal?: number;
  /** The order as the placement (or the payment's verification) answered it: shown at once, then refreshed. */
  order?: Order;
}
