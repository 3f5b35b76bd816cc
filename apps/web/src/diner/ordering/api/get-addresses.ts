import type { Language } from '@sufra/shared/language';
import type { Address, AddressBody } from '@sufra/shared/schemas/customer';
import { customerRequest, enc } from '../../../lib/customer-request';

/**
 * The signed-in customer's saved addresses, for the delivery step (the account API; the profile has its own calls,
 * features do not share files).
 */
const addressesPath = (uuid: string) => `/customers/${enc(uuid)}/me/addresses/`;

export async function getDeliveryAddresses(uuid: string, language: Language): Promise<Address[]> {
  const response = await customerRequest<{ addresses: Address[] }>(uuid, addressesPath(uuid), { language });
  return response.addresses;
}

export function createDeliveryAddress(uuid: string, body: AddressBody, language: Language): Promise<Address> {
  return customerRequest<Address>(uuid, addressesPath(uuid), { language, method: 'POST', body });
}
