import type { ErrorEntry } from './error-entry.ts';

/** The console's customers (issue 27 item 8). */
export const CUSTOMERS_ADMIN_ERRORS = {
  customers_cursor_invalid: {
    status: 400,
    en: 'This page of the list is no longer valid; start again from the first page',
    ar: 'صفحة القائمة هذه لم تعد صالحة؛ ابدأ من الصفحة الأولى',
  },
  customer_level_not_found: {
    status: 422,
    en: "This level doesn't exist in the loyalty programme",
    ar: 'هذا المستوى غير موجود في برنامج الولاء',
  },
} as const satisfies Record<string, ErrorEntry>;
