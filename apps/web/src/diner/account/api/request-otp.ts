import type { Language } from '@sufra/shared/language';
import type { OtpRequestBody, OtpRequestResponse } from '@sufra/shared/schemas/auth';
import { apiRequest } from '../../../lib/api-client';
import { customerRequest, enc } from '../../../lib/customer-request';

/**
 * `POST /api/auth/{uuid}/otp/`: sends a 4-digit code. purpose change_phone needs the signed-in customer
 * (the code goes to the new number), so it goes through the refreshing wrapper.
 */
export function requestOtp(uuid: string, body: OtpRequestBody, language: Language): Promise<OtpRequestResponse> {
  const path = `/auth/${enc(uuid)}/otp/`;
  if (body.purpose === 'change_phone') return customerRequest(uuid, path, { language, method: 'POST', body });
  return apiRequest<OtpRequestResponse>(path, { language, method: 'POST', body });
}
