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
} as const satisfies Record<string, ErrorEntry>;
