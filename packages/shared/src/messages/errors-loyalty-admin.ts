import type { ErrorEntry } from './error-entry.ts';

/**
 * The loyalty programme's pages in the management console (issue 27 items 1, 2 and 6). Kept short: the catalogue is
 * in the diner's first load (the console's own longer words are in locales/manage-loyalty.*.json).
 */
export const LOYALTY_ADMIN_ERRORS = {
  loyalty_max_below_min: {
    status: 422,
    en: 'The maximum per order is below the minimum per redemption',
    ar: 'الحد الأقصى للطلب أقل من الحد الأدنى للاستبدال',
  },
  loyalty_daily_below_min: {
    status: 422,
    en: 'The maximum per day is below the minimum per redemption',
    ar: 'الحد الأقصى اليومي أقل من الحد الأدنى للاستبدال',
  },
  loyalty_expiry_date_past: { status: 422, en: 'Choose an expiry date after today', ar: 'اختر تاريخ انتهاء بعد اليوم' },
  loyalty_level_floor: {
    status: 422,
    en: 'The first level must start at 0 points',
    ar: 'يبدأ المستوى الأول من ٠ نقطة',
  },
  loyalty_level_threshold_taken: {
    status: 422,
    en: 'Two levels start at the same points',
    ar: 'مستويان يبدآن بالنقاط نفسها',
  },
  loyalty_level_not_found: { status: 404, en: "This level doesn't exist", ar: 'هذا المستوى غير موجود' },
} as const satisfies Record<string, ErrorEntry>;
