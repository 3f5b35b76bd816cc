import type { Language } from '@sufra/shared/language';
import type { MyRewardsResponse } from '@sufra/shared/schemas/loyalty';
import { customerRequest, enc } from '../../../lib/customer-request';

/** `GET /api/loyalty/{uuid}/me/rewards/`: every reward the signed-in diner owns, with its status, window and code. */
export function getMyRewards(uuid: string, language: Language): Promise<MyRewardsResponse> {
  return customerRequest<MyRewardsResponse>(uuid, `/loyalty/${enc(uuid)}/me/rewards/`, { language });
}
