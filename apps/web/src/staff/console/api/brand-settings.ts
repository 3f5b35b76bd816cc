import type { Language } from '@sufra/shared/language';
import type { BrandSettings, BrandSettingsBody } from '@sufra/shared/schemas/brand-settings';
import { staffRequest } from '../../../lib/staff-request';

/** The query key of the brand settings (under 'staff': signing out clears it). */
export const brandSettingsKey = (language: Language) => ['staff', 'manage', 'brand', language] as const;

/** `GET /api/staff/manage/brand/`: the brand's settings with their version. */
export function getBrandSettings(language: Language): Promise<BrandSettings> {
  return staffRequest<BrandSettings>('/staff/manage/brand/', { language });
}

/** `PUT /api/staff/manage/brand/`: saves at the version read; 409 edit_conflict carries `details.theirs`. */
export function saveBrandSettings(body: BrandSettingsBody, language: Language): Promise<BrandSettings> {
  return staffRequest<BrandSettings>('/staff/manage/brand/', { language, method: 'PUT', body });
}

/** `POST /api/staff/manage/brand/logo/?version=`: the logo file, checked and re-encoded by the server. */
export function uploadBrandLogo(file: File, version: number, language: Language): Promise<BrandSettings> {
  const body = new FormData();
  body.append('logo', file);
  return staffRequest<BrandSettings>(`/staff/manage/brand/logo/?version=${version}`, {
    language,
    method: 'POST',
    body,
  });
}

/** `DELETE /api/staff/manage/brand/logo/?version=`: diners see the brand's name alone. */
export function removeBrandLogo(version: number, language: Language): Promise<BrandSettings> {
  return staffRequest<BrandSettings>(`/staff/manage/brand/logo/?version=${version}`, { language, method: 'DELETE' });
}
