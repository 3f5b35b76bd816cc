import type { Language } from '@sufra/shared/language';
import type {
  StaffInvitation,
  StaffInviteBody,
  StaffListItem,
  StaffListResponse,
  StaffUpdateBody,
} from '@sufra/shared/schemas/staff-admin';
import { apiRequest } from '../../../lib/api-client';
import { staffRequest } from '../../../lib/staff-request';

/** The query key of the console's staff list (under 'staff': signing out clears it). */
export const staffListKey = ['staff', 'manage', 'staff'] as const;

/** `GET /api/staff/manage/staff/`: the staff the caller may see (owner: the brand's; manager: their cashiers). */
export function listStaff(language: Language): Promise<StaffListResponse> {
  return staffRequest<StaffListResponse>('/staff/manage/staff/', { language });
}

/** `POST /api/staff/manage/staff/`: the new account's one-time link, to hand over (no e-mail is sent). */
export function inviteStaff(body: StaffInviteBody, language: Language): Promise<StaffInvitation> {
  return staffRequest<StaffInvitation>('/staff/manage/staff/', { language, method: 'POST', body });
}

/**
 * `PATCH /api/staff/manage/staff/{id}/`: role, branches or active, from the version read (409 edit_conflict with
 * both values when someone saved since); any change ends the person's sessions at once.
 */
export function updateStaff(id: number, body: StaffUpdateBody, language: Language): Promise<StaffListItem> {
  return staffRequest<StaffListItem>(`/staff/manage/staff/${id}/`, { language, method: 'PATCH', body });
}

/** `POST /api/staff/manage/staff/{id}/link/`: a new one-time link (a password reset); earlier links stop working. */
export function newStaffLink(id: number, language: Language): Promise<StaffInvitation> {
  return staffRequest<StaffInvitation>(`/staff/manage/staff/${id}/link/`, { language, method: 'POST' });
}

/** `POST /api/staff/invitations/accept/` (no session: the link is the credential): the link's one use sets the password (410 once used or expired). */
export function acceptInvitation(token: string, password: string, language: Language): Promise<unknown> {
  return apiRequest('/staff/invitations/accept/', { language, method: 'POST', body: { token, password } });
}
