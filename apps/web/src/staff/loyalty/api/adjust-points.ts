import type { Language } from '@sufra/shared/language';
import type { PointsAdjustBody, PointsHistory } from '@sufra/shared/schemas/loyalty';
import { staffRequest } from '../../../lib/staff-request';

/**
 * `POST /api/staff/customers/{id}/points/`: a manager's adjustment with its reason; answers the ledger after. A debit
 * past the wallet is refused (422 points_insufficient), never cut down.
 */
export function adjustPoints(customerId: number, body: PointsAdjustBody, language: Language): Promise<PointsHistory> {
  return staffRequest<PointsHistory>(`/staff/customers/${customerId}/points/`, { language, method: 'POST', body });
}
