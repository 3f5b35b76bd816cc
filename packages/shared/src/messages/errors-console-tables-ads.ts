import type { ErrorEntry } from './error-entry.ts';

/** The console's tables, QR codes and ads (issue 26 items 6, 7). */
export const CONSOLE_TABLES_ADS_ERRORS = {
  table_number_taken: {
    status: 409,
    en: 'This branch already has a table with this number',
    ar: 'يوجد في هذا الفرع طاولة بهذا الرقم',
  },
  table_changed: {
    status: 409,
    en: 'Someone else changed this table; review their version and save again',
    ar: 'عدّل شخص آخر هذه الطاولة؛ راجع نسخته ثم احفظ مرة أخرى',
  },
  qr_code_not_found: { status: 404, en: "This QR code doesn't exist", ar: 'رمز QR هذا غير موجود' },
  ad_not_found: { status: 404, en: "This ad doesn't exist", ar: 'هذا الإعلان غير موجود' },
  ad_changed: {
    status: 409,
    en: 'Someone else changed this ad; review their version and save again',
    ar: 'عدّل شخص آخر هذا الإعلان؛ راجع نسخته ثم احفظ مرة أخرى',
  },
  ad_brand_wide_owner_only: {
    status: 403,
    en: 'Only the owner can publish an ad to every branch',
    ar: 'المالك وحده يمكنه نشر إعلان لكل الفروع',
  },
  ad_schedule_invalid: {
    status: 400,
    en: 'The ad must end after it starts',
    ar: 'يجب أن ينتهي الإعلان بعد بدايته',
  },
  ad_image_not_image: {
    status: 422,
    en: 'The ad image must be a JPEG, PNG or WebP picture',
    ar: 'يجب أن تكون صورة الإعلان بصيغة JPEG أو PNG أو WebP',
  },
  ad_image_missing: { status: 400, en: 'Choose an image to upload', ar: 'اختر صورة لرفعها' },
} as const satisfies Record<string, ErrorEntry>;
