import type { Language } from '@sufra/shared/language';
import type {
  AdImageResponse,
  ManageAdsResponse,
  ManagePopup,
  ManageSlide,
  PopupBody,
  SlideBody,
} from '@sufra/shared/schemas/manage-ads';
import { staffRequest } from '../../../lib/staff-request';

export const adsKey = ['staff', 'manage-ads'] as const;

/** `GET /api/staff/manage/ads/`: the pop-ups and slides the user sees, with views and clicks. */
export function listAds(language: Language): Promise<ManageAdsResponse> {
  return staffRequest<ManageAdsResponse>('/staff/manage/ads/', { language });
}

/** `POST /api/staff/manage/ads/images/`: the image, checked and re-encoded by the server. */
export function uploadAdImage(file: File, language: Language): Promise<AdImageResponse> {
  const body = new FormData();
  body.append('image', file);
  return staffRequest<AdImageResponse>('/staff/manage/ads/images/', { language, method: 'POST', body });
}

export function savePopup(id: number | null, body: PopupBody & { version?: number }, language: Language) {
  return staffRequest<ManagePopup>(id === null ? '/staff/manage/ads/popups/' : `/staff/manage/ads/popups/${id}/`, {
    language,
    method: id === null ? 'POST' : 'PUT',
    body,
  });
}

export function saveSlide(id: number | null, body: SlideBody & { version?: number }, language: Language) {
  return staffRequest<ManageSlide>(id === null ? '/staff/manage/ads/slides/' : `/staff/manage/ads/slides/${id}/`, {
    language,
    method: id === null ? 'POST' : 'PUT',
    body,
  });
}

export function removeAd(kind: 'popup' | 'slide', id: number, language: Language): Promise<null> {
  return staffRequest<null>(`/staff/manage/ads/${kind === 'popup' ? 'popups' : 'slides'}/${id}/`, {
    language,
    method: 'DELETE',
  });
}
