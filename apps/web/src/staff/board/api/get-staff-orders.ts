import type { Language } from '@sufra/shared/language';
import type { StaffOrder } from '@sufra/shared/schemas/order';
import { staffRequest } from '../../../lib/staff-request';

/** How many orders the board loads per branch: today's active orders and the latest finished ones. */
export const BOARD_ORDER_LIMIT = 100;

/** `GET /api/staff/orders/?branchId=`: the branch's orders, newest first (a branch out of scope answers an error). */
export async function getStaffOrders(
  branchId: number,
  language: Language,
  signal?: AbortSignal,
): Promise<StaffOrder[]> {
  const response = await staffRequest<{ orders: StaffOrder[] }>('/staff/orders/', {
    language,
    query: { branchId: String(branchId), limit: String(BOARD_ORDER_LIMIT) },
    ...(signal ? { signal } : {}),
  });
  return response.orders;
}
