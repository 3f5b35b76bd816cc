import type { Language } from '@sufra/shared/language';
import type { RewardShop } from '@sufra/shared/loyalty/rewards';
import type { ShopResponse } from '@sufra/shared/schemas/loyalty';
import { apiRequest } from '../../../lib/api-client';
import { customerRequest, enc } from '../../../lib/customer-request';
import { type QueryKey, useApiQuery } from '../../../lib/use-api-query';
import { useDinerKey } from '../../../stores/use-diner-key';

/**
 * `GET /api/loyalty/{uuid}/shop/?shop=`: the shop's rewards; signed in, what the wallet affords. A signed-out diner's
 * call goes without the refresh dance (there is no session to refresh).
 */
export function getShop(uuid: string, shop: RewardShop, signedIn: boolean, language: Language): Promise<ShopResponse> {
  const path = `/loyalty/${enc(uuid)}/shop/`;
  const options = { language, query: { shop } };
  return signedIn ? customerRequest<ShopResponse>(uuid, path, options) : apiRequest<ShopResponse>(path, options);
}

/** The key of a shop's shelf: the diner's own once signed in (what their wallet affords), else the brand's. */
export function useShopKey(uuid: string, shop: RewardShop, signedIn: boolean, language: Language): QueryKey | null {
  const diner = useDinerKey(uuid);
  if (!signedIn) return ['loyalty-shop', uuid, shop, language];
  return diner ? [...diner, 'shop', shop, language] : null;
}

/** A shop's shelf, asked again on each visit (the wallet moves behind the diner's back); `enabled` once the session
 * is known. */
export function useShopQuery(
  uuid: string,
  shop: RewardShop,
  signedIn: boolean,
  language: Language,
  enabled = true,
  staleMs = 0,
) {
  const key = useShopKey(uuid, shop, signedIn, language);
  return useApiQuery(enabled ? key : null, () => getShop(uuid, shop, signedIn, language), { staleMs });
}
