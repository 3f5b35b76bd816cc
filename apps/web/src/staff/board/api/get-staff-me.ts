import type { Language } from '@sufra/shared/language';
import type { StaffUser } from '@sufra/shared/schemas/staff';
import { staffRequest } from '../../../lib/staff-request';

/** `GET /api/staff/me/`: the signed-in staff user with their brand and branches. */
export function getStaffMe(language: Language): Promise<StaffUser> {
  return staffRequest<StaffUser>('/staff/me/', { language });
}
