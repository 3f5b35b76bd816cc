import type { Language } from '@sufra/shared/language';
import type { StaffLoginBody, StaffSessionResponse } from '@sufra/shared/schemas/staff';
import { apiRequest } from '../../../lib/api-client';

/** `POST /api/staff/auth/login/`: email + password → the staff session cookies (401 wrong, 429 + Retry-After). */
export function staffLogin(body: StaffLoginBody, language: Language): Promise<StaffSessionResponse> {
  return apiRequest<StaffSessionResponse>('/staff/auth/login/', { language, method: 'POST', body });
}
