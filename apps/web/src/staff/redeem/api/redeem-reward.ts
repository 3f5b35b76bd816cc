import type { Language } from '@sufra/shared/language';
import type { RedemptionBody, RedemptionLookupResponse } from '@sufra/shared/schemas/loyalty';
import { staffRequest } from '../../../lib/staff-request';

/**
 * `POST /api/staff/redemptions/`: redeems the presented reward once at the branch, recorded with the staff user and
 * the time (`owned.claimedAt`). A second try answers 409 `reward_already_claimed`, with its message.
 */
export function redeemReward(body: RedemptionBody, language: Language): Promise<RedemptionLookupResponse> {
  return staffRequest<RedemptionLookupResponse>('/staff/redemptions/', { language, method: 'POST', body });
}
