import type { ErrorEntry } from './error-entry.ts';

/** The Foodics hand-off's dead letters (issue 28 item 1). */
export const FOODICS_ERRORS = {
  foodics_hand_off_not_found: {
    status: 404,
    en: 'This order was not handed to Foodics',
    ar: 'لم يُرسَل هذا الطلب إلى فودكس',
  },
  foodics_hand_off_not_dead: {
    status: 409,
    en: 'This order is not waiting for staff: it was sent, is being retried, or was settled already',
    ar: 'هذا الطلب لا ينتظر الموظفين: أُرسل، أو تجري إعادة محاولته، أو سُوّي من قبل',
  },
} as const satisfies Record<string, ErrorEntry>;
