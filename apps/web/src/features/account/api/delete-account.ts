import type { Language } from '@sufra/shared/language';
import { brandOf, markSignedOut } from '../session-hint';
import { customerRequest, enc } from './customer-request';

/** `DELETE /api/customers/{uuid}/me/`: deletes the account and signs out everywhere. */
export async function deleteAccount(uuid: string, language: Language): Promise<void> {
  await customerRequest<null>(uuid, `/customers/${enc(uuid)}/me/`, { language, method: 'DELETE' });
  markSignedOut(brandOf(uuid));
}
