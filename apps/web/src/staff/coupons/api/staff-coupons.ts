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
