import type { GameKind } from '@sufra/shared/engagement/wheel';
import type { Language } from '@sufra/shared/language';
import type { GameResponse, SpinResponse } from '@sufra/shared/schemas/games';
import { customerRequest, enc } from '../../../lib/customer-request';

/** `GET /api/games/{uuid}/{kind}/`: the game, its segments with their chances now, and whether the diner may spin. */
export function getGame(uuid: string, kind: GameKind, language: Language): Promise<GameResponse> {
  return customerRequest<GameResponse>(uuid, `/games/${enc(uuid)}/${kind}/`, { language });
}

/** `POST /api/games/{uuid}/{kind}/spin/`: the server's draw (the wheel then turns to it). */
export function spinWheel(uuid: string, kind: GameKind, language: Language): Promise<SpinResponse> {
  return customerRequest<SpinResponse>(uuid, `/games/${enc(uuid)}/${kind}/spin/`, { language, method: 'POST' });
}
