import type { ErrorEntry } from './error-entry.ts';

/** Evaluation forms in the management console (issue 27 item 5). */
export const EVALUATIONS_ADMIN_ERRORS = {
  evaluation_question_answered: {
    status: 422,
    en: 'Diners have answered this question: its kind and options stay (remove it to retire it)',
    ar: 'أجاب العملاء عن هذا السؤال: يبقى نوعه وخياراته (احذفه ليُوقَف)',
  },
  evaluation_question_not_found: {
    status: 404,
    en: "This question isn't on this form",
    ar: 'هذا السؤال ليس في هذا النموذج',
  },
  evaluation_form_no_place: {
    status: 422,
    en: 'Offer the form after orders, at the table QR, or both',
    ar: 'اعرض النموذج بعد الطلبات أو عند رمز الطاولة أو كليهما',
  },
  evaluation_form_all_branches_owner_only: {
    status: 403,
    en: 'Only the owner can offer a form at every branch',
    ar: 'المالك وحده يستطيع عرض نموذج في كل الفروع',
  },
  evaluation_apology_reward_invalid: {
    status: 422,
    en: "The apology must be one of the brand's active prizes",
    ar: 'يجب أن يكون الاعتذار إحدى جوائز العلامة النشطة',
  },
} as const satisfies Record<string, ErrorEntry>;
