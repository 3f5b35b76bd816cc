import type { Language } from '@sufra/shared/language';
import { customerRequest, enc } from '../../../lib/customer-request';
import { brandOf, markSignedOut } from '../../../lib/session-hint';

/** `DELETE /api/customers/{uuid}/me/`: deletes the account and signs out everywhere. */
export async function deleteAccount(uuid: string, language: Language): Promise<void> {
  await customerRequest<null>(uuid, `/customers/${enc(uuid)}/me/`, { language, method: 'DELETE' });
  markSignedOut(brandOf(uuid));
}
