import type { Language } from '@sufra/shared/language';
import type { CouponBody, StaffCoupon } from '@sufra/shared/schemas/coupons';
import { staffRequest } from '../../../lib/staff-request';

/** `GET /api/staff/coupons/`: the brand's coupons with their usage counts (managers and owners). */
export function listStaffCoupons(language: Language): Promise<{ coupons: StaffCoupon[] }> {
  return staffRequest<{ coupons: StaffCoupon[] }>('/staff/coupons/', { language });
}

/** `POST /api/staff/coupons/` (id null) or `PUT /api/staff/coupons/{id}/`: the manager's form. */
export function saveStaffCoupon(id: number | null, body: CouponBody, language: Language): Promise<StaffCoupon> {
  return staffRequest<StaffCoupon>(id === null ? '/staff/coupons/' : `/staff/coupons/${id}/`, {
    language,
    method: id === null ? 'POST' : 'PUT',
    body,
  });
}

/** `POST /api/staff/coupons/{id}/archive|restore/` at the version read (a stale one answers 409). */
export function setStaffCouponArchived(
  coupon: Pick<StaffCoupon, 'id' | 'version'>,
  archive: boolean,
  language: Language,
): Promise<StaffCoupon> {
  return staffRequest<StaffCoupon>(`/staff/coupons/${coupon.id}/${archive ? 'archive' : 'restore'}/`, {
    language,
    method: 'POST',
    body: { version: coupon.version },
  });
}

/** `POST /api/staff/coupons/{id}/duplicate/`: a switched-off copy with a new code, to edit. */
export function duplicateStaffCoupon(id: number, language: Language): Promise<StaffCoupon> {
  return staffRequest<StaffCoupon>(`/staff/coupons/${id}/duplicate/`, { language, method: 'POST', body: {} });
}
