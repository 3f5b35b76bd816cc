import type { Language } from '@sufra/shared/language';
import type { RedemptionBody, RedemptionLookupResponse } from '@sufra/shared/schemas/loyalty';
import { staffRequest } from '../../../lib/staff-request';

/**
 * `POST /api/staff/redemptions/lookup/`: what the presented reward is, for whom, and whether it may be redeemed at
 * the branch now (`refusal` and its message when not). Unknown, stale or foreign codes answer an error instead.
 */
export function lookupRedemption(body: RedemptionBody, language: Language): Promise<RedemptionLookupResponse> {
  return staffRequest<RedemptionLookupResponse>('/staff/redemptions/lookup/', { language, method: 'POST', body });
}
