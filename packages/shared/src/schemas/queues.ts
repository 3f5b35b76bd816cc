import { z } from 'zod';

/**
 * The owner's view of the background work (issue 28 item 2, docs/adr/0670): every outbox the relays drain and every
 * timed sweep, on the console's queues page.
 *
 *   GET  /api/staff/manage/queues/                              owner → 200 queuesOverview
 *   GET  /api/staff/manage/queues/{queue}/failures/?state&before&limit   owner → 200 queueFailuresResponse
 *   POST /api/staff/manage/queues/{queue}/{id}/retry/           owner → 200 queueItemMoved (a dead letter, due now)
 *   POST /api/staff/manage/queues/{queue}/{id}/discard/         owner → 200 queueItemMoved (dead or failing, dropped)
 *
 * Only the caller's brand's rows; managers and cashiers 403. A row's `id` is its outbox row's (Foodics: the order's).
 */
export const QUEUE_NAMES = ['sms', 'mail', 'refunds', 'kitchen', 'foodics'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/** The queues whose rows are given up after their retries (a dead letter); the others retry until done. */
export const QUEUES_WITH_DEAD_LETTERS: readonly QueueName[] = ['sms', 'mail', 'foodics'];

/** Every timed loop of the server (relays and sweeps), by the name the page labels. */
export const SCHEDULE_NAMES = [
  'sms',
  'mail',
  'refunds',
  'kitchen',
  'foodics',
  'paymentExpiry',
  'pointsExpiry',
  'reportsRollup',
  'gatewayWebhooks',
] as const;
export type ScheduleName = (typeof SCHEDULE_NAMES)[number];

export const queueSummary = z.object({
  queue: z.enum(QUEUE_NAMES),
  /** Waiting for their first try (or leased by a relay right now). */
  queued: z.number().int(),
  /** Failed at least once and due again at their next try. */
  retrying: z.number().int(),
  /** Given up after the retries: waiting for the owner (retry or discard). Always 0 for a queue without them. */
  dead: z.number().int(),
  /** When the oldest row still waiting (queued or retrying) was written; null: nothing waits. */
  oldestWaitingAt: z.iso.datetime().nullable(),
  /** After how many failed tries a row is given up; null: never given up (refunds, the kitchen hand-off). */
  maxAttempts: z.number().int().nullable(),
});
export type QueueSummary = z.infer<typeof queueSummary>;

/** A timed loop as this server instance runs it (each instance runs every loop; figures are this instance's). */
export const scheduleView = z.object({
  name: z.enum(SCHEDULE_NAMES),
  /** The poll, in milliseconds; 0: it runs only when kicked. */
  intervalMs: z.number().int(),
  state: z.enum(['idle', 'running', 'stopped']),
  lastRunAt: z.iso.datetime().nullable(),
  nextRunAt: z.iso.datetime().nullable(),
  lastError: z.string().nullable(),
  lastErrorAt: z.iso.datetime().nullable(),
});
export type ScheduleView = z.infer<typeof scheduleView>;

export const queuesOverview = z.object({ queues: z.array(queueSummary), schedules: z.array(scheduleView) });
export type QueuesOverview = z.infer<typeof queuesOverview>;

export const queueParams = z.object({ queue: z.enum(QUEUE_NAMES) });
export const queueItemParams = z.object({
  queue: z.enum(QUEUE_NAMES),
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

export const QUEUE_FAILURE_STATES = ['retrying', 'dead'] as const;
export type QueueFailureState = (typeof QUEUE_FAILURE_STATES)[number];

/** Newest first; `before` is the previous page's `nextBefore`. No `state`: both. */
export const queueFailuresQuery = z.object({
  state: z.enum(QUEUE_FAILURE_STATES).optional(),
  before: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type QueueFailuresQuery = z.input<typeof queueFailuresQuery>;
export type QueueFailuresPage = z.infer<typeof queueFailuresQuery>;

export const queueFailure = z.object({
  id: z.number().int(),
  queue: z.enum(QUEUE_NAMES),
  state: z.enum(QUEUE_FAILURE_STATES),
  /** What it is: the SMS kind or 'verification', the e-mail kind, the kitchen event, 'refund', 'order'. */
  kind: z.string(),
  /** Who it goes to (a phone or an e-mail address); null for a POS or a payment provider. */
  to: z.string().nullable(),
  orderId: z.number().int().nullable(),
  orderNumber: z.number().int().nullable(),
  amountHalalas: z.number().int().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** When the relay tries it again; null: given up. */
  nextAttemptAt: z.iso.datetime().nullable(),
});
export type QueueFailure = z.infer<typeof queueFailure>;
export const queueFailuresResponse = z.object({
  failures: z.array(queueFailure),
  nextBefore: z.number().int().nullable(),
});
export type QueueFailures = z.infer<typeof queueFailuresResponse>;

export const queueItemMoved = z.object({
  id: z.number().int(),
  queue: z.enum(QUEUE_NAMES),
  /** queued: due now, the relay sends it next; discarded: dropped, never sent. */
  state: z.enum(['queued', 'discarded']),
});
export type QueueItemMoved = z.infer<typeof queueItemMoved>;
