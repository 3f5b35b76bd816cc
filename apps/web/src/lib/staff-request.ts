import type { StaffUser } from '@sufra/shared/schemas/staff';
import { ApiError, apiRequest, type RequestOptions } from './api-client';
import { announceAuth } from './auth-channel';
import { clearQueries } from './query-writes';
import { serializedRefresh, withRefresh } from './refresh-lock';
import { STAFF_HINT_KEY, syncStaffHintCookie } from './staff-hint';
import { local } from './storage';

// The staff user's calls, shared by the staff features (the board in staff/board, redemption in staff/redeem),
// as lib/customer-request.ts is for the diner's.

/** Set while this browser may hold a staff session (the cookies are httpOnly): saves a 401 round trip when it has none. */
export const staffMaybeSignedIn = (): boolean => local.getItem(STAFF_HINT_KEY) === '1';

export function markStaffSignedIn(): void {
  // The staff queries (['staff', …]) hold the last user's brand and branches: none of it shows for the next one.
  clearQueries(['staff']);
  local.setItem(STAFF_HINT_KEY, '1');
  syncStaffHintCookie(document, true);
  announceAuth({ scope: 'staff', type: 'signedIn' });
}

export function markStaffSignedOut(): void {
  clearQueries(['staff']);
  local.removeItem(STAFF_HINT_KEY);
  syncStaffHintCookie(document, false);
  announceAuth({ scope: 'staff', type: 'signedOut' });
}

/** `POST /api/staff/auth/refresh/`, serialized across tabs like the customer's (lib/refresh-lock.ts). */
function refreshStaffSession(language: RequestOptions['language'], since: number) {
  return serializedRefresh('staff', since, async () => {
    try {
      await apiRequest('/staff/auth/refresh/', { language, method: 'POST' });
      return true;
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return false;
      throw error;
    }
  });
}

/** A call as the signed-in staff user: refresh once on 401 and retry; a refused refresh ends the session. */
export async function staffRequest<T>(path: string, options: RequestOptions): Promise<T> {
  return withRefresh(
    () => apiRequest<T>(path, options),
    (since) => refreshStaffSession(options.language, since),
    markStaffSignedOut,
    (error) => error instanceof ApiError && error.status === 401,
  );
}

/** `GET /api/staff/me/`: the signed-in staff user with their brand and branches (the staff app and the console). */
export function getStaffMe(language: RequestOptions['language']): Promise<StaffUser> {
  return staffRequest<StaffUser>('/staff/me/', { language });
}
