import type { Language } from '@sufra/shared/language';
import type { Customer } from '@sufra/shared/schemas/customer';
import { customerRequest, enc } from '../../../lib/customer-request';

/** `GET /api/customers/{uuid}/me/`: the signed-in customer of this establishment's brand. */
export function getMe(uuid: string, language: Language): Promise<Customer> {
  return customerRequest<Customer>(uuid, `/customers/${enc(uuid)}/me/`, { language });
}
