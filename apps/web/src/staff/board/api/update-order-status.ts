import type { Language } from '@sufra/shared/language';
import type { OrderStatus } from '@sufra/shared/machines/order-status';
import type { DeclineReason } from '@sufra/shared/order-times';
import type { StaffOrder } from '@sufra/shared/schemas/order';
import { staffRequest } from '../../../lib/staff-request';

/** What a move may carry: a cancel's reason (text, or one from the list), an acceptance's "ready in N min". */
export interface MoveExtras {
  reason?: string;
  declineReason?: DeclineReason;
  delayMinutes?: number;
}

/** `PATCH /api/staff/orders/{id}/status/`: a move the machine allows (409 when someone else moved it first). */
export function updateOrderStatus(
  id: number,
  to: OrderStatus,
  extras: MoveExtras | undefined,
  language: Language,
): Promise<StaffOrder> {
  return staffRequest<StaffOrder>(`/staff/orders/${id}/status/`, {
    language,
    method: 'PATCH',
    body: { to, ...extras },
  });
}
