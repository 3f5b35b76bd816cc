import type { Language } from '@sufra/shared/language';
import type { SmsPreferences } from '@sufra/shared/schemas/notify';
import { customerRequest, enc } from '../../../lib/customer-request';

/** `GET /api/customers/{uuid}/me/sms-preferences/`: whether the diner receives order and prize texts. */
export function getSmsPreferences(uuid: string, language: Language): Promise<SmsPreferences> {
  return customerRequest<SmsPreferences>(uuid, `/customers/${enc(uuid)}/me/sms-preferences/`, { language });
}

/** `PUT /api/customers/{uuid}/me/sms-preferences/`: turns order and prize texts off or on (codes always go). */
export function setSmsPreferences(uuid: string, body: SmsPreferences, language: Language): Promise<SmsPreferences> {
  return customerRequest<SmsPreferences>(uuid, `/customers/${enc(uuid)}/me/sms-preferences/`, {
    language,
    method: 'PUT',
    body,
  });
}
