import { z } from 'zod';
import { LEAD_STATUSES } from '../engagement/referral.ts';
import { phoneInput } from './auth.ts';
import { localizedText } from './common.ts';

/**
 * Referral (issue 17):
 *   GET  /api/referral/{uuid}/me/         the diner's code, the brand's rule and their leads (signed in)
 *   POST /api/referral/{uuid}/me/leads/   a friend's phone becomes a Pending lead → 201 the lead
 *   GET  /api/referral/codes/{code}/      the friend's landing (/reference/{code}): who invites them, to what brand
 * Registration takes the code as `referralCode` beside the profile (POST /api/auth/{uuid}/otp/verify/).
 */

export const referralRulesSchema = z.object({
  referrerPoints: z.number().int(),
  friendPoints: z.number().int(),
  refundWindowDays: z.number().int(),
});
export type ReferralRulesInfo = z.infer<typeof referralRulesSchema>;

export const leadSchema = z.object({
  id: z.number().int(),
  /** The friend's number with its middle hidden (the referrer typed it, or the friend came through the link). */
  phoneMasked: z.string(),
  /** The friend's first name once they registered. */
  friendName: z.string().nullable(),
  status: z.enum(LEAD_STATUSES),
  createdAt: z.iso.datetime(),
  joinedAt: z.iso.datetime().nullable(),
  convertedAt: z.iso.datetime().nullable(),
  declinedAt: z.iso.datetime().nullable(),
});
export type Lead = z.infer<typeof leadSchema>;

export const referralResponse = z.object({
  code: z.string(),
  rules: referralRulesSchema,
  leads: z.array(leadSchema),
});
export type ReferralResponse = z.infer<typeof referralResponse>;

export const leadBody = z.object({ phone: phoneInput });
export type LeadBody = z.input<typeof leadBody>;

/** A code as typed (the server trims it, upper-cases it and reads Arabic-Indic digits). */
export const referralCodeParams = z.object({ code: z.string().max(64) });

export const referenceResponse = z.object({
  code: z.string(),
  brand: z.object({ id: z.number().int(), name: localizedText, logo: z.string().nullable() }),
  /** The referrer's first name. */
  referrerName: z.string(),
  /** Where the friend goes on to register and order: a counter QR code of the brand. */
  qrUuid: z.string(),
  rules: referralRulesSchema,
});
export type ReferenceResponse = z.infer<typeof referenceResponse>;
