/**
 * What the checkout page gives the loyalty feature's points control, and takes back (app/router.tsx joins them, so
 * ordering never imports loyalty): the order's worth the points may take off, the chosen spend, and the server's
 * refusal to show beside the control.
 */
export interface CheckoutPointsProps {
  uuid: string;
  /** The lines after other discounts, before points (the pricing function's subtotal − coupon), in halalas. */
  discountableHalalas: number;
  /** The points chosen (0: none). */
  points: number;
  onChange: (spend: CheckoutPointsSpend) => void;
  /** The server's localized refusal of the last spend; the control has been reset to none. */
  refusal: string | null;
  disabled: boolean;
}

export interface CheckoutPointsSpend {
  points: number;
  /** What they take off, in halalas (priceCart's `pointsHalalas`). */
  valueHalalas: number;
}

export const NO_POINTS: CheckoutPointsSpend = { points: 0, valueHalalas: 0 };

/** Placement's refusals of the points part of an order: shown at the control, which resets; nothing else is lost. */
export const POINTS_REFUSALS: ReadonlySet<string> = new Set([
  'points_not_available',
  'points_below_minimum',
  'points_above_transaction_max',
  'points_above_daily_max',
  'redemptions_daily_max',
  'points_insufficient',
  'points_above_order',
]);
