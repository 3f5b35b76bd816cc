import type { Language } from '@sufra/shared/language';
import type { RewardShop } from '@sufra/shared/loyalty/rewards';
import type { ShopResponse } from '@sufra/shared/schemas/loyalty';
import { apiRequest } from '../../../lib/api-client';
import { customerRequest, enc } from '../../../lib/customer-request';

/**
 * `GET /api/loyalty/{uuid}/shop/?shop=`: the shop's rewards; signed in, what the wallet affords. A signed-out diner's
 * call goes without the refresh dance (there is no session to refresh).
 */
export function getShop(uuid: string, shop: RewardShop, signedIn: boolean, language: Language): Promise<ShopResponse> {
  const path = `/loyalty/${enc(uuid)}/shop/`;
  const options = { language, query: { shop } };
  return signedIn ? customerRequest<ShopResponse>(uuid, path, options) : apiRequest<ShopResponse>(path, options);
}
