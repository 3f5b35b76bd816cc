import type { Language } from '@sufra/shared/language';
import type { MenuResponse } from '@sufra/shared/schemas/menu';
import { apiRequest } from './api-client';
import { type QueryKey, useApiQuery } from './use-api-query';

/**
 * `GET /api/menu/qr/{uuid}/?lang=`: the branch's menu in the interface language (ETag/304 handled by the browser cache).
 * In lib because two features read it: the menu shows it, the cart reprices its lines from it.
 */
export function getMenu(uuid: string, language: Language): Promise<MenuResponse> {
  // `lang` as well as Accept-Language: the URL then names this very menu, so the page's HTML can preload it.
  return apiRequest<MenuResponse>(`/menu/qr/${encodeURIComponent(uuid)}/`, { language, query: { lang: language } });
}

export const menuQueryKey = (uuid: string, language: Language): QueryKey => ['menu', uuid, language];

export function useMenu(uuid: string | undefined, language: Language) {
  return useApiQuery(uuid ? menuQueryKey(uuid, language) : null, () => getMenu(uuid ?? '', language));
}
