import type { Language } from '@sufra/shared/language';
import type { Customer, ProfileUpdateBody } from '@sufra/shared/schemas/customer';
import { customerRequest, enc } from '../../../lib/customer-request';

/** `PATCH /api/customers/{uuid}/me/`: name, email, age group, gender, city (any subset). */
export function updateProfile(uuid: string, body: ProfileUpdateBody, language: Language): Promise<Customer> {
  return customerRequest<Customer>(uuid, `/customers/${enc(uuid)}/me/`, { language, method: 'PATCH', body });
}
