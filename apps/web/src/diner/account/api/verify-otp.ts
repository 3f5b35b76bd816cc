import type { Language } from '@sufra/shared/language';
import type { OtpVerifyBody, SessionResponse } from '@sufra/shared/schemas/auth';
import { apiRequest } from '../../../lib/api-client';
import { enc } from '../../../lib/customer-request';

/** `POST /api/auth/{uuid}/otp/verify/`: the code (and the profile, to register) → the session cookies. */
export function verifyOtp(uuid: string, body: OtpVerifyBody, language: Language): Promise<SessionResponse> {
  return apiRequest<SessionResponse>(`/auth/${enc(uuid)}/otp/verify/`, { language, method: 'POST', body });
}
