import type { Language } from '@sufra/shared/language';
import type { LoyaltyProgramme } from '@sufra/shared/schemas/loyalty';
import { apiRequest } from '../../../lib/api-client';
import { enc } from '../../../lib/customer-request';
import { useApiQuery } from '../../../lib/use-api-query';

/** `GET /api/loyalty/{uuid}/programme/`: the brand's points rule and levels (no sign-in needed). */
export function getProgramme(uuid: string, language: Language): Promise<LoyaltyProgramme> {
  return apiRequest<LoyaltyProgramme>(`/loyalty/${enc(uuid)}/programme/`, { language });
}

export function useProgramme(uuid: string | undefined, language: Language) {
  return useApiQuery(uuid ? ['loyalty-programme', uuid, language] : null, () => getProgramme(uuid ?? '', language));
}
