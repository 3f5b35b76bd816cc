import type { ErrorEntry } from './error-entry.ts';

/** E-mail receipts and invitations (issue 28 item 4, issue 26 item 9). The spec's §8 wording where it has one. */
export const EMAIL_ERRORS = {
  /** The spec's message, word for word: the diner gave no e-mail address. */
  receipt_email_no_address: {
    status: 422,
    en: "can't notify this customer by email",
    ar: 'لا يمكن إشعار هذا العميل عبر البريد الإلكتروني',
  },
  mail_off: {
    status: 409,
    en: "E-mail isn't set up here yet, so nothing can be sent by e-mail",
    ar: 'لم يُعدّ البريد الإلكتروني هنا بعد، لذا لا يمكن الإرسال عبره',
  },
  receipt_email_too_soon: {
    status: 429,
    en: 'This receipt was e-mailed a moment ago: try again in a few minutes',
    ar: 'أُرسل هذا الإيصال بالبريد قبل قليل: حاول مرة أخرى بعد بضع دقائق',
  },
  receipt_email_limit: {
    status: 429,
    en: 'This receipt has been e-mailed as many times as allowed',
    ar: 'أُرسل هذا الإيصال بالبريد أقصى عدد مسموح من المرات',
  },
} as const satisfies Record<string, ErrorEntry>;
