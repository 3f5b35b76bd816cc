import type { ErrorEntry } from './error-entry.ts';

/** The wheel, register-and-win, referral and evaluations (issue 17). */
export const ENGAGEMENT_ERRORS = {
  // The wheel and register-and-win (issue 17): the spec's messages (§8) word for word; the retry figures travel in
  // the error's details (retryAt, and days or hours and minutes: shared/engagement/wheel.ts retryLeft).
  game_not_found: { status: 404, en: "There's no game to play here now", ar: 'لا توجد لعبة متاحة هنا الآن' },
  wheel_not_allowed: { status: 403, en: 'You are not allowed to spin', ar: 'غير مسموح لك بتدوير العجلة' },
  wheel_won_cooldown: {
    status: 409,
    en: 'Customer already won a prize, you can participate once every a period',
    ar: 'لقد فزت بجائزة من قبل، يمكنك المشاركة مرة واحدة كل فترة',
  },
  wheel_retry_later: {
    status: 409,
    en: 'Better luck next time: you can spin again later',
    ar: 'حظًا أوفر في المرة القادمة: يمكنك المحاولة مرة أخرى لاحقًا',
  },
  wheel_not_new: {
    status: 403,
    en: 'Customer is not new to the wheel game, the registration form or this branch',
    ar: 'العميل ليس جديدًا على لعبة العجلة أو نموذج التسجيل أو هذا الفرع',
  },
  wheel_new_only: {
    status: 409,
    en: 'Sorry, already participated, for new participants only',
    ar: 'عذرًا، لقد شاركت من قبل، المشاركة للمشاركين الجدد فقط',
  },
  wheel_one_minute: {
    status: 429,
    en: "Can't participate now, try again in one minute",
    ar: 'لا يمكنك المشاركة الآن، حاول مرة أخرى بعد دقيقة',
  },
  wheel_out_of_gifts: { status: 409, en: 'Oops, System out of gifts', ar: 'عذرًا، نفدت الهدايا' },
  // Evaluations (issue 17); the spec's own words for the unanswered questions and the photo limit.
  evaluation_form_not_found: {
    status: 404,
    en: "This evaluation form doesn't exist",
    ar: 'نموذج التقييم هذا غير موجود',
  },
  evaluation_unanswered: {
    status: 422,
    en: 'One or more question left unanswered',
    ar: 'هناك سؤال أو أكثر لم تتم الإجابة عليه',
  },
  evaluation_answer_invalid: {
    status: 400,
    en: "An answer doesn't match this form's questions",
    ar: 'إحدى الإجابات لا تطابق أسئلة هذا النموذج',
  },
  evaluation_already_submitted: {
    status: 409,
    en: 'This order has already been rated',
    ar: 'تم تقييم هذا الطلب من قبل',
  },
  evaluation_order_canceled: {
    status: 409,
    en: "A canceled order can't be rated",
    ar: 'لا يمكن تقييم طلب ملغى',
  },
  evaluation_order_not_completed: {
    status: 409,
    en: 'You can rate this order once it has been completed',
    ar: 'يمكنك تقييم هذا الطلب بعد اكتماله',
  },
  evaluation_visit_already_rated: {
    status: 409,
    en: "You've already rated your visit to this branch today",
    ar: 'لقد قيّمت زيارتك لهذا الفرع اليوم',
  },
  evaluation_too_many_photos: {
    status: 422,
    en: "Can't upload more than 2 images",
    ar: 'لا يمكن رفع أكثر من صورتين',
  },
  evaluation_photo_too_large: {
    status: 413,
    en: 'Each image can be at most 8 MB',
    ar: 'يجب ألا يزيد حجم الصورة عن ٨ ميغابايت',
  },
  evaluation_photo_not_image: {
    status: 415,
    en: 'Only JPEG, PNG or WebP images can be uploaded',
    ar: 'يمكن رفع صور JPEG أو PNG أو WebP فقط',
  },
  evaluation_photo_not_found: { status: 404, en: "This image doesn't exist", ar: 'هذه الصورة غير موجودة' },
  evaluation_not_found: { status: 404, en: "This evaluation doesn't exist", ar: 'هذا التقييم غير موجود' },
  evaluation_apology_sent: {
    status: 409,
    en: 'An apology has already been sent for this evaluation',
    ar: 'تم إرسال اعتذار لهذا التقييم من قبل',
  },
  // Referral (issue 17): the spec's messages word for word where it has them.
  referral_unavailable: {
    status: 404,
    en: "There's no referral programme here now",
    ar: 'لا يوجد برنامج إحالة هنا الآن',
  },
  referral_code_required: { status: 422, en: 'Referral code is required', ar: 'رمز الإحالة مطلوب' },
  referral_code_invalid: { status: 422, en: 'Invalid referral code', ar: 'رمز الإحالة غير صالح' },
  referral_lead_exists: {
    status: 409,
    en: 'lead already exist, please try another friend',
    ar: 'هذا الصديق مدعو من قبل، جرّب صديقًا آخر',
  },
  referral_self: {
    status: 422,
    en: "That's your own number: invite a friend instead",
    ar: 'هذا رقمك أنت: ادعُ صديقًا بدلًا منه',
  },
  evaluation_uploads_limited: {
    status: 429,
    en: 'You sent many photos, wait a little and try again',
    ar: 'أرسلت صورًا كثيرة، انتظر قليلًا ثم حاول مرة أخرى',
  },
  referral_leads_limited: {
    status: 429,
    en: "You've invited many friends today, try again later",
    ar: 'دعوت أصدقاء كثيرين اليوم، حاول مرة أخرى لاحقًا',
  },
  referral_existing_customer: {
    status: 409,
    en: 'Your friend is already our customer, please try another friend',
    ar: 'صديقك عميل لدينا من قبل، جرّب صديقًا آخر',
  },
  notification_not_found: { status: 404, en: "This notification doesn't exist", ar: 'هذا الإشعار غير موجود' },
} as const satisfies Record<string, ErrorEntry>;
