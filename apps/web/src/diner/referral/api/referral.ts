import type { Language } from '@sufra/shared/language';
import type { Lead, LeadBody, ReferenceResponse, ReferralResponse } from '@sufra/shared/schemas/referral';
import { apiRequest } from '../../../lib/api-client';
import { customerRequest, enc } from '../../../lib/customer-request';

/** `GET /api/referral/{uuid}/me/`: the diner's code, the brand's rule and their leads. */
export function getReferral(uuid: string, language: Language): Promise<ReferralResponse> {
  return customerRequest<ReferralResponse>(uuid, `/referral/${enc(uuid)}/me/`, { language });
}

/** `POST /api/referral/{uuid}/me/leads/`: a friend's phone becomes a Pending lead. */
export function addLead(uuid: string, body: LeadBody, language: Language): Promise<Lead> {
  return customerRequest<Lead>(uuid, `/referral/${enc(uuid)}/me/leads/`, { language, method: 'POST', body });
}

/** `GET /api/referral/codes/{code}/`: the friend's landing (no session needed). */
export function getReference(code: string, language: Language): Promise<ReferenceResponse> {
  return apiRequest<ReferenceResponse>(`/referral/codes/${enc(code)}/`, { language });
}
