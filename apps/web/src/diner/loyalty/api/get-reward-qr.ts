import type { Language } from '@sufra/shared/language';
import type { RewardQrResponse } from '@sufra/shared/schemas/loyalty';
import { customerRequest, enc } from '../../../lib/customer-request';

/** `GET /api/loyalty/{uuid}/me/rewards/{id}/qr/`: a fresh signed, short-lived token for the reward's QR code. */
export function getRewardQr(uuid: string, ownedId: number, language: Language, signal?: AbortSignal) {
  return customerRequest<RewardQrResponse>(uuid, `/loyalty/${enc(uuid)}/me/rewards/${ownedId}/qr/`, {
    language,
    ...(signal ? { signal } : {}),
  });
}
