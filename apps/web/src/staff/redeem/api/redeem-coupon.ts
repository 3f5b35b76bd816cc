import type { Language } from '@sufra/shared/language';
import type { CounterCouponBody, CounterCouponResponse } from '@sufra/shared/schemas/coupons';
import { staffRequest } from '../../../lib/staff-request';

/**
 * `POST /api/staff/coupons/redeem/`: a coupon used in a walk-in sale at the branch, recorded with the staff user and
 * the time; refusals (unknown, expired, used up, not new to this branch…) come with their message.
 */
export function redeemCoupon(body: CounterCouponBody, language: Language): Promise<CounterCouponResponse> {
  return staffRequest<CounterCouponResponse>('/staff/coupons/redeem/', { language, method: 'POST', body });
}
