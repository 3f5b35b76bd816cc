import type { Language } from '@sufra/shared/language';
import type { StaffSessionsResponse } from '@sufra/shared/schemas/staff-sessions';
import { staffRequest } from '../../../lib/staff-request';

/** The query key of the caller's own sessions (under 'staff': signing out clears it). */
export const mySessionsKey = ['staff', 'my-sessions'] as const;

/** `GET /api/staff/sessions/`: the caller's signed-in sessions, the current one marked. */
export function listMySessions(language: Language): Promise<StaffSessionsResponse> {
  return staffRequest<StaffSessionsResponse>('/staff/sessions/', { language });
}

/** `DELETE /api/staff/sessions/{id}/`: ends one of the caller's sessions (that device's next request is refused). */
export function endMySession(id: string, language: Language): Promise<unknown> {
  return staffRequest(`/staff/sessions/${id}/`, { language, method: 'DELETE' });
}

/** `POST /api/staff/sessions/end-others/`: ends every session of the caller's but this one. */
export function endMyOtherSessions(language: Language): Promise<{ ended: number }> {
  return staffRequest<{ ended: number }>('/staff/sessions/end-others/', { language, method: 'POST' });
}
