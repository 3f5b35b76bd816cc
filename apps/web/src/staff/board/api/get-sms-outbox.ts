import type { Language } from '@sufra/shared/language';
import type { SmsOutboxEntry } from '@sufra/shared/schemas/staff';
import { staffRequest } from '../../../lib/staff-request';

/** `GET /api/staff/sms-outbox/`: the brand's latest SMS (managers and owners, when the server shows the outbox). */
export async function getSmsOutbox(language: Language): Promise<SmsOutboxEntry[]> {
  return (await staffRequest<{ messages: SmsOutboxEntry[] }>('/staff/sms-outbox/', { language })).messages;
}
