import type { ErrorEntry } from './error-entry.ts';

/** The menu console (issue 26 items 2 and 3): edits, conflicts, per-branch settings, photos and CSV. */
export const MENU_ADMIN_ERRORS = {
  menu_edit_conflict: {
    status: 409,
    en: 'Someone else saved this in the meantime. Review their version, then save again',
    ar: 'حفظ شخص آخر هذا في الأثناء. راجع نسخته ثم احفظ مرة أخرى',
  },
  menu_edit_not_allowed: {
    status: 403,
    en: "Only the owner can change the brand's menu; ask the owner to allow managers to edit it",
    ar: 'لا يغيّر قائمة العلامة إلا المالك؛ اطلب من المالك السماح للمديرين بتعديلها',
  },
  menu_category_not_found: { status: 404, en: "This category doesn't exist", ar: 'هذا التصنيف غير موجود' },
  menu_category_not_empty: {
    status: 409,
    en: 'This category still has items; move them first',
    ar: 'ما زال في هذا التصنيف أصناف؛ انقلها أولًا',
  },
  menu_window_invalid: {
    status: 400,
    en: 'Give both the start and the end time, and make them different',
    ar: 'أدخل وقت البداية ووقت النهاية، ويجب أن يختلفا',
  },
  menu_order_mismatch: {
    status: 400,
    en: 'The list of categories changed; reload and reorder again',
    ar: 'تغيّرت قائمة التصنيفات؛ أعد التحميل ثم رتّب مجددًا',
  },
  menu_modifier_group_not_found: {
    status: 404,
    en: "This choice group doesn't exist",
    ar: 'مجموعة الخيارات هذه غير موجودة',
  },
  menu_modifier_min_max: {
    status: 400,
    en: 'The minimum choices can not be more than the maximum',
    ar: 'لا يمكن أن يزيد الحد الأدنى للاختيارات عن الحد الأقصى',
  },
  menu_combo_choice_invalid: {
    status: 400,
    en: "A combo's choice must be another item of this menu, not a combo",
    ar: 'يجب أن يكون خيار الوجبة صنفًا آخر من هذه القائمة وليس وجبة',
  },
  menu_bulk_needs_branch: {
    status: 400,
    en: 'Choose the branch for this action',
    ar: 'اختر الفرع لهذا الإجراء',
  },
  menu_bulk_needs_category: {
    status: 400,
    en: 'Choose the category to move the items to',
    ar: 'اختر التصنيف الذي تُنقل إليه الأصناف',
  },
  menu_bulk_conflict: {
    status: 409,
    en: 'Someone else saved some of these items in the meantime; nothing was changed. Review them, then try again',
    ar: 'حفظ شخص آخر بعض هذه الأصناف في الأثناء؛ لم يتغيّر شيء. راجعها ثم حاول مرة أخرى',
  },
  menu_modifier_option_not_found: {
    status: 404,
    en: "This option isn't in this choice group",
    ar: 'هذا الخيار ليس ضمن مجموعة الخيارات هذه',
  },
  menu_photo_invalid: {
    status: 415,
    en: 'The photo must be a JPEG, PNG or WebP image',
    ar: 'يجب أن تكون الصورة بصيغة JPEG أو PNG أو WebP',
  },
  menu_csv_invalid: {
    status: 422,
    en: 'The file was not imported: fix the rows listed and import it again',
    ar: 'لم يُستورد الملف: صحّح الصفوف المذكورة ثم استورده مرة أخرى',
  },
  menu_csv_row_price: {
    status: 422,
    en: 'The price must be a number of riyals, such as 12.50',
    ar: 'يجب أن يكون السعر رقمًا بالريال، مثل 12.50',
  },
  menu_csv_row_category: {
    status: 422,
    en: 'No category has this name',
    ar: 'لا يوجد تصنيف بهذا الاسم',
  },
  menu_csv_row_name: {
    status: 422,
    en: 'The name in Arabic and in English are required',
    ar: 'الاسم بالعربية والإنجليزية مطلوب',
  },
  menu_csv_row_item: {
    status: 422,
    en: 'No item of this menu has this id',
    ar: 'لا يوجد صنف في هذه القائمة بهذا المعرّف',
  },
  menu_csv_header: {
    status: 422,
    en: 'The first row must name the columns: id, category, name_ar, name_en, price',
    ar: 'يجب أن يسمّي الصف الأول الأعمدة: id, category, name_ar, name_en, price',
  },
} as const satisfies Record<string, ErrorEntry>;
