import type { Language } from '@sufra/shared/language';
import type { BranchListResponse } from '@sufra/shared/schemas/branch';
import { apiRequest } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/use-api-query';

/** `GET branch/list-qr/{id}/` (id = brand id): every branch of the brand with its open/closed status, hours and zones. */
export function getBranches(brandId: number, language: Language): Promise<BranchListResponse> {
  return apiRequest<BranchListResponse>(`/branch/list-qr/${brandId}/`, { language });
}

/** Keyed without the language: names come in both languages. */
export function useBranches(brandId: number | undefined, language: Language) {
  return useApiQuery(brandId === undefined ? null : ['branches', brandId], () => getBranches(brandId ?? 0, language));
}
