import type { ErrorEntry } from './error-entry.ts';

/** The console's reports (issue 27 items 9-10). */
export const REPORTS_ERRORS = {
  report_period_invalid: {
    status: 422,
    en: 'Choose a period whose start is on or before its end, at most 400 days long',
    ar: 'اختر فترة تبدأ قبل نهايتها أو في يومها، ولا تزيد على 400 يوم',
  },
} as const satisfies Record<string, ErrorEntry>;
