import type { Language } from '@sufra/shared/language';
import type { Address, AddressBody } from '@sufra/shared/schemas/customer';
import { customerRequest } from '../../../lib/customer-request';
import { addressesPath } from './get-addresses';

/** `POST /api/customers/{uuid}/me/addresses/`. */
export function createAddress(uuid: string, body: AddressBody, language: Language): Promise<Address> {
  return customerRequest<Address>(uuid, addressesPath(uuid), { language, method: 'POST', body });
}
