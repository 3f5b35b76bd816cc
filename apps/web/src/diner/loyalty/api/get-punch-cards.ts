import type { Language } from '@sufra/shared/language';
import type { PunchCardsResponse, PunchHistoryResponse } from '@sufra/shared/schemas/punch-cards';
import { apiRequest } from '../../../lib/api-client';
import { customerRequest, enc } from '../../../lib/customer-request';
import { useApiQuery } from '../../../lib/use-api-query';
import { useDinerKey } from '../../../stores/use-diner-key';

/**
 * `GET /api/loyalty/{uuid}/punch-cards/`: the card in progress of every active programme (empty ones for a signed-out
 * diner), then the signed-in diner's finished cards. Signed out, the call goes without the refresh dance.
 */
export function getPunchCards(uuid: string, signedIn: boolean, language: Language): Promise<PunchCardsResponse> {
  const path = `/loyalty/${enc(uuid)}/punch-cards/`;
  return signedIn
    ? customerRequest<PunchCardsResponse>(uuid, path, { language })
    : apiRequest<PunchCardsResponse>(path, { language });
}

/** `GET /api/loyalty/{uuid}/me/punch-cards/{id}/history/`: Punches History of one card, newest first. */
export function getPunchHistory(uuid: string, cardId: number, language: Language): Promise<PunchHistoryResponse> {
  return customerRequest<PunchHistoryResponse>(uuid, `/loyalty/${enc(uuid)}/me/punch-cards/${cardId}/history/`, {
    language,
  });
}

/** The punch cards (the diner's own once signed in), asked again on each visit: punches land behind their back. */
export function usePunchCards(uuid: string, signedIn: boolean, language: Language, enabled: boolean, staleMs = 0) {
  const diner = useDinerKey(uuid);
  const key = signedIn ? (diner ? [...diner, 'punch-cards', language] : null) : ['punch-cards', uuid, language];
  return useApiQuery(enabled ? key : null, () => getPunchCards(uuid, signedIn, language), { staleMs });
}

/** A card's Punches History, once `enabled` (the first time it is opened). */
export function usePunchHistoryQuery(uuid: string, cardId: number | null, language: Language, enabled: boolean) {
  const diner = useDinerKey(uuid);
  return useApiQuery(enabled && diner && cardId !== null ? [...diner, 'punch-history', cardId, language] : null, () =>
    getPunchHistory(uuid, cardId ?? 0, language),
  );
}
