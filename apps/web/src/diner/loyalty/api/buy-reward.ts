import type { Language } from '@sufra/shared/language';
import type { RewardShop } from '@sufra/shared/loyalty/rewards';
import type { BuyRewardResponse } from '@sufra/shared/schemas/loyalty';
import { customerRequest, enc } from '../../../lib/customer-request';

/** `POST /api/loyalty/{uuid}/shop/{id}/buy/?shop=`: the points taken and the reward owned, in one step. */
export function buyReward(uuid: string, rewardId: number, shop: RewardShop, language: Language) {
  return customerRequest<BuyRewardResponse>(uuid, `/loyalty/${enc(uuid)}/shop/${rewardId}/buy/`, {
    language,
    method: 'POST',
    query: { shop },
  });
}
