import type { Language } from '@sufra/shared/language';
import { customerRequest } from '../../../lib/customer-request';
import { addressesPath } from './get-addresses';

/** `DELETE /api/customers/{uuid}/me/addresses/{id}/`. */
export async function deleteAddress(uuid: string, id: number, language: Language): Promise<void> {
  await customerRequest<null>(uuid, `${addressesPath(uuid)}${id}/`, { language, method: 'DELETE' });
}
