import type { Language } from '@sufra/shared/language';
import { customerRequest, enc } from '../../../lib/customer-request';

/** `POST /api/notifications/{uuid}/read/`: marks every unread notification read (the inbox was opened). */
export function markAllRead(uuid: string, language: Language): Promise<{ unread: number }> {
  return customerRequest<{ unread: number }>(uuid, `/notifications/${enc(uuid)}/read/`, {
    language,
    method: 'POST',
    body: {},
  });
}
