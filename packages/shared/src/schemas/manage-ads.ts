import { z } from 'zod';
import { boundedDateTime, dbId } from './common.ts';

/** Console ads (issue 26 item 7): the spec's pop-up and the slider, `/api/staff/manage/ads/...`. */

export const AD_KINDS = ['popup', 'slide'] as const;
export type AdKind = (typeof AD_KINDS)[number];
export const AD_EVENTS = ['view', 'click'] as const;

const daysOfWeek = z
  .array(z.number().int().min(0).max(6))
  .min(1)
  .max(7)
  .refine((d) => new Set(d).size === d.length, 'repeated day');
const adText = z.string().trim().min(1).max(200);
/** http(s) only: a `javascript:` link in a diner's pop-up would be a script. */
const adLink = z
  .string()
  .trim()
  .max(500)
  .refine((u) => /^https?:\/\/[^\s]+$/i.test(u), 'http or https');
/** An image this API stored (`POST /staff/manage/ads/images/`). */
const adImage = z
  .string()
  .max(300)
  .regex(/^\/api\/ads\/images\/[a-z0-9-]+\.jpg$/);

const schedule = {
  /** null = every branch of the brand (owner only). */
  branchId: dbId.nullable(),
  active: z.boolean(),
  startsAt: boundedDateTime.nullable(),
  endsAt: boundedDateTime.nullable(),
  daysOfWeek,
  sort: z.number().int().min(0).max(9999),
};

export const popupBody = z.object({
  ...schedule,
  backgroundImage: adImage,
  textAr: adText,
  textEn: adText,
  buttonTextAr: z.string().trim().min(1).max(40),
  buttonTextEn: z.string().trim().min(1).max(40),
  redirectUrl: adLink,
});
export type PopupBody = z.infer<typeof popupBody>;

export const slideBody = z.object({
  ...schedule,
  image: adImage,
  titleAr: adText,
  titleEn: adText,
  redirectUrl: adLink.nullable(),
});
export type SlideBody = z.infer<typeof slideBody>;

const version = z.number().int().min(1).max(2_147_483_647);
export const popupUpdateBody = popupBody.extend({ version });
export const slideUpdateBody = slideBody.extend({ version });

const stats = { views: z.number().int(), clicks: z.number().int(), version: z.number().int(), editable: z.boolean() };
const scheduleOut = {
  id: z.number().int(),
  branchId: z.number().int().nullable(),
  active: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  daysOfWeek: z.array(z.number().int()),
  sort: z.number().int(),
};
export const managePopup = z.object({
  ...scheduleOut,
  ...stats,
  backgroundImage: z.string(),
  textAr: z.string(),
  textEn: z.string(),
  buttonTextAr: z.string(),
  buttonTextEn: z.string(),
  redirectUrl: z.string(),
});
export type ManagePopup = z.infer<typeof managePopup>;
export const manageSlide = z.object({
  ...scheduleOut,
  ...stats,
  image: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  titleAr: z.string(),
  titleEn: z.string(),
  redirectUrl: z.string().nullable(),
});
export type ManageSlide = z.infer<typeof manageSlide>;

export const manageAdsResponse = z.object({ popups: z.array(managePopup), slides: z.array(manageSlide) });
export type ManageAdsResponse = z.infer<typeof manageAdsResponse>;

export const adImageResponse = z.object({ path: z.string(), width: z.number().int(), height: z.number().int() });
export type AdImageResponse = z.infer<typeof adImageResponse>;

/** The diner's cheap report: this session saw (or tapped) this ad; repeats the same day count once. */
export const adEventBody = z.object({
  kind: z.enum(AD_KINDS),
  id: dbId,
  event: z.enum(AD_EVENTS),
  /** A random id the diner's tab keeps for the day (not a person, not a cookie). */
  session: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
});
export type AdEventBody = z.infer<typeof adEventBody>;
