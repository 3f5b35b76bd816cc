import { z } from 'zod';

/**
 * A staff user's own sessions (issue 26 item 9), for every role, cashiers included (docs/adr/0520):
 *
 *   GET    /api/staff/sessions/              the caller's signed-in sessions, the current one marked
 *   DELETE /api/staff/sessions/{id}/         ends one of them (404 staff_session_not_found when not live or not theirs)
 *   POST   /api/staff/sessions/end-others/   ends every session but the current one → { ended }
 *
 * A session is one sign-in (a refresh-token family); its address and browser are the last refresh's.
 */
export const staffSession = z.object({
  id: z.uuid(),
  signedInAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  current: z.boolean(),
});
export type StaffSession = z.infer<typeof staffSession>;
export const staffSessionsResponse = z.object({ sessions: z.array(staffSession) });
export type StaffSessionsResponse = z.infer<typeof staffSessionsResponse>;
export const staffSessionParams = z.object({ id: z.uuid() });
export const staffSessionsEndedResponse = z.object({ ended: z.number().int() });
