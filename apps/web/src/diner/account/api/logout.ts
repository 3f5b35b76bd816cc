import type { Language } from '@sufra/shared/language';
import { apiRequest } from '../../../lib/api-client';
import { enc } from '../../../lib/customer-request';
import { brandOf, markSignedOut } from '../../../lib/session-hint';

/** `POST /api/auth/{uuid}/logout/`: revokes the token family and clears the cookies; every tab signs out. */
export async function logoutCustomer(uuid: string, language: Language): Promise<void> {
  try {
    await apiRequest<null>(`/auth/${enc(uuid)}/logout/`, { language, method: 'POST' });
  } finally {
    // Even when the call fails (offline), this browser forgets the diner; the cookies expire on their own.
    markSignedOut(brandOf(uuid));
  }
}
