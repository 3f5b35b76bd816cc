import type { ErrorEntry } from './error-entry.ts';

/** The management console's errors (issue 26): version conflicts and the brand settings' checks. */
export const CONSOLE_ERRORS = {
  edit_conflict: {
    status: 409,
    en: 'Someone else saved this first. Their version is shown: use it, or change it and save again',
    ar: 'حفظ شخص آخر هذا قبلك. نسخته معروضة: استخدمها، أو عدّلها واحفظ مرة أخرى',
  },
  brand_color_contrast: {
    status: 422,
    en: 'White text on this colour is hard to read; choose a darker colour',
    ar: 'النص الأبيض على هذا اللون صعب القراءة؛ اختر لونًا أغمق',
  },
  vat_number_invalid: {
    status: 422,
    en: 'The VAT number is 15 digits, starting and ending with 3',
    ar: 'الرقم الضريبي ١٥ رقمًا يبدأ بـ ٣ وينتهي بـ ٣',
  },
  host_in_use: {
    status: 409,
    en: 'Another brand already uses this page host',
    ar: 'علامة تجارية أخرى تستخدم عنوان الصفحة هذا',
  },
  menu_permission_owner_only: {
    status: 403,
    en: 'Only the owner can decide whether managers edit the menu',
    ar: 'المالك وحده يقرر إن كان المديرون يعدّلون القائمة',
  },
} as const satisfies Record<string, ErrorEntry>;

/** Staff accounts (issue 26 item 9). */
export const STAFF_ADMIN_ERRORS = {
  staff_email_in_use: {
    status: 409,
    en: 'A staff account with this email already exists',
    ar: 'يوجد حساب موظف بهذا البريد الإلكتروني',
  },
  staff_not_found: { status: 404, en: "This staff account doesn't exist", ar: 'حساب الموظف هذا غير موجود' },
  invitation_invalid: {
    status: 410,
    en: 'This link has expired or was already used; ask for a new one',
    ar: 'انتهت صلاحية هذا الرابط أو استُخدم من قبل؛ اطلب رابطًا جديدًا',
  },
  staff_inactive: {
    status: 409,
    en: 'This account is deactivated; reactivate it first',
    ar: 'هذا الحساب موقوف؛ أعد تفعيله أولًا',
  },
  last_owner: {
    status: 409,
    en: 'The brand needs at least one active owner: make someone else owner first',
    ar: 'تحتاج العلامة التجارية إلى مالك نشط واحد على الأقل: اجعل شخصًا آخر مالكًا أولًا',
  },
  staff_branches_required: {
    status: 422,
    en: 'Choose at least one branch for a manager or a cashier',
    ar: 'اختر فرعًا واحدًا على الأقل للمدير أو الكاشير',
  },
  staff_session_not_found: {
    status: 404,
    en: 'This session has already ended',
    ar: 'انتهت هذه الجلسة من قبل',
  },
} as const satisfies Record<string, ErrorEntry>;
