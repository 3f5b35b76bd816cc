import type { SessionResponse } from '@sufra/shared/schemas/auth';
import { ApiError, apiRequest, type RequestOptions } from './api-client';
import { serializedRefresh, withRefresh } from './refresh-lock';
import { brandOf, markSignedOut } from './session-hint';

export const enc = encodeURIComponent;

/** `POST /api/auth/{uuid}/refresh/`: rotates the refresh cookie. Serialized across tabs per brand (lib/refresh-lock.ts). */
export function refreshCustomerSession(uuid: string, language: RequestOptions['language'], since: number) {
  return serializedRefresh(`customer-${brandOf(uuid) ?? uuid}`, since, async () => {
    try {
      await apiRequest<SessionResponse>(`/auth/${enc(uuid)}/refresh/`, { language, method: 'POST' });
      return true;
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return false;
      throw error;
    }
  });
}

/**
 * A call as the signed-in customer: on 401 (the 15-minute access token expired) refresh and retry;
 * when the refresh is refused too, the session is over in every tab of the brand.
 */
export async function customerRequest<T>(uuid: string, path: string, options: RequestOptions): Promise<T> {
  return withRefresh(
    () => apiRequest<T>(path, options),
    (since) => refreshCustomerSession(uuid, options.language, since),
    () => markSignedOut(brandOf(uuid)),
    (error) => error instanceof ApiError && error.status === 401,
  );
}
