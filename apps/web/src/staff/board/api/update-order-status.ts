import type { Language } from '@sufra/shared/language';
import type { OrderStatus } from '@sufra/shared/machines/order-status';
import type { StaffOrder } from '@sufra/shared/schemas/order';
import { staffRequest } from '../../../lib/staff-request';

/** `PATCH /api/staff/orders/{id}/status/`: a move the machine allows (409 when someone else moved it first). */
export function updateOrderStatus(
  id: number,
  to: OrderStatus,
  reason: string | undefined,
  language: Language,
): Promise<StaffOrder> {
  return staffRequest<StaffOrder>(`/staff/orders/${id}/status/`, {
    language,
    method: 'PATCH',
    body: reason === undefined ? { to } : { to, reason },
  });
}
