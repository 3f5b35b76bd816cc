import { z } from 'zod';
import { SMS_KINDS, SMS_PLACEHOLDERS, SMS_TEMPLATE_MAX_LENGTH } from '../notify/sms-templates.ts';

/**
 * Diner texts (issue 28 item 4).
 *
 *   GET /api/staff/manage/notifications/templates/          → 200 smsTemplateList (owners and managers)
 *   PUT /api/staff/manage/notifications/templates/:kind/    smsTemplateBody → 200 smsTemplate (owners)
 *        409 edit_conflict (details.theirs / details.yours), 422 sms_template_* (placeholders checked)
 *   GET /api/customers/:uuid/me/sms-preferences/               → 200 smsPreferences (the signed-in diner)
 *   PUT /api/customers/:uuid/me/sms-preferences/  smsPreferences → 200 smsPreferences
 *
 * A template's `version` is 0 while the brand uses the default wording; each save is audited ('sms_template').
 */
export const smsKind = z.enum(SMS_KINDS);

export const smsTemplate = z.object({
  kind: smsKind,
  body: z.object({ ar: z.string(), en: z.string() }),
  /** The default wording (what "reset" puts back). */
  defaults: z.object({ ar: z.string(), en: z.string() }),
  placeholders: z.object({ allowed: z.array(z.string()), required: z.array(z.string()) }),
  version: z.number().int().min(0),
  custom: z.boolean(),
});
export type SmsTemplate = z.infer<typeof smsTemplate>;

export const smsTemplateList = z.object({ templates: z.array(smsTemplate) });
export type SmsTemplateList = z.infer<typeof smsTemplateList>;

export const smsTemplateBody = z.object({
  body: z.object({
    ar: z
      .string()
      .trim()
      .max(SMS_TEMPLATE_MAX_LENGTH * 2),
    en: z
      .string()
      .trim()
      .max(SMS_TEMPLATE_MAX_LENGTH * 2),
  }),
  version: z.number().int().min(0).max(2_147_483_647),
});
export type SmsTemplateBody = z.infer<typeof smsTemplateBody>;

export const smsKindParams = z.object({ kind: smsKind });

export const smsPreferences = z.object({
  /** Order and prize texts; verification codes are always sent. */
  smsOptOut: z.boolean(),
});
export type SmsPreferences = z.infer<typeof smsPreferences>;

export { SMS_PLACEHOLDERS };
