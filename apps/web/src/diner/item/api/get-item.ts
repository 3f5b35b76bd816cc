import type { Language } from '@sufra/shared/language';
import type { ItemResponse } from '@sufra/shared/schemas/menu';
import { apiRequest } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/use-api-query';

/** `GET /api/menu/qr/{uuid}/items/{id}/`: one item with its modifier groups and combo products. */
export function getItem(uuid: string, id: number, language: Language): Promise<ItemResponse> {
  return apiRequest<ItemResponse>(`/menu/qr/${encodeURIComponent(uuid)}/items/${id}/`, { language });
}

export function useItem(uuid: string | undefined, id: number | undefined, language: Language) {
  const enabled = uuid !== undefined && id !== undefined;
  return useApiQuery(enabled ? ['item', uuid, id, language] : null, () => getItem(uuid ?? '', id ?? 0, language));
}
