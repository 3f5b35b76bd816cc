import type { ErrorEntry } from './error-entry.ts';

/** Archived coupons and punch card programmes in the console (issue 27 item 7, docs/adr/0590). */
export const ARCHIVE_ERRORS = {
  archived_edit_refused: {
    status: 409,
    en: 'This is archived. Restore it before editing it',
    ar: 'هذا مؤرشف. استعده قبل تعديله',
  },
} as const satisfies Record<string, ErrorEntry>;
