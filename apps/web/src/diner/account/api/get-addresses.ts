import type { Language } from '@sufra/shared/language';
import type { Address } from '@sufra/shared/schemas/customer';
import { customerRequest, enc } from '../../../lib/customer-request';

export const addressesPath = (uuid: string) => `/customers/${enc(uuid)}/me/addresses/`;

/** `GET /api/customers/{uuid}/me/addresses/`: the signed-in customer's saved delivery addresses. */
export async function getAddresses(uuid: string, language: Language): Promise<Address[]> {
  const response = await customerRequest<{ addresses: Address[] }>(uuid, addressesPath(uuid), { language });
  return response.addresses;
}
