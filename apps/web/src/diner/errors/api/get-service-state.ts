import type { Language } from '@sufra/shared/language';
import type { QrData } from '@sufra/shared/schemas/establishment';
import { apiRequest } from '../../../lib/api-client';

/**
 * `GET restaurant/qr/{uuid}/data/` asked afresh (not through the shared cache, which may hold the answer from before
 * a switch): is the restaurant's menu service on right now?
 */
export async function getServiceState(uuid: string, language: Language): Promise<Pick<QrData, 'brand' | 'services'>> {
  return apiRequest<QrData>(`/restaurant/qr/${encodeURIComponent(uuid)}/data/`, { language });
}
