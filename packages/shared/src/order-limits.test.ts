import { describe, expect, it } from 'vitest';
import { ERRORS } from './messages/errors.ts';
import { ORDER_LIMITS, orderLimitProblem, orderTotalTooLarge } from './order-limits.ts';

const line = (itemId: number, quantity: number) => ({ itemId, quantity });

describe('order limits', () => {
  it('counts one item across all the lines it is on', () => {
    expect(orderLimitProblem([line(1, 99), line(2, 99)])).toBeNull();
    expect(orderLimitProblem([line(1, 60), line(2, 5), line(1, 40)])).toEqual({
      code: 'order_item_quantity_limit',
      itemId: 1,
    });
  });

  it('bounds the number of lines before anything else', () => {
    const lines = Array.from({ length: ORDER_LIMITS.maxLines }, (_, i) => line(i + 1, 1));
    expect(orderLimitProblem(lines)).toBeNull();
    expect(orderLimitProblem([...lines, line(999, 1)])).toEqual({ code: 'order_too_many_lines' });
  });

  it('allows a total up to the limit, not past it', () => {
    expect(orderTotalTooLarge(ORDER_LIMITS.maxTotalHalalas)).toBe(false);
    expect(orderTotalTooLarge(ORDER_LIMITS.maxTotalHalalas + 1)).toBe(true);
  });

  it('says the limits the messages name, in both languages', () => {
    expect(ERRORS.order_too_many_lines.en).toContain(String(ORDER_LIMITS.maxLines));
    expect(ERRORS.order_item_quantity_limit.en).toContain(String(ORDER_LIMITS.maxQuantityPerItem));
    const sar = new Intl.NumberFormat('en-SA').format(ORDER_LIMITS.maxTotalHalalas / 100);
    expect(ERRORS.order_total_too_large.en).toContain(`${sar} SAR`);
    const arabic = (n: number) => new Intl.NumberFormat('ar-SA').format(n);
    expect(ERRORS.order_too_many_lines.ar).toContain(arabic(ORDER_LIMITS.maxLines));
    expect(ERRORS.order_item_quantity_limit.ar).toContain(arabic(ORDER_LIMITS.maxQuantityPerItem));
    expect(ERRORS.order_total_too_large.ar).toContain(arabic(ORDER_LIMITS.maxTotalHalalas / 100));
    for (const code of ['order_too_many_lines', 'order_item_quantity_limit', 'order_total_too_large'] as const) {
      expect(ERRORS[code].status).toBe(422);
    }
  });
});
