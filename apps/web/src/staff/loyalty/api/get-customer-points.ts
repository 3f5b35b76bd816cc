import type { Language } from '@sufra/shared/language';
import type { PointsHistory } from '@sufra/shared/schemas/loyalty';
import { staffRequest } from '../../../lib/staff-request';

/** `GET /api/staff/customers/{id}/points/`: the diner's ledger, newest first (managers and owners). */
export function getCustomerPoints(customerId: number, language: Language): Promise<PointsHistory> {
  return staffRequest<PointsHistory>(`/staff/customers/${customerId}/points/`, { language });
}
