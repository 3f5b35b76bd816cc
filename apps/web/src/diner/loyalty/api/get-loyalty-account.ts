import type { Language } from '@sufra/shared/language';
import type { LoyaltyAccount } from '@sufra/shared/schemas/loyalty';
import { customerRequest, enc } from '../../../lib/customer-request';
import { useApiQuery } from '../../../lib/use-api-query';
import { useDinerKey } from '../../../stores/use-diner-key';

/** `GET /api/loyalty/{uuid}/me/`: the signed-in diner's wallet, lifetime points, level and next level. */
export function getLoyaltyAccount(uuid: string, language: Language): Promise<LoyaltyAccount> {
  return customerRequest<LoyaltyAccount>(uuid, `/loyalty/${enc(uuid)}/me/`, { language });
}

/**
 * The diner's account, asked only while `enabled` (signed in, loyalty on, a programme). Points change behind the
 * diner's back (staff complete an order), so each new reader asks again; the old figure stays on screen meanwhile.
 */
export function useLoyaltyAccountQuery(uuid: string, language: Language, enabled: boolean, staleMs = 0) {
  const diner = useDinerKey(uuid);
  return useApiQuery(
    enabled && diner ? [...diner, 'loyalty-account', language] : null,
    () => getLoyaltyAccount(uuid, language),
    { staleMs },
  );
}
