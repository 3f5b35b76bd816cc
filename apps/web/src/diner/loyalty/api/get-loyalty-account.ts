import type { Language } from '@sufra/shared/language';
import type { LoyaltyAccount } from '@sufra/shared/schemas/loyalty';
import { customerRequest, enc } from '../../../lib/customer-request';
import { useApiQuery } from '../../../lib/use-api-query';

/** `GET /api/loyalty/{uuid}/me/`: the signed-in diner's wallet, lifetime points, level and next level. */
export function getLoyaltyAccount(uuid: string, language: Language): Promise<LoyaltyAccount> {
  return customerRequest<LoyaltyAccount>(uuid, `/loyalty/${enc(uuid)}/me/`, { language });
}

/** The diner's account, asked only while `enabled` (signed in, loyalty on, a programme). */
export function useLoyaltyAccountQuery(uuid: string, language: Language, enabled: boolean) {
  return useApiQuery(enabled ? `loyalty-account:${uuid}:${language}` : null, () => getLoyaltyAccount(uuid, language));
}
