import type { ErrorEntry } from './error-entry.ts';

/** The owner's queues page (issue 28 item 2): retry and discard of an outbox row. */
export const QUEUES_ERRORS = {
  queue_item_not_found: {
    status: 404,
    en: 'This message is not in the queue',
    ar: 'هذه الرسالة ليست في قائمة الانتظار',
  },
  queue_item_not_dead: {
    status: 409,
    en: 'Only a message given up after its retries can be retried: this one was sent, is waiting, or was settled already',
    ar: 'لا تُعاد إلا رسالة توقفت محاولاتها: هذه أُرسلت، أو تنتظر دورها، أو سُوّيت من قبل',
  },
  queue_item_not_discardable: {
    status: 409,
    en: 'This message cannot be dropped: it was sent or settled already, or it is never given up (refunds and the kitchen hand-off)',
    ar: 'لا يمكن إسقاط هذه الرسالة: أُرسلت أو سُوّيت من قبل، أو أنها لا يُتخلّى عنها أبداً (المبالغ المستردة وإرسال الطلب إلى المطبخ)',
  },
  queue_item_not_retrying: {
    status: 409,
    en: 'Only a refund or kitchen hand-off that failed and waits for its next try can be tried now: this one was done, is due already, or has not failed',
    ar: 'لا يُجرَّب الآن إلا مبلغ مسترد أو إرسال إلى المطبخ فشل وينتظر محاولته التالية: هذا تمّ، أو حان دوره، أو لم يفشل',
  },
} as const satisfies Record<string, ErrorEntry>;
