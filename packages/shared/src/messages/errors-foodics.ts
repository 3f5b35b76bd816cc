import type { ErrorEntry } from './error-entry.ts';

/** The Foodics hand-off's dead letters (issue 28 item 1). */
export const FOODICS_ERRORS = {
  foodics_hand_off_not_found: {
    status: 404,
    en: 'This order was not handed to Foodics',
    ar: 'لم يُرسَل هذا الطلب إلى فودكس',
  },
  foodics_hand_off_not_dead: {
    status: 409,
    en: 'This order is not waiting for staff: it was sent, is being retried, or was settled already',
    ar: 'هذا الطلب لا ينتظر الموظفين: أُرسل، أو تجري إعادة محاولته، أو سُوّي من قبل',
  },
  foodics_oauth_not_configured: {
    status: 409,
    en: 'Connecting to Foodics from here is not set up on this server (FOODICS_CLIENT_ID, FOODICS_CLIENT_SECRET)',
    ar: 'الربط بفودكس من هنا غير مُعدّ على هذا الخادم (FOODICS_CLIENT_ID وFOODICS_CLIENT_SECRET)',
  },
  foodics_not_connected: {
    status: 404,
    en: 'This brand is not connected to Foodics',
    ar: 'هذه العلامة غير مربوطة بفودكس',
  },
  foodics_oauth_state_invalid: {
    status: 400,
    en: 'This Foodics sign-in link has expired or was not started here: connect again',
    ar: 'انتهت صلاحية رابط الدخول إلى فودكس أو لم يبدأ من هنا: اربط من جديد',
  },
  foodics_oauth_failed: {
    status: 502,
    en: 'Foodics did not accept the connection: try again, or check the app’s client id and secret',
    ar: 'لم تقبل فودكس الربط: حاول مرة أخرى، أو تحقق من معرّف التطبيق وسرّه',
  },
  // — menu import and id mapping (h/foodicsmenu, docs/adr/0680) —
  foodics_menu_unreachable: {
    status: 502,
    en: 'Foodics did not answer with the menu: nothing was changed. Try again in a few minutes',
    ar: 'لم تُرسل فودكس القائمة: لم يتغيّر شيء. حاول مرة أخرى بعد دقائق',
  },
  foodics_menu_rate_limited: {
    status: 503,
    en: 'Foodics asked us to slow down: nothing was changed. Try again in a minute',
    ar: 'طلبت فودكس التمهّل: لم يتغيّر شيء. حاول مرة أخرى بعد دقيقة',
  },
  foodics_menu_unauthorized: {
    status: 502,
    en: 'Foodics refused access to the menu: nothing was changed. Connect to Foodics again from this page',
    ar: 'رفضت فودكس الوصول إلى القائمة: لم يتغيّر شيء. اربط فودكس من جديد من هذه الصفحة',
  },
  foodics_menu_import_running: {
    status: 409,
    en: 'A menu import from Foodics is already running for this brand: wait for it to finish',
    ar: 'يجري استيراد القائمة من فودكس لهذه العلامة الآن: انتظر حتى ينتهي',
  },
  foodics_mapping_taken: {
    status: 409,
    en: 'This Foodics id is already mapped to another branch or item: unmap it there first',
    ar: 'معرّف فودكس هذا مربوط بفرع أو صنف آخر: ألغِ ربطه هناك أولاً',
  },
  foodics_mapping_target_not_found: {
    status: 404,
    en: 'This branch or item was not found in your brand',
    ar: 'لم يُعثر على هذا الفرع أو الصنف في علامتك',
  },
} as const satisfies Record<string, ErrorEntry>;
