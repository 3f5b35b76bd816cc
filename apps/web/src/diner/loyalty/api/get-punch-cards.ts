import type { Language } from '@sufra/shared/language';
import type { PunchCardsResponse, PunchHistoryResponse } from '@sufra/shared/schemas/punch-cards';
import { apiRequest } from '../../../lib/api-client';
import { customerRequest, enc } from '../../../lib/customer-request';

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
