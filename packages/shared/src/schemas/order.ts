import { z } from 'zod';
import { ORDER_STATUSES } from '../machines/order-status.ts';
import { ACCEPT_DELAY_LIMITS, DECLINE_REASONS } from '../order-times.ts';
import { PRICING_LIMITS } from '../pricing/price-cart.ts';
import { boundedDateTime, latLng, localizedText, orderTypeSchema } from './common.ts';

// Defined in a zod-free module so the browser can import it alone; re-exported for the API modules that import it with
// the order schemas (they are being reshaped in parallel, issue 14; they may import the plain module instead).
export { PAYMENT_EXPIRED_REASON } from '../order-cancel-reasons.ts';

/**
 * Orders (issue 4).
 *   POST  /api/orders/{uuid}/                  placeOrderBody, Idempotency-Key header → 201 orderSchema
 *                                              (card: placedOrderResponse in payment.ts, with the redirect)
 *   GET   /api/orders/{uuid}/?page=&pageSize=  → 200 orderListResponse (the signed-in customer's, newest first)
 *   GET   /api/orders/{uuid}/{id}/             → 200 orderSchema (another customer's → 404 order_not_found)
 *   GET   /api/staff/orders/?branchId=&status= → 200 staffOrderListResponse (the staff user's branches)
 *   PATCH /api/staff/orders/{id}/status/       orderStatusBody → 200 staffOrderSchema
 *   POST  /api/staff/orders/{id}/cash-received/ (no body) → 200 staffOrderSchema: a cash order's money taken
 *
 * The client sends what was chosen, never what it costs: the server prices every order from the menu with
 * priceCart and answers with its own figures. Price fields in the body are not part of the contract and are
 * dropped unread (zod strips unknown keys), so a tampered price changes nothing.
 */

const id = z.number().int().positive().max(2_147_483_647);
/** 1..99; the error handler names a quantity outside it `quantity_out_of_range`. */
const quantity = z.number().int().min(1).max(PRICING_LIMITS.maxQuantity);
const modifierIds = z.array(id).max(PRICING_LIMITS.maxModifiersPerLine);

export const productLineBody = z.object({
  kind: z.literal('product'),
  itemId: id,
  quantity,
  /** Modifier option ids. */
  modifiers: modifierIds.default([]),
});

export const comboLineBody = z.object({
  kind: z.literal('combo'),
  itemId: id,
  quantity,
  /** One product per slot of the combo. */
  slots: z.array(z.object({ slotId: id, itemId: id })).max(PRICING_LIMITS.maxSlotsPerCombo),
  modifiers: modifierIds.default([]),
});

export const orderLineBody = z.discriminatedUnion('kind', [productLineBody, comboLineBody]);
export type OrderLineBody = z.input<typeof orderLineBody>;

export const PAYMENT_METHODS = ['cash', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * The order's money state. `unpaid`: cash not yet taken, or a card order whose payment is not verified yet (the
 * kitchen does not see a card order until it is `paid`); `paid`; `refunded`: a paid card order canceled and
 * refunded in full (the provider confirmed). A paid order canceled stays `paid` until the provider confirms.
 */

export const ORDER_PAYMENT_STATUSES = ['unpaid', 'paid', 'refunded'] as const;
export type OrderPaymentStatus = (typeof ORDER_PAYMENT_STATUSES)[number];

/**
 * A card order's money going back to the diner (issue 13): `pending` from the cancel of a paid order until the
 * provider confirms the refund, `done` after; null when nothing is owed (cash, unpaid, or not canceled).
 */
export const ORDER_REFUND_STATES = ['pending', 'done'] as const;
export type OrderRefundState = (typeof ORDER_REFUND_STATES)[number];

export function orderRefundState(order: {
  paymentMethod: PaymentMethod;
  paymentStatus: OrderPaymentStatus;
  status: string;
}): OrderRefundState | null {
  if (order.paymentMethod !== 'card') return null;
  if (order.paymentStatus === 'refunded') return 'done';
  return order.paymentStatus === 'paid' && order.status === 'canceled' ? 'pending' : null;
}

export const placeOrderBody = z.object({
  /** 1 dine-in, 2 pickup, 3 delivery (order-types.ts). */
  orderType: orderTypeSchema,
  /** Pickup and delivery: the branch chosen on the branch list (same brand). Dine-in: the QR's branch, always. */
  branchId: id.optional(),
  /** Delivery: one of the customer's saved addresses. */
  addressId: id.optional(),
  /**
   * Dine-in from a counter QR: where the diner is (the browser's location); checked against the branch's dine-in
   * radius. A table's QR needs none: the QR on the table is the proof the diner is there.
   */
  location: latLng.optional(),
  /**
   * Dine-in from a counter QR at a branch with tables: the number printed on the diner's table (Arabic-Indic digits
   * accepted). Ignored for a table's QR, whose table it is.
   */
  tableNumber: z.string().trim().min(1).max(20).optional(),
  lines: z.array(orderLineBody).min(1).max(PRICING_LIMITS.maxLines),
  notes: z.string().trim().max(500).optional(),
  /** When the diner wants the order; absent: as soon as possible. */
  receiveAt: boundedDateTime.optional(),
  /** Card: where the branch's payment choices allow it; the answer carries the provider's page (payment.ts). */
  paymentMethod: z.enum(PAYMENT_METHODS),
  /**
   * Loyalty points to spend on this order (issue 15): checked against the wallet and the brand's limits, worth
   * their value off the lines (shared pricing), taken in the placement's transaction; a canceled order gives them back.
   */
  points: z.number().int().min(1).max(10_000_000).optional(),
  /**
   * One coupon code (issue 16; a list is refused: one coupon an order), as typed: the server normalises it, checks
   * every rule and limit again in the placement's transaction and records its use there.
   */
  couponCode: z.string().trim().min(1).max(64).optional(),
  /**
   * A reward the diner owns (its My Rewards id), one an order: a free item is added to the order as one more line at
   * no price; a fixed or percent discount comes off the lines (shared pricing, before points; not with a coupon). The
   * reward is claimed in the placement's transaction (a canceled order gives it back).
   */
  rewardId: z.number().int().min(1).max(2_147_483_647).optional(),
  /**
   * A free-item reward's required choices (option ids), as the diner picked them; absent: the cheapest of each. Only
   * options of groups the item requires; a dearer choice costs what it adds over its group's cheapest.
   */
  rewardModifiers: z.array(z.number().int().min(1).max(2_147_483_647)).max(50).optional(),
});
export type PlaceOrderBody = z.input<typeof placeOrderBody>;

/** The server's figures (priceCart's), in halalas. */
export const orderPricingSchema = z.object({
  taxMode: z.enum(['inclusive', 'exclusive']),
  subtotal: z.number().int(),
  branchTaxes: z.number().int(),
  modifiersTaxes: z.number().int(),
  chargeAmount: z.number().int(),
  chargesTaxes: z.number().int(),
  deliveryFee: z.number().int(),
  taxesPrice: z.number().int(),
  totalDiscount: z.number().int(),
  total: z.number().int(),
  foodicsTaxes: z.number().int(),
  foodicsCharges: z.number().int(),
  foodicsTotal: z.number().int(),
});
export type OrderPricing = z.infer<typeof orderPricingSchema>;

export const orderLineSchema = z.object({
  kind: z.enum(['product', 'combo']),
  itemId: z.number().int(),
  name: localizedText,
  quantity: z.number().int(),
  /** One unit with its slot extras and modifiers. */
  unitPriceHalalas: z.number().int(),
  subtotal: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  modifiers: z.array(z.object({ optionId: z.number().int(), name: localizedText, priceHalalas: z.number().int() })),
  slots: z.array(
    z.object({
      slotId: z.number().int(),
      itemId: z.number().int(),
      name: localizedText,
      extraPriceHalalas: z.number().int(),
    }),
  ),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderStatusSchema = z.enum(ORDER_STATUSES);

/**
 * Order times (issue 28 item 3), the server's figures: when each status was reached, the preparation and drive
 * counted at placement, the board's "ready in N min", and the estimate (shared estimateOrderTimes) as of the order's
 * current status: ready at, and for a delivery arrival at; null once finished, or for an order placed before issue 28.
 */
export const orderTimesSchema = z.object({
  statusTimes: z.partialRecord(orderStatusSchema, z.iso.datetime()),
  prepMinutes: z.number().int().nullable(),
  deliveryMinutes: z.number().int().nullable(),
  acceptDelayMinutes: z.number().int().nullable(),
  estimate: z.object({ readyAt: z.iso.datetime(), arrivalAt: z.iso.datetime().nullable() }).nullable(),
});
export type OrderTimes = z.infer<typeof orderTimesSchema>;
const NO_TIMES: OrderTimes = {
  statusTimes: {},
  prepMinutes: null,
  deliveryMinutes: null,
  acceptDelayMinutes: null,
  estimate: null,
};

export const orderAddressSnapshot = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  doorNumber: z.string().nullable(),
  levelNumber: z.string().nullable(),
  blockNumber: z.string().nullable(),
  phone: z.string().nullable(),
  location: latLng,
});
export type OrderAddressSnapshot = z.infer<typeof orderAddressSnapshot>;

export const orderSchema = z.object({
  id: z.number().int(),
  /** Short and per branch: 1, 2, 3 … in the order the branch received them; shown as "#42". */
  number: z.number().int(),
  branchId: z.number().int(),
  branchName: localizedText,
  orderType: orderTypeSchema,
  status: orderStatusSchema,
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentStatus: z.enum(ORDER_PAYMENT_STATUSES),
  table: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  address: orderAddressSnapshot.nullable(),
  notes: z.string().nullable(),
  receiveAt: z.iso.datetime().nullable(),
  pricing: orderPricingSchema,
  lines: z.array(orderLineSchema),
  /** Staff's words, or PAYMENT_EXPIRED_REASON when an unpaid card order ran out of time (show it localized). */
  cancelReason: z.string().nullable(),
  /** A cash order: when staff recorded the cash taken (paymentStatus is then `paid`); null until then. */
  cashReceivedAt: z.iso.datetime().nullable(),
  /** orderRefundState: whether a canceled card order's money is on its way back. (Default: answers kept before it.) */
  refund: z.enum(ORDER_REFUND_STATES).nullable().default(null),
  /** Order times (default: answers kept before issue 28). */
  times: orderTimesSchema.default(NO_TIMES),
  /** Why the kitchen declined the order, from DECLINE_REASONS (shown localized); null otherwise. */
  declineReason: z.enum(DECLINE_REASONS).nullable().default(null),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderParams = z.object({ uuid: z.uuid(), id: z.coerce.number().int().positive().max(2_147_483_647) });

export const orderListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export const orderListResponse = z.object({
  orders: z.array(orderSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export type OrderListResponse = z.infer<typeof orderListResponse>;

/**
 * An integrated branch's order at the POS (Foodics, issue 28 items 1/6), from its hand-off: `sending` (queued, not
 * tried yet), `retrying` (a try failed: `reason`, next try at `nextTryAt`), `dead` (given up: `reason`; the console's
 * Foodics page retries it or marks it handled), `handled`, `sent` (Foodics has it, still Pending there), `accepted`
 * (Active or later at Foodics), `declined` (Declined or Void there). `waitingSince`: the pending alert, raised when it
 * stayed Pending at Foodics FOODICS_PENDING_ALERT_MINUTES after it was sent (null once accepted or declined).
 */
export const POS_STATES = ['sending', 'retrying', 'dead', 'handled', 'sent', 'accepted', 'declined'] as const;
export type PosState = (typeof POS_STATES)[number];
export const orderPosSchema = z.object({
  state: z.enum(POS_STATES),
  reason: z.string().nullable(),
  nextTryAt: z.iso.datetime().nullable(),
  failures: z.number().int(),
  sentAt: z.iso.datetime().nullable(),
  waitingSince: z.iso.datetime().nullable(),
  /** The hand-off's own last change (the board keeps the newest version of an order by this and updatedAt). */
  updatedAt: z.iso.datetime(),
});
export type OrderPos = z.infer<typeof orderPosSchema>;

/** The staff board sees who ordered (null once the customer deleted their account). */
export const staffOrderSchema = orderSchema.extend({
  customer: z.object({ id: z.number().int(), fullName: z.string(), phone: z.string() }).nullable(),
  /** Who recorded the cash taken (null until then, or once that staff user is deleted). */
  cashReceivedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The order at the POS for an integrated branch (null: not handed to a POS). */
  pos: orderPosSchema.nullable().default(null),
});
export type StaffOrder = z.infer<typeof staffOrderSchema>;

export const staffOrdersQuery = z.object({
  branchId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  status: orderStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export const staffOrderListResponse = z.object({ orders: z.array(staffOrderSchema) });

export const orderStatusBody = z.object({
  to: orderStatusSchema,
  /** Canceling needs this or a declineReason (the board asks for one); kept on the order. */
  reason: z.string().trim().min(1).max(500).optional(),
  /** Canceling only: one of the listed reasons, which the diner reads in their language. */
  declineReason: z.enum(DECLINE_REASONS).optional(),
  /** Accepting (to sent_to_kitchen) only: "ready in N min" from now, which the diner's estimate then follows. */
  delayMinutes: z.number().int().min(ACCEPT_DELAY_LIMITS.min).max(ACCEPT_DELAY_LIMITS.max).optional(),
});
