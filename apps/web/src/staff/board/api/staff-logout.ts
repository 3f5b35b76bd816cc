import type { Language } from '@sufra/shared/language';
import { apiRequest } from '../../../lib/api-client';
import { markStaffSignedOut } from '../../../lib/staff-request';

/** `POST /api/staff/auth/logout/`: every tab of the staff app signs out. */
export async function staffLogout(language: Language): Promise<void> {
  try {
    await apiRequest<null>('/staff/auth/logout/', { language, method: 'POST' });
  } finally {
    markStaffSignedOut();
  }
}
