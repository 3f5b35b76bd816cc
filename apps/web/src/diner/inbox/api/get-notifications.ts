import type { Language } from '@sufra/shared/language';
import type { NotificationListResponse } from '@sufra/shared/schemas/notifications';
import { customerRequest, enc } from '../../../lib/customer-request';

/** `GET /api/notifications/{uuid}/`: the signed-in diner's newest notifications at this brand, and the unread count. */
export function getNotifications(uuid: string, language: Language): Promise<NotificationListResponse> {
  return customerRequest<NotificationListResponse>(uuid, `/notifications/${enc(uuid)}/`, { language });
}
