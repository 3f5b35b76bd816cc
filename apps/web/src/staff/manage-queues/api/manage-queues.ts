import type { Language } from '@sufra/shared/language';
import type {
  QueueFailureFilter,
  QueueFailures,
  QueueItemMoved,
  QueueName,
  QueuesOverview,
} from '@sufra/shared/schemas/queues';
import { staffRequest } from '../../../lib/staff-request';

/** The query keys of the owner's queues page (under 'staff': signing out clears them). */
export const queuesKey = ['staff', 'manage', 'queues'] as const;
export const queueFailuresKey = ['staff', 'manage', 'queue-failures'] as const;

/** Rows per page of a queue's failures. */
export const FAILURES_PAGE_SIZE = 25;

/** `GET /api/staff/manage/queues/` (owners): each queue's counts and the timed loops' runs. */
export function getQueues(language: Language): Promise<QueuesOverview> {
  return staffRequest<QueuesOverview>('/staff/manage/queues/', { language });
}

/** `GET …/{queue}/failures/`: a page of the queue's failing and dead rows, newest first. */
export function getQueueFailures(
  queue: QueueName,
  state: QueueFailureFilter | 'all',
  before: number | undefined,
  language: Language,
): Promise<QueueFailures> {
  const query = new URLSearchParams({ limit: String(FAILURES_PAGE_SIZE) });
  if (state !== 'all') query.set('state', state);
  if (before !== undefined) query.set('before', String(before));
  return staffRequest<QueueFailures>(`/staff/manage/queues/${queue}/failures/?${query}`, { language });
}

/** `POST …/{queue}/{id}/retry/` (a dead letter due now) or `…/discard/` (dropped, never sent). */
export function moveQueueItem(
  queue: QueueName,
  id: number,
  action: 'retry' | 'discard',
  language: Language,
): Promise<QueueItemMoved> {
  return staffRequest<QueueItemMoved>(`/staff/manage/queues/${queue}/${id}/${action}/`, { language, method: 'POST' });
}
