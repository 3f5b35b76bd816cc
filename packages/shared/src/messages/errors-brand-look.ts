import type { ErrorEntry } from './error-entry.ts';

/** The brand's logo in the console (issue 26 item 8). */
export const BRAND_LOOK_ERRORS = {
  brand_logo_not_image: {
    status: 422,
    en: 'The logo must be a JPEG, PNG or WebP picture',
    ar: 'يجب أن يكون الشعار صورة بصيغة JPEG أو PNG أو WebP',
  },
  brand_logo_missing: { status: 400, en: 'Choose a logo to upload', ar: 'اختر شعارًا لرفعه' },
} as const satisfies Record<string, ErrorEntry>;
