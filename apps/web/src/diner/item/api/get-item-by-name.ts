import type { Language } from '@sufra/shared/language';
import type { ItemResponse } from '@sufra/shared/schemas/menu';
import { apiRequest } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/use-api-query';

/** `GET /api/menu/qr/{uuid}/items/by-name/{slug}/`: the same item view, addressed by its URL-safe name. */
export function getItemByName(uuid: string, slug: string, language: Language): Promise<ItemResponse> {
  return apiRequest<ItemResponse>(`/menu/qr/${encodeURIComponent(uuid)}/items/by-name/${encodeURIComponent(slug)}/`, {
    language,
  });
}

export function useItemByName(uuid: string | undefined, slug: string | undefined, language: Language) {
  const enabled = uuid !== undefined && slug !== undefined;
  return useApiQuery(enabled ? ['item-by-name', uuid, slug, language] : null, () =>
    getItemByName(uuid ?? '', slug ?? '', language),
  );
}
