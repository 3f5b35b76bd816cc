import type { SessionResponse } from '@sufra/shared/schemas/auth';
import { ApiError, apiRequest, type RequestOptions } from '../../../lib/api-client';
import { announceAuth } from '../../../lib/auth-channel';
import { serializedRefresh } from '../../../lib/refresh-lock';
import { local } from '../../../lib/storage';

/**
 * Set while this browser may hold a customer session (after a sign-in, until a sign-out or a refused refresh).
 * The cookies are httpOnly, so without it every anonymous visit would spend two requests finding out it has none.
 */
export const SIGNED_IN_HINT_KEY = 'sufra.customer.signedIn';

export const enc = encodeURIComponent;

export function markSignedIn(): void {
  local.setItem(SIGNED_IN_HINT_KEY, '1');
  announceAuth({ scope: 'customer', type: 'signedIn' });
}

/** The session is over (signed out, or the server refused the refresh): every tab clears its user data. */
export function markSignedOut(): void {
  local.removeItem(SIGNED_IN_HINT_KEY);
  announceAuth({ scope: 'customer', type: 'signedOut' });
}

export const maybeSignedIn = (): boolean => local.getItem(SIGNED_IN_HINT_KEY) === '1';

/** `POST /api/auth/{uuid}/refresh/`: rotates the refresh cookie. Serialized across tabs (lib/refresh-lock.ts). */
export function refreshCustomerSession(uuid: string, language: RequestOptions['language'], since: number) {
  return serializedRefresh('customer', since, async () => {
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
 * A call as the signed-in customer: on 401 (the 15-minute access token expired) refresh once and retry;
 * when the refresh is refused too, the session is over everywhere.
 */
export async function customerRequest<T>(uuid: string, path: string, options: RequestOptions): Promise<T> {
  const sentAt = Date.now();
  try {
    return await apiRequest<T>(path, options);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    const renewed = await refreshCustomerSession(uuid, options.language, sentAt);
    if (!renewed) {
      markSignedOut();
      throw error;
    }
    return apiRequest<T>(path, options);
  }
}
