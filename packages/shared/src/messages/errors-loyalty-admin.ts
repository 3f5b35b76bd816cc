import type { ErrorEntry } from './error-entry.ts';

/** The loyalty programme's pages in the management console (issue 27 items 1, 2 and 6). */
export const LOYALTY_ADMIN_ERRORS = {
  loyalty_max_below_min: {
    status: 422,
    en: "The maximum per order can't be less than the minimum per redemption",
    ar: 'لا يمكن أن يكون الحد الأقصى للطلب أقل من الحد الأدنى للاستبدال',
  },
  loyalty_daily_below_min: {
    status: 422,
    en: "The maximum per day can't be less than the minimum per redemption",
    ar: 'لا يمكن أن يكون الحد الأقصى اليومي أقل من الحد الأدنى للاستبدال',
  },
  loyalty_expiry_date_past: {
    status: 422,
    en: 'The expiry date must be after today',
    ar: 'يجب أن يكون تاريخ انتهاء النقاط بعد اليوم',
  },
  loyalty_level_floor: {
    status: 422,
    en: 'The first level must start at 0 lifetime points, so that every diner has a level',
    ar: 'يجب أن يبدأ المستوى الأول من ٠ نقطة، حتى يكون لكل عميل مستوى',
  },
  loyalty_level_threshold_taken: {
    status: 422,
    en: "Two levels can't start at the same lifetime points",
    ar: 'لا يمكن أن يبدأ مستويان من عدد النقاط نفسه',
  },
  loyalty_level_not_found: { status: 404, en: "This level doesn't exist", ar: 'هذا المستوى غير موجود' },
} as const satisfies Record<string, ErrorEntry>;
