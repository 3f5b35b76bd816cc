import type { Language } from '@sufra/shared/language';
import type { SliderResponse } from '@sufra/shared/schemas/ads';
import { apiRequest } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/use-api-query';

/** `GET ads/slider/{id}` (id = branch id). */
export function getSlider(branchId: number, language: Language): Promise<SliderResponse | null> {
  return apiRequest<SliderResponse | null>(`/ads/slider/${branchId}`, { language });
}

export function useSlider(branchId: number | undefined, language: Language) {
  return useApiQuery(branchId ? ['slider', branchId, language] : null, () => getSlider(branchId ?? 0, language));
}
