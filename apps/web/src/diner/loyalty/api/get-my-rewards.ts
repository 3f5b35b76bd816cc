import type { Language } from '@sufra/shared/language';
import type { MyRewardsResponse } from '@sufra/shared/schemas/loyalty';
import { customerRequest, enc } from '../../../lib/customer-request';
import { useApiQuery } from '../../../lib/use-api-query';
import { useDinerKey } from '../../../stores/use-diner-key';

/** `GET /api/loyalty/{uuid}/me/rewards/`: every reward the signed-in diner owns, with its status, window and code. */
export function getMyRewards(uuid: string, language: Language): Promise<MyRewardsResponse> {
  return customerRequest<MyRewardsResponse>(uuid, `/loyalty/${enc(uuid)}/me/rewards/`, { language });
}

/** The diner's rewards, asked again on each visit (a cashier may have redeemed one meanwhile). */
export function useMyRewards(uuid: string, language: Language, enabled: boolean) {
  const diner = useDinerKey(uuid);
  return useApiQuery(enabled && diner ? [...diner, 'rewards', language] : null, () => getMyRewards(uuid, language), {
    staleMs: 0,
  });
}
