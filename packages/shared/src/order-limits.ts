import type { Halalas } from './money.ts';

/**
 * How big one order may be (issue 13, item 6). The per-line quantity cap (1..99, `PRICING_LIMITS`) alone let a diner
 * repeat a line: 200 lines × 99 reached the kitchen as a 2.46M SAR order. These bound the order as a whole, and the
 * server refuses each with its own 422 before anything is written (orders.service, with the shared pricing).
 * Data rather than code (house rule 5): a client can check the same figures (the web cart does not yet).
 */
export const ORDER_LIMITS = {
  /** Lines in one order: a large table's order fits; more is a catering request, not a QR order. */
  maxLines: 50,
  /** Units of one menu item across all the order's lines (the per-line cap, so repeating a line gains nothing). */
  maxQuantityPerItem: 99,
  /** What one order may cost, tax and charges included: 50,000 SAR. */
  maxTotalHalalas: 5_000_000,
} as const;

export type OrderLimitCode = 'order_too_many_lines' | 'order_item_quantity_limit' | 'order_total_too_large';

/** The first limit the order breaks (the catalogue's code, and the item it is about), or null when within them all. */
export function orderLimitProblem(
  lines: readonly { itemId: number; quantity: number }[],
): { code: OrderLimitCode; itemId?: number } | null {
  if (lines.length > ORDER_LIMITS.maxLines) return { code: 'order_too_many_lines' };
  const perItem = new Map<number, number>();
  for (const line of lines) {
    const quantity = (perItem.get(line.itemId) ?? 0) + line.quantity;
    if (quantity > ORDER_LIMITS.maxQuantityPerItem) return { code: 'order_item_quantity_limit', itemId: line.itemId };
    perItem.set(line.itemId, quantity);
  }
  return null;
}

/** The total is checked once priced (by priceCart, on both sides). */
export function orderTotalTooLarge(total: Halalas): boolean {
  return total > ORDER_LIMITS.maxTotalHalalas;
}
