import type { Language } from '@sufra/shared/language';
import type { Address, AddressBody } from '@sufra/shared/schemas/customer';
import { customerRequest } from './customer-request';
import { addressesPath } from './get-addresses';

/** `PATCH /api/customers/{uuid}/me/addresses/{id}/`. */
export function updateAddress(uuid: string, id: number, body: AddressBody, language: Language): Promise<Address> {
  return customerRequest<Address>(uuid, `${addressesPath(uuid)}${id}/`, { language, method: 'PATCH', body });
}
