import type { Language } from '@sufra/shared/language';
import type { Address, AddressBody } from '@sufra/shared/schemas/customer';
import { customerRequest } from '../../../lib/customer-request';
import { addressesPath } from './get-addresses';

/** `PUT /api/customers/{uuid}/me/addresses/{id}/`: replaces the address. */
export function updateAddress(uuid: string, id: number, body: AddressBody, language: Language): Promise<Address> {
  return customerRequest<Address>(uuid, `${addressesPath(uuid)}${id}/`, { language, method: 'PUT', body });
}
