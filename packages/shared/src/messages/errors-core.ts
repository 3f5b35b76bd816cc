import type { ErrorEntry } from './error-entry.ts';

/** Requests, the HTTP layer, tables at a counter QR, and accounts and sign-in (issues 3 and 13). */
export const CORE_ERRORS = {
  validation_failed: { status: 400, en: 'Some fields are empty or wrong', ar: 'بعض الحقول فارغة أو غير صحيحة' },
  field_invalid: { status: 400, en: 'This field is empty or wrong', ar: 'هذا الحقل فارغ أو غير صحيح' },
  field_required: { status: 400, en: 'This field can not be empty', ar: 'لا يمكن ترك هذا الحقل فارغًا' },
  invalid_uuid: { status: 400, en: 'This QR code link is not valid', ar: 'رابط رمز QR هذا غير صالح' },
  qr_not_found: {
    status: 404,
    en: "This QR code doesn't belong to any restaurant",
    ar: 'رمز QR هذا لا يتبع أي مطعم',
  },
  qr_inactive: { status: 410, en: 'This QR code is no longer active', ar: 'رمز QR هذا لم يعد فعّالًا' },
  branch_not_found: { status: 404, en: "This branch doesn't exist", ar: 'هذا الفرع غير موجود' },
  brand_not_found: { status: 404, en: "This restaurant doesn't exist", ar: 'هذا المطعم غير موجود' },
  item_not_found: { status: 404, en: "This item doesn't exist on the menu", ar: 'هذا الصنف غير موجود في القائمة' },
  item_not_available: {
    status: 404,
    en: "This item isn't available at this branch",
    ar: 'هذا الصنف غير متوفر في هذا الفرع',
  },
  service_deactivated: {
    status: 403,
    en: 'This service has been deactivated by the restaurant',
    ar: 'تم إيقاف هذه الخدمة من قبل المطعم',
  },
  not_found: {
    status: 404,
    en: "The page or resource you asked for doesn't exist",
    ar: 'الصفحة أو المورد المطلوب غير موجود',
  },
  method_not_allowed: { status: 405, en: 'This method is not allowed here', ar: 'هذه العملية غير مسموحة هنا' },
  payload_too_large: { status: 413, en: 'The request is too large', ar: 'الطلب كبير جدًا' },
  unsupported_media_type: {
    status: 415,
    en: 'This content type is not supported',
    ar: 'نوع المحتوى هذا غير مدعوم',
  },
  rate_limited: { status: 429, en: 'Too many requests, try again later', ar: 'طلبات كثيرة، حاول مرة أخرى لاحقًا' },
  // The HTTP layer (issue 13): what Fastify and Node refuse before a route runs, in our shape.
  bad_request: { status: 400, en: "The request couldn't be read", ar: 'تعذّرت قراءة الطلب' },
  url_invalid: { status: 400, en: 'This link is not valid', ar: 'هذا الرابط غير صالح' },
  request_timeout: {
    status: 408,
    en: 'The request took too long, try again',
    ar: 'استغرق الطلب وقتًا طويلًا، حاول مرة أخرى',
  },
  url_too_long: { status: 414, en: 'This link is too long', ar: 'هذا الرابط طويل جدًا' },
  headers_too_large: {
    status: 431,
    en: 'The request headers are too large',
    ar: 'ترويسات الطلب كبيرة جدًا',
  },
  /** A text field (or a path segment) holding a NUL byte or half of a surrogate pair: no database can store it. */
  text_invalid_characters: {
    status: 400,
    en: "This text contains characters that can't be saved",
    ar: 'يحتوي هذا النص على رموز لا يمكن حفظها',
  },
  /** The database is unreachable (a restart, a failover): nothing was written, the same request can be retried. */
  service_unavailable: {
    status: 503,
    en: 'The service is briefly unavailable, try again in a moment',
    ar: 'الخدمة غير متاحة مؤقتًا، حاول مرة أخرى بعد قليل',
  },
  live_streams_limit: {
    status: 429,
    en: 'Too many live screens are open for this account, close one and try again',
    ar: 'شاشات المتابعة المباشرة المفتوحة لهذا الحساب كثيرة، أغلق إحداها وحاول مرة أخرى',
  },
  branch_closed: { status: 409, en: 'branch is closed now', ar: 'الفرع مغلق الآن' },
  table_not_available: { status: 409, en: "The table isn't available", ar: 'الطاولة غير متاحة' },
  // Dine-in from a counter QR at a branch with tables (issue 13, item 15): which table the order goes to.
  table_number_required: { status: 400, en: 'Enter your table number', ar: 'أدخل رقم طاولتك' },
  table_number_unknown: {
    status: 422,
    en: 'This branch has no table with that number, check the number on your table',
    ar: 'لا توجد طاولة بهذا الرقم في هذا الفرع، تحقق من الرقم المكتوب على طاولتك',
  },
  // Accounts and sign-in (issue 3). The spec's wording where it has one (§5).
  name_required: { status: 400, en: 'Name field is required', ar: 'حقل الاسم مطلوب' },
  phone_required: { status: 400, en: 'Number field is required', ar: 'حقل الرقم مطلوب' },
  phone_invalid: { status: 400, en: 'Ensure the number is valid', ar: 'تأكد من صحة الرقم' },
  dial_code_unknown: { status: 400, en: 'This country code is not known', ar: 'رمز الدولة هذا غير معروف' },
  email_required: { status: 400, en: 'Email field is required', ar: 'حقل البريد الإلكتروني مطلوب' },
  email_invalid: { status: 400, en: 'Ensure the email is valid', ar: 'تأكد من صحة البريد الإلكتروني' },
  phone_in_use: { status: 409, en: 'This phone number is used', ar: 'رقم الهاتف هذا مستخدم' },
  otp_incorrect: {
    status: 400,
    en: 'The four-digit verification code is incorrect',
    ar: 'رمز التحقق المكون من أربعة أرقام غير صحيح',
  },
  otp_expired: {
    status: 410,
    en: 'This verification code has expired, ask for a new one',
    ar: 'انتهت صلاحية رمز التحقق، اطلب رمزًا جديدًا',
  },
  otp_tries_exceeded: {
    status: 429,
    en: 'Too many wrong codes, ask for a new code later',
    ar: 'محاولات خاطئة كثيرة، اطلب رمزًا جديدًا لاحقًا',
  },
  // Issue 13: wrong codes or passwords slow the one making them (growing delays); the wait comes in Retry-After.
  sign_in_throttled: {
    status: 429,
    en: 'Too many wrong tries, wait a little and try again',
    ar: 'محاولات خاطئة كثيرة، انتظر قليلًا ثم حاول مرة أخرى',
  },
  otp_send_limited: {
    status: 429,
    // The wait is in Retry-After and details.retryAfterSeconds (the app shows it): it can be 30 s or 15 minutes.
    en: 'Too many codes requested for this number, wait before asking for another',
    ar: 'طلبت رموزًا كثيرة لهذا الرقم، انتظر قبل طلب رمز آخر',
  },
  registration_required: {
    status: 409,
    en: "This number isn't registered yet, complete your registration",
    ar: 'هذا الرقم غير مسجل بعد، أكمل التسجيل',
  },
  unauthenticated: { status: 401, en: 'Please sign in to continue', ar: 'يرجى تسجيل الدخول للمتابعة' },
  session_expired: {
    status: 401,
    en: 'Your session has ended, please sign in again',
    ar: 'انتهت جلستك، يرجى تسجيل الدخول مرة أخرى',
  },
  forbidden: { status: 403, en: "You don't have permission to do this", ar: 'ليس لديك صلاحية للقيام بذلك' },
  staff_login_failed: {
    status: 401,
    en: 'The email or password is incorrect',
    ar: 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
  },
  address_not_found: { status: 404, en: "This address doesn't exist", ar: 'هذا العنوان غير موجود' },
  favourites_full: {
    status: 409,
    en: 'Your favourites list is full, remove a dish to add another',
    ar: 'قائمة المفضلة ممتلئة، أزل طبقًا لتضيف غيره',
  },
} as const satisfies Record<string, ErrorEntry>;
