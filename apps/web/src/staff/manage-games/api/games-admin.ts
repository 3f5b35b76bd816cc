import type { Language } from '@sufra/shared/language';
import type { GameBody, ManageGame, ManageGamesResponse } from '@sufra/shared/schemas/manage-games';
import { staffRequest } from '../../../lib/staff-request';

/** Query keys of the games console (under 'staff': signing out clears them). */
export const gamesKey = (language: Language) => ['staff', 'manage', 'games', language] as const;
export const gameKey = (id: number, language: Language) => ['staff', 'manage', 'games', id, language] as const;

/** `GET /api/staff/manage/games/`: the brand's games with the rewards a segment may give. */
export function getGames(language: Language): Promise<ManageGamesResponse> {
  return staffRequest<ManageGamesResponse>('/staff/manage/games/', { language });
}

/** `GET /api/staff/manage/games/:id/`: a game with its segments. */
export function getGame(id: number, language: Language): Promise<ManageGame> {
  return staffRequest<ManageGame>(`/staff/manage/games/${id}/`, { language });
}

/** `PUT /api/staff/manage/games/:id/`: saves at the version read (409 edit_conflict / game_stock_below_won). */
export function saveGame(id: number, body: GameBody, language: Language): Promise<ManageGame> {
  return staffRequest<ManageGame>(`/staff/manage/games/${id}/`, { language, method: 'PUT', body });
}
