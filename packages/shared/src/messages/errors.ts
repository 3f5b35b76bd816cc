import type { Language } from '../language.ts';

/**
 * Every error the API can answer with: its HTTP status and its message in both languages.
 * The spec's own wording is kept where it has one (§5, §8). Later issues add their codes here.
 */
export const ERRORS = {
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
    en: 'Too many codes requested, try again in a few minutes',
    ar: 'طلبت رموزًا كثيرة، حاول مرة أخرى بعد بضع دقائق',
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
  // Ordering (issue 4). The spec's wording where it has one (§3, §4).
  order_not_found: { status: 404, en: "This order doesn't exist", ar: 'هذا الطلب غير موجود' },
  far_from_branch: {
    status: 403,
    en: 'you cannot place your order, you are far from the branch',
    ar: 'لا يمكنك تقديم طلبك، أنت بعيد عن الفرع',
  },
  location_required: {
    status: 400,
    en: 'Please Enable Location Permission',
    ar: 'يرجى تفعيل إذن الوصول إلى الموقع',
  },
  address_not_covered: {
    status: 422,
    en: "This area isn't covered by the restaurant, choose another address",
    ar: 'هذه المنطقة غير مشمولة بخدمة التوصيل من المطعم، اختر عنوانًا آخر',
  },
  address_required: { status: 400, en: 'Please select Your address', ar: 'يرجى اختيار عنوانك' },
  // A diner who is not signed in has no verified number: placing an order answers this (401), not `unauthenticated`.
  phone_not_verified: {
    status: 401,
    en: 'a number must be verified before an order is placed',
    ar: 'يجب التحقق من الرقم قبل تقديم الطلب',
  },
  order_type_not_available: {
    status: 409,
    en: "This order type isn't available at this branch",
    ar: 'نوع الطلب هذا غير متاح في هذا الفرع',
  },
  payment_method_not_available: {
    status: 409,
    en: "This payment method isn't available for this order",
    ar: 'طريقة الدفع هذه غير متاحة لهذا الطلب',
  },
  minimum_order_not_reached: {
    status: 422,
    en: "The order is below this area's minimum for delivery",
    ar: 'الطلب أقل من الحد الأدنى للتوصيل في هذه المنطقة',
  },
  // Order size (issue 13, item 6): ORDER_LIMITS in shared/order-limits.ts; the figures here are those limits.
  order_too_many_lines: {
    status: 422,
    en: 'An order can have at most 50 lines. Combine repeated items or place a second order',
    ar: 'لا يمكن أن يزيد الطلب على ٥٠ سطرًا. اجمع الأصناف المكررة أو قدّم طلبًا ثانيًا',
  },
  order_item_quantity_limit: {
    status: 422,
    en: 'You can order at most 99 of one item in an order',
    ar: 'لا يمكنك طلب أكثر من ٩٩ من الصنف الواحد في الطلب',
  },
  order_total_too_large: {
    status: 422,
    en: 'An order can cost at most 50,000 SAR. Place a smaller order or contact the restaurant',
    ar: 'لا يمكن أن تزيد قيمة الطلب على ٥٠٬٠٠٠ ريال. قدّم طلبًا أصغر أو تواصل مع المطعم',
  },
  combo_slot_missing: {
    status: 400,
    en: 'You should choose product for each option',
    ar: 'يجب عليك اختيار منتج لكل خيار',
  },
  combo_choice_invalid: {
    status: 400,
    en: "This product can't be chosen for this part of the meal",
    ar: 'لا يمكن اختيار هذا المنتج لهذا الجزء من الوجبة',
  },
  modifier_unknown: {
    status: 400,
    en: "This option doesn't exist for this item",
    ar: 'هذا الخيار غير موجود لهذا الصنف',
  },
  modifier_not_available: {
    status: 409,
    en: "This option isn't available right now",
    ar: 'هذا الخيار غير متوفر حاليًا',
  },
  modifier_choice_count: {
    status: 400,
    en: 'Choose the number of options this item asks for',
    ar: 'اختر عدد الخيارات المطلوب لهذا الصنف',
  },
  quantity_out_of_range: {
    status: 400,
    en: 'The quantity must be between 1 and 99',
    ar: 'يجب أن تكون الكمية بين 1 و99',
  },
  idempotency_key_required: {
    status: 400,
    en: 'The Idempotency-Key header is required',
    ar: 'ترويسة Idempotency-Key مطلوبة',
  },
  idempotency_key_reused: {
    status: 422,
    en: 'This Idempotency-Key was already used for a different request',
    ar: 'مفتاح Idempotency-Key هذا استُخدم من قبل لطلب مختلف',
  },
  idempotency_key_in_flight: {
    status: 409,
    en: 'This order is already being placed, wait a moment',
    ar: 'يجري تقديم هذا الطلب بالفعل، انتظر قليلًا',
  },
  settings_changing: {
    status: 503,
    en: 'The restaurant is changing its settings right now, try again in a moment',
    ar: 'يغيّر المطعم إعداداته الآن، حاول مرة أخرى بعد قليل',
  },
  order_transition_not_allowed: {
    status: 409,
    en: "The order can't move to this status from its current one",
    ar: 'لا يمكن نقل الطلب إلى هذه الحالة من حالته الحالية',
  },
  cancel_reason_required: {
    status: 400,
    en: 'Give a reason to cancel the order',
    ar: 'اذكر سبب إلغاء الطلب',
  },
  // Cash taken, recorded by staff on the board (issue 13, item 17).
  cash_not_receivable: {
    status: 409,
    en: "Cash can't be recorded for this order (it is canceled or not paid in cash)",
    ar: 'لا يمكن تسجيل استلام النقد لهذا الطلب (أُلغي أو لا يُدفع نقدًا)',
  },
  cash_already_received: {
    status: 409,
    en: 'The cash for this order is already recorded',
    ar: 'استلام النقد لهذا الطلب مسجّل بالفعل',
  },
  // Live events and tables (issue 4).
  branch_out_of_scope: {
    status: 403,
    en: "This branch isn't one of the branches you work at",
    ar: 'هذا الفرع ليس من الفروع التي تعمل بها',
  },
  table_not_found: { status: 404, en: "This table doesn't exist", ar: 'هذه الطاولة غير موجودة' },
  // A table is Occupied while it has open orders: staff cannot free it until the last one ends (issue 13, item 15).
  table_has_open_orders: {
    status: 409,
    en: 'This table still has open orders: it becomes free when the last one is delivered or canceled',
    ar: 'على هذه الطاولة طلبات مفتوحة: تصبح متاحة عند تسليم آخرها أو إلغائه',
  },
  // Card payments (issue 5). The spec's wording for the card page's three messages.
  card_number_invalid: { status: 400, en: 'Invalid card number', ar: 'رقم البطاقة غير صحيح' },
  card_expiry_invalid: { status: 400, en: 'Invalid expire date', ar: 'تاريخ الانتهاء غير صحيح' },
  card_cvv_invalid: { status: 400, en: 'Invalid cvv', ar: 'رمز التحقق (CVV) غير صحيح' },
  card_holder_required: { status: 400, en: "Enter the card holder's name", ar: 'أدخل اسم حامل البطاقة' },
  payment_not_found: { status: 404, en: "This payment doesn't exist", ar: 'عملية الدفع هذه غير موجودة' },
  payment_failed: {
    status: 402,
    en: 'Payment Failed (transaction failed due to a technical error, try again)',
    ar: 'فشل الدفع (فشلت العملية بسبب خطأ تقني، حاول مرة أخرى)',
  },
  // A failed attempt in the provider's own words (issue 13 item 13): what happened and what to do next.
  payment_declined: {
    status: 402,
    en: 'Your bank declined this card. Try another card, or order again and pay cash',
    ar: 'رفض البنك هذه البطاقة. جرّب بطاقة أخرى، أو اطلب مرة أخرى وادفع نقدًا',
  },
  payment_insufficient_funds: {
    status: 402,
    en: "The card was declined: there isn't enough balance. Try another card, or order again and pay cash",
    ar: 'رُفضت البطاقة: الرصيد غير كافٍ. جرّب بطاقة أخرى، أو اطلب مرة أخرى وادفع نقدًا',
  },
  payment_3ds_failed: {
    status: 402,
    en: "Your bank's verification (3-D Secure) didn't succeed. Try again, use another card, or order again and pay cash",
    ar: 'لم ينجح تحقق البنك (\u20663-D Secure\u2069). حاول مرة أخرى، أو استخدم بطاقة أخرى، أو اطلب مرة أخرى وادفع نقدًا',
  },
  payment_already_completed: {
    status: 409,
    en: 'This payment is already completed',
    ar: 'اكتملت عملية الدفع هذه بالفعل',
  },
  order_not_payable: {
    status: 409,
    en: "This order can't be paid by card (it is canceled or not a card order)",
    ar: 'لا يمكن دفع هذا الطلب بالبطاقة (أُلغي أو ليس طلبًا بالبطاقة)',
  },
  payment_expired: {
    status: 410,
    en: 'The time to pay for this order ran out, so it was canceled. Order again to get it',
    ar: 'انتهت مهلة الدفع لهذا الطلب فأُلغي. اطلب مرة أخرى للحصول عليه',
  },
  payment_provider_unavailable: {
    status: 502,
    en: "The payment provider didn't answer, try again in a moment",
    ar: 'لم يستجب مزوّد الدفع، حاول مرة أخرى بعد قليل',
  },
  payment_provider_busy: {
    status: 502,
    en: 'The payment provider is busy right now, try again in a few minutes',
    ar: 'مزوّد الدفع مشغول الآن، حاول مرة أخرى بعد بضع دقائق',
  },
  payment_provider_misconfigured: {
    status: 502,
    en: "Card payments aren't available right now because of a setup problem on our side. Pay cash, or try later",
    ar: 'الدفع بالبطاقة غير متاح الآن بسبب مشكلة في الإعداد لدينا. ادفع نقدًا أو حاول لاحقًا',
  },
  payment_in_progress: {
    status: 409,
    en: 'A payment for this order is already being started, try again in a moment',
    ar: 'يجري بدء عملية دفع لهذا الطلب بالفعل، حاول مرة أخرى بعد لحظة',
  },
  payment_card_refused: {
    status: 422,
    en: "The payment provider couldn't use this card, check it or try another card",
    ar: 'تعذّر على مزوّد الدفع استخدام هذه البطاقة، تحقق منها أو جرّب بطاقة أخرى',
  },
  payment_webhook_invalid: {
    status: 401,
    en: 'The payment notification signature is not valid',
    ar: 'توقيع إشعار الدفع غير صالح',
  },
  // Loyalty (issue 15).
  loyalty_not_set_up: {
    status: 404,
    en: "This restaurant doesn't have a points programme yet",
    ar: 'لا يوجد برنامج نقاط لدى هذا المطعم بعد',
  },
  customer_not_found: { status: 404, en: "This customer doesn't exist", ar: 'هذا العميل غير موجود' },
  points_insufficient: {
    status: 422,
    en: "There aren't enough points in the wallet for this",
    ar: 'لا توجد نقاط كافية في المحفظة لذلك',
  },
  // Points spent at checkout (issue 15): each limit of the brand's rule has its own message.
  points_not_available: {
    status: 422,
    en: "Points can't be used at this restaurant now",
    ar: 'لا يمكن استخدام النقاط في هذا المطعم الآن',
  },
  points_below_minimum: {
    status: 422,
    en: 'Use at least the minimum points per redemption',
    ar: 'استخدم الحد الأدنى من النقاط للاستبدال على الأقل',
  },
  points_above_transaction_max: {
    status: 422,
    en: 'That is more than the maximum points per order',
    ar: 'هذا أكثر من الحد الأقصى للنقاط في الطلب الواحد',
  },
  points_above_daily_max: {
    status: 422,
    en: 'That is more than the points you can use today',
    ar: 'هذا أكثر من النقاط التي يمكنك استخدامها اليوم',
  },
  redemptions_daily_max: {
    status: 422,
    en: "You've used points as many times as allowed today",
    ar: 'استخدمت النقاط أقصى عدد من المرات المسموح بها اليوم',
  },
  points_above_order: {
    status: 422,
    en: 'These points are worth more than the items in your order',
    ar: 'قيمة هذه النقاط أكبر من قيمة الأصناف في طلبك',
  },
  // Rewards and the cashier's redemption (issue 15). "Prize isn't available" is the spec's (§8).
  reward_not_available: { status: 409, en: "Prize isn't available", ar: 'الجائزة غير متاحة' },
  reward_expired: { status: 410, en: 'This reward has expired', ar: 'انتهت صلاحية هذه المكافأة' },
  reward_already_claimed: {
    status: 409,
    en: 'This reward has already been redeemed',
    ar: 'تم استبدال هذه المكافأة من قبل',
  },
  reward_other_brand: {
    status: 403,
    en: 'This reward belongs to another restaurant',
    ar: 'هذه المكافأة تابعة لمطعم آخر',
  },
  reward_other_branch: {
    status: 403,
    en: "This reward can't be redeemed at this branch",
    ar: 'لا يمكن استبدال هذه المكافأة في هذا الفرع',
  },
  reward_qr_stale: {
    status: 410,
    en: 'This QR code has expired: ask the customer to open the reward again',
    ar: 'انتهت صلاحية رمز QR هذا: اطلب من العميل فتح المكافأة مرة أخرى',
  },
  reward_qr_invalid: { status: 400, en: "This QR code isn't a reward of ours", ar: 'رمز QR هذا ليس مكافأة لدينا' },
  reward_code_invalid: {
    status: 400,
    en: 'A reward code has 8 letters and digits',
    ar: 'رمز المكافأة مكوّن من ٨ حروف وأرقام',
  },
  reward_not_found: {
    status: 404,
    en: 'No reward has this code for this phone number',
    ar: 'لا توجد مكافأة بهذا الرمز لهذا الرقم',
  },
  // A typed code is guessable: a staff user's (and a branch's) typed codes per minute are limited (issue 15).
  reward_code_throttled: {
    status: 429,
    en: 'Too many typed codes in a minute, wait a little and try again (or scan the QR code)',
    ar: 'رموز مكتوبة كثيرة خلال دقيقة، انتظر قليلًا ثم حاول مرة أخرى (أو امسح رمز QR)',
  },
  shop_reward_not_found: { status: 404, en: "This reward isn't in the shop", ar: 'هذه المكافأة غير موجودة في المتجر' },
  reward_not_for_sale: {
    status: 409,
    en: "This reward can't be bought with points",
    ar: 'لا يمكن شراء هذه المكافأة بالنقاط',
  },
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
  // Punch cards (issue 16).
  punch_card_not_found: { status: 404, en: "This punch card doesn't exist", ar: 'بطاقة الأختام هذه غير موجودة' },
  punch_programme_not_found: {
    status: 404,
    en: "This punch card programme doesn't exist",
    ar: 'برنامج بطاقة الأختام هذا غير موجود',
  },
  punch_qualifying_required: {
    status: 400,
    en: 'Choose at least one item or category that earns a punch',
    ar: 'اختر صنفًا أو فئة واحدة على الأقل تمنح ختمًا',
  },
  punch_item_unknown: {
    status: 400,
    en: "One of the chosen items or categories isn't on this restaurant's menu",
    ar: 'أحد الأصناف أو الفئات المختارة غير موجود في قائمة هذا المطعم',
  },
  punch_reward_unknown: {
    status: 400,
    en: "The chosen reward isn't one of this restaurant's rewards",
    ar: 'المكافأة المختارة ليست من مكافآت هذا المطعم',
  },
  // Coupons (issue 16). "This coupon doesn't exist", "This opportunity is exclusive to new customers at this branch"
  // and "Customer is not new to … this branch" are the spec's (§8). A code of another brand does not exist here.
  coupon_not_found: { status: 404, en: "This coupon doesn't exist", ar: 'هذه القسيمة غير موجودة' },
  coupon_code_invalid: {
    status: 400,
    en: 'A coupon code has 3 to 32 letters and digits',
    ar: 'رمز القسيمة مكوّن من ٣ إلى ٣٢ حرفًا ورقمًا',
  },
  coupon_not_yet_valid: { status: 422, en: "This coupon isn't valid yet", ar: 'هذه القسيمة غير صالحة بعد' },
  coupon_expired: { status: 410, en: 'This coupon has expired', ar: 'انتهت صلاحية هذه القسيمة' },
  coupon_other_branch: {
    status: 422,
    en: "This coupon can't be used at this branch",
    ar: 'لا يمكن استخدام هذه القسيمة في هذا الفرع',
  },
  coupon_other_order_type: {
    status: 422,
    en: "This coupon can't be used for this order type",
    ar: 'لا يمكن استخدام هذه القسيمة لنوع الطلب هذا',
  },
  coupon_below_minimum: {
    status: 422,
    en: "The order is below this coupon's minimum",
    ar: 'الطلب أقل من الحد الأدنى لهذه القسيمة',
  },
  coupon_used_up: { status: 409, en: 'This coupon has been used up', ar: 'نفدت مرات استخدام هذه القسيمة' },
  coupon_customer_limit: {
    status: 409,
    en: "You've already used this coupon as many times as allowed",
    ar: 'استخدمت هذه القسيمة أقصى عدد من المرات المسموح به',
  },
  coupon_needs_customer: {
    status: 422,
    en: "This coupon needs the customer's phone number",
    ar: 'هذه القسيمة تحتاج إلى رقم جوال العميل',
  },
  coupon_new_customers_only: {
    status: 403,
    en: 'This opportunity is exclusive to new customers at this branch',
    ar: 'هذه الفرصة حصرية للعملاء الجدد في هذا الفرع',
  },
  coupon_customer_not_new: {
    status: 403,
    en: 'Customer is not new to this branch',
    ar: 'العميل ليس جديدًا في هذا الفرع',
  },
  coupon_item_not_in_cart: {
    status: 422,
    en: "This coupon's free item isn't in your cart",
    ar: 'الصنف المجاني لهذه القسيمة غير موجود في سلتك',
  },
  coupon_no_points: {
    status: 422,
    en: "This coupon can't be combined with points",
    ar: 'لا يمكن الجمع بين هذه القسيمة والنقاط',
  },
  coupon_code_taken: {
    status: 409,
    en: 'Another coupon of this restaurant already has this code',
    ar: 'توجد قسيمة أخرى لهذا المطعم بنفس الرمز',
  },
  // A reward's free item in an order (issue 15).
  order_reward_not_found: {
    status: 404,
    en: "We couldn't find this reward among your rewards",
    ar: 'لم نجد هذه المكافأة ضمن مكافآتك',
  },
  order_reward_not_free_item: {
    status: 422,
    en: 'Only a free-item reward can be added to an order',
    ar: 'يمكن إضافة مكافأة الصنف المجاني فقط إلى الطلب',
  },
  order_reward_item_not_here: {
    status: 422,
    en: "This reward's item isn't on this branch's menu",
    ar: 'صنف هذه المكافأة غير متوفر في قائمة هذا الفرع',
  },
  unknown: { status: 500, en: 'An unknown error occurred', ar: 'حدث خطأ غير معروف' },
} as const satisfies Record<string, { status: number; en: string; ar: string }>;

export type ErrorCode = keyof typeof ERRORS;

export function errorMessage(code: ErrorCode, language: Language): string {
  return ERRORS[code][language];
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value);
}
