import type { ErrorEntry } from './error-entry.ts';

/** The console's points shop and prize shop catalogues (issue 27 item 3). */
export const MANAGE_REWARDS_ERRORS = {
  catalogue_reward_not_found: { status: 404, en: "This reward doesn't exist", ar: 'هذه المكافأة غير موجودة' },
  reward_changed: {
    status: 409,
    en: 'Someone else changed this reward; review their version and save again',
    ar: 'عدّل شخص آخر هذه المكافأة؛ راجع نسخته ثم احفظ مرة أخرى',
  },
  reward_brand_wide_owner_only: {
    status: 403,
    en: 'Only the owner can change a reward offered at every branch',
    ar: 'المالك وحده يمكنه تعديل مكافأة متاحة في كل الفروع',
  },
  reward_kind_fields_invalid: {
    status: 400,
    en: 'Fill in what this kind of reward gives: the item, the percentage or the amount',
    ar: 'أدخل ما يمنحه هذا النوع من المكافآت: الصنف أو النسبة أو المبلغ',
  },
  reward_points_price_required: {
    status: 400,
    en: 'A points-shop reward needs a points price',
    ar: 'مكافأة متجر النقاط تحتاج إلى سعر بالنقاط',
  },
  reward_stock_below_sold: {
    status: 409,
    en: "The stock can't be less than the copies already sold",
    ar: 'لا يمكن أن يقل المخزون عن النسخ المباعة بالفعل',
  },
  reward_window_invalid: {
    status: 400,
    en: 'The reward must end after it starts',
    ar: 'يجب أن تنتهي المكافأة بعد بدايتها',
  },
  reward_image_not_image: {
    status: 422,
    en: 'The reward photo must be a JPEG, PNG or WebP picture',
    ar: 'يجب أن تكون صورة المكافأة بصيغة JPEG أو PNG أو WebP',
  },
  reward_image_missing: { status: 400, en: 'Choose a photo to upload', ar: 'اختر صورة لرفعها' },
  reward_out_of_stock: {
    status: 409,
    en: 'This reward is sold out',
    ar: 'نفدت كمية هذه المكافأة',
  },
} as const satisfies Record<string, ErrorEntry>;
