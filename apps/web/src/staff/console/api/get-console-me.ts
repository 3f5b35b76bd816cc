import type { Language } from '@sufra/shared/language';
import type { StaffUser } from '@sufra/shared/schemas/staff';
import { staffRequest } from '../../../lib/staff-request';

/** `GET /api/staff/me/`: the signed-in staff user (the staff app's session: the same cookies). */
export function getConsoleMe(language: Language): Promise<StaffUser> {
  return staffRequest<StaffUser>('/staff/me/', { language });
}
