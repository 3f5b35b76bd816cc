import { z } from 'zod';
import { BRAND_COLOR_PATTERN } from '../brand-color.ts';
import { localizedText } from './common.ts';

/**
 * The brand's settings in the management console (issue 26 item 8), owners and managers:
 *
 *   GET /api/staff/manage/brand/                       → 200 brandSettings
 *   PUT /api/staff/manage/brand/   brandSettingsBody   → 200 brandSettings
 *        409 edit_conflict (details.theirs: the settings someone else saved since `version`, details.yours: the body),
 *        422 brand_color_contrast (white text on the colour fails WCAG AA), 409 host_in_use,
 *        403 menu_permission_owner_only (a manager changing managersEditMenu)
 *
 * Each save is recorded in the audit log (object type 'brand') with the fields before and after.
 */
const hostName = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/);

export const brandSettingsFields = z.object({
  name: z.object({ ar: z.string().trim().min(1).max(80), en: z.string().trim().min(1).max(80) }),
  /** #rrggbb, lower case; null: the house purple. */
  brandColor: z.string().trim().toLowerCase().regex(BRAND_COLOR_PATTERN).nullable(),
  defaultLanguage: z.enum(['ar', 'en']),
  /** ZATCA: 15 digits starting and ending with 3; null until the brand is registered. */
  vatNumber: z.string().trim().nullable(),
  /** Basis points: 1500 = 15 %. */
  vatRateBp: z.number().int().min(0).max(10_000),
  taxMode: z.enum(['inclusive', 'exclusive']),
  /** The page hosts that open this brand (without port). */
  hosts: z.array(hostName).max(10),
});

export const brandSettingsBody = brandSettingsFields.extend({
  /** Whether managers may change the brand's menu (the owner's choice: 403 menu_permission_owner_only for a manager
   * who changes it). Absent: unchanged. */
  managersEditMenu: z.boolean().optional(),
  version: z.number().int().min(1).max(2_147_483_647),
});
export type BrandSettingsBody = z.input<typeof brandSettingsBody>;

export const brandSettings = brandSettingsFields.extend({
  name: localizedText,
  logo: z.string().nullable(),
  managersEditMenu: z.boolean(),
  version: z.number().int(),
});
export type BrandSettings = z.infer<typeof brandSettings>;

/**
 * The brand's logo (owners and managers), saved against the settings' version like every other setting:
 *
 *   POST   /api/staff/manage/brand/logo/?version=N   multipart, the file part `logo` (JPEG, PNG or WebP by content,
 *          at most 5 MB) → 200 brandSettings: re-encoded as WebP (transparency kept), at most 512 px a side
 *   DELETE /api/staff/manage/brand/logo/?version=N   → 200 brandSettings with logo null
 *   GET    /api/brand/logos/{brandId}/{name}          the stored logo (public: diners see it; never changes)
 *
 *   422 brand_logo_not_image, 400 brand_logo_missing, 413 payload_too_large, 409 edit_conflict (stale version).
 */
export const brandLogoQuery = z.object({ version: z.coerce.number().int().min(1).max(2_147_483_647) });
