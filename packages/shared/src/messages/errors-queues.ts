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
} as const satisfies Record<string, ErrorEntry>;
