import type { Language } from '@sufra/shared/language';
import type { SmsKind } from '@sufra/shared/notify/sms-templates';
import type { SmsTemplate, SmsTemplateList } from '@sufra/shared/schemas/notify';
import { staffRequest } from '../../../lib/staff-request';

/** The query key of the brand's diner text templates (under 'staff': signing out clears it). */
export const smsTemplatesKey = ['staff', 'manage', 'notifications', 'templates'] as const;

/** `GET /api/staff/manage/notifications/templates/`: each kind's wording, defaults, placeholders and version. */
export function listSmsTemplates(language: Language): Promise<SmsTemplateList> {
  return staffRequest<SmsTemplateList>('/staff/manage/notifications/templates/', { language });
}

/** `PUT …/templates/{kind}/`: the wording at the version read (409 with theirs when someone saved since). */
export function saveSmsTemplate(
  kind: SmsKind,
  body: { ar: string; en: string },
  version: number,
  language: Language,
): Promise<SmsTemplate> {
  return staffRequest<SmsTemplate>(`/staff/manage/notifications/templates/${kind}/`, {
    language,
    method: 'PUT',
    body: { body, version },
  });
}
