import type { ErrorEntry } from './error-entry.ts';

/** Ordering, cash, live events and tables, and card payments (issues 4, 5 and 13). */
export const ORDERING_ERRORS = {
  // Ordering (issue 4). The spec's wording where it has one (§3, §4).
  order_not_found: { status: 404, en: "This order doesn't exist", ar: 'هذا الطلب غير موجود' },
  dine_in_today_only: {
    status: 422,
    en: 'Dine-in orders are for today: choose a time today or order for pickup',
    ar: 'طلبات الأكل في المطعم لليوم فقط: اختر وقتًا اليوم أو اطلب للاستلام',
  },
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
} as const satisfies Record<string, ErrorEntry>;
