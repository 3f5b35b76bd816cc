import type { ErrorEntry } from './error-entry.ts';

/** The diner texts' templates in the console (issue 28 item 4). */
export const NOTIFY_ERRORS = {
  sms_template_placeholder_unknown: {
    status: 422,
    en: 'This text uses a placeholder this message does not have: use only the ones listed',
    ar: 'يستخدم هذا النص متغيرًا لا تعرفه هذه الرسالة: استخدم المتغيرات المذكورة فقط',
  },
  sms_template_placeholder_missing: {
    status: 422,
    en: 'This text must include the placeholder listed as required',
    ar: 'يجب أن يتضمن هذا النص المتغير المذكور كإلزامي',
  },
  sms_template_brace: {
    status: 422,
    en: 'A curly brace stands alone: write placeholders as {name}',
    ar: 'يوجد قوس معقوف منفرد: اكتب المتغيرات بالشكل {name}',
  },
  sms_template_length: {
    status: 422,
    en: 'Write between 1 and 320 characters',
    ar: 'اكتب ما بين 1 و320 حرفًا',
  },
} as const satisfies Record<string, ErrorEntry>;
