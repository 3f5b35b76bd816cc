import type { ErrorEntry } from './error-entry.ts';

/** Loyalty: points, rewards and their redemption, punch cards, coupons, a reward's free item (issues 15 and 16). */
export const LOYALTY_ERRORS = {
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
  // A reward's code typed in the coupon field (issue 24 item 3): not "doesn't exist", but where it is used.
  coupon_is_reward: {
    status: 422,
    en: 'This code is one of your rewards: add it to your order from My Rewards',
    ar: 'هذا الرمز لإحدى مكافآتك: أضفها إلى طلبك من مكافآتي',
  },
  coupon_item_unknown: {
    status: 422,
    en: "The free item isn't on this restaurant's menu",
    ar: 'الصنف المجاني غير موجود في قائمة هذا المطعم',
  },
  coupon_branch_unknown: {
    status: 422,
    en: "One of the chosen branches isn't a branch of this restaurant",
    ar: 'أحد الفروع المختارة ليس من فروع هذا المطعم',
  },
  coupon_code_taken: {
    status: 409,
    en: 'Another coupon of this restaurant already has this code',
    ar: 'توجد قسيمة أخرى لهذا المطعم بنفس الرمز',
  },
  // A reward in an order: its free item (issue 15) or its discount (issue 24).
  order_reward_not_found: {
    status: 404,
    en: "We couldn't find this reward among your rewards",
    ar: 'لم نجد هذه المكافأة ضمن مكافآتك',
  },
  order_reward_not_for_orders: {
    status: 422,
    en: "This reward can't be used in an online order: show its code at the branch",
    ar: 'لا يمكن استخدام هذه المكافأة في طلب عبر الإنترنت: اعرض رمزها في الفرع',
  },
  order_reward_with_coupon: {
    status: 422,
    en: "A reward's discount can't be combined with a coupon: choose one of them",
    ar: 'لا يمكن الجمع بين خصم المكافأة والقسيمة: اختر أحدهما',
  },
  order_reward_choice_invalid: {
    status: 422,
    en: 'Choose only the required options of your free item',
    ar: 'اختر الخيارات المطلوبة فقط للصنف المجاني',
  },
  order_reward_item_not_here: {
    status: 422,
    en: "This reward's item isn't on this branch's menu",
    ar: 'صنف هذه المكافأة غير متوفر في قائمة هذا الفرع',
  },
} as const satisfies Record<string, ErrorEntry>;
