import type { Language } from '@sufra/shared/language';
import type { LoyaltyAccount } from '@sufra/shared/schemas/loyalty';
import { customerRequest, enc } from '../../../lib/customer-request';

/** `GET /api/loyalty/{uuid}/me/`: the signed-in diner's wallet, lifetime points, level and next level. */
export function getLoyaltyAccount(uuid: string, language: Language): Promise<LoyaltyAccount> {
  return customerRequest<LoyaltyAccount>(uuid, `/loyalty/${enc(uuid)}/me/`, { language });
}
