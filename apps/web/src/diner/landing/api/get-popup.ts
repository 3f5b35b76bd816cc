import type { Language } from '@sufra/shared/language';
import type { Popup } from '@sufra/shared/schemas/ads';
import { apiRequest } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/use-api-query';

/** `GET /ads/popup/{id}` (id = branch id): the pop-up, or null (204) when there is none. */
export function getPopup(branchId: number, language: Language): Promise<Popup | null> {
  return apiRequest<Popup | null>(`/ads/popup/${branchId}`, { language });
}

export function usePopup(branchId: number | undefined, language: Language) {
  return useApiQuery(branchId ? ['popup', branchId, language] : null, () => getPopup(branchId ?? 0, language));
}
