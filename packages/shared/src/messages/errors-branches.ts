import type { ErrorEntry } from './error-entry.ts';

/** The console's branches and delivery zones, and address search (issue 26 items 4 and 5). */
export const BRANCHES_ERRORS = {
  branch_version_conflict: {
    status: 409,
    en: 'Someone else saved this branch after you opened it: review their values and save again',
    ar: 'حفظ شخص آخر هذا الفرع بعد أن فتحته: راجع قيمه ثم احفظ من جديد',
  },
  zone_not_found: { status: 404, en: "This delivery zone doesn't exist", ar: 'منطقة التوصيل هذه غير موجودة' },
  time_zone_unknown: {
    status: 422,
    en: 'Choose a time zone from the list',
    ar: 'اختر منطقة زمنية من القائمة',
  },
  special_day_repeated: {
    status: 422,
    en: 'A date appears twice in the special days: keep one entry per date',
    ar: 'تاريخ مكرر في الأيام الخاصة: أبقِ إدخالًا واحدًا لكل تاريخ',
  },
  zone_polygon_not_closed: {
    status: 422,
    en: "The zone's outline is not closed: its last point must meet its first",
    ar: 'حدود المنطقة غير مغلقة: يجب أن تلتقي النقطة الأخيرة بالأولى',
  },
  zone_polygon_too_few_points: {
    status: 422,
    en: 'A zone needs at least 3 separate points on the map',
    ar: 'تحتاج المنطقة إلى ثلاث نقاط منفصلة على الأقل على الخريطة',
  },
  zone_polygon_too_many_points: {
    status: 422,
    en: 'A zone may have at most 500 points: draw it more simply',
    ar: 'يمكن أن تضم المنطقة 500 نقطة على الأكثر: ارسمها بشكل أبسط',
  },
  zone_polygon_out_of_range: {
    status: 422,
    en: "A point of the zone isn't a real place (latitude −90 to 90, longitude −180 to 180)",
    ar: 'إحدى نقاط المنطقة ليست موقعًا حقيقيًا (خط العرض من −90 إلى 90 وخط الطول من −180 إلى 180)',
  },
  zone_polygon_self_intersecting: {
    status: 422,
    en: "The zone's outline crosses itself: move the points so its edges don't cross",
    ar: 'حدود المنطقة تتقاطع مع نفسها: حرّك النقاط حتى لا تتقاطع أضلاعها',
  },
} as const satisfies Record<string, ErrorEntry>;
