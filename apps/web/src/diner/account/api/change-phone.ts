import type { Language } from '@sufra/shared/language';
import type { Customer } from '@sufra/shared/schemas/customer';
import { customerRequest, enc } from '../../../lib/customer-request';

/** `POST /api/customers/{uuid}/me/phone/`: confirms the code sent (purpose change_phone) to the new number. */
export function changePhone(
  uuid: string,
  body: { requestId: string; code: string },
  language: Language,
): Promise<Customer> {
  return customerRequest<Customer>(uuid, `/customers/${enc(uuid)}/me/phone/`, { language, method: 'POST', body });
}
