import type { Language } from '@sufra/shared/language';
import type { StaffOrder } from '@sufra/shared/schemas/order';
import { staffRequest } from '../../../lib/staff-request';

/** `POST /api/staff/orders/{id}/cash-received/`: a cash order's money taken (409 when recorded already or canceled). */
export function recordCashReceived(id: number, language: Language): Promise<StaffOrder> {
  return staffRequest<StaffOrder>(`/staff/orders/${id}/cash-received/`, { language, method: 'POST' });
}
