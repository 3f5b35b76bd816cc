import { z } from 'zod';

/**
 * The owner's view of the background work (issue 28 item 2, docs/adr/0670): every outbox the relays drain and every
 * timed sweep, on the console's queues page.
 *
 *   GET  /api/staff/manage/queues/                              owner → 200 queuesOverview
 *   GET  /api/staff/manage/queues/{queue}/failures/?state&before&limit   owner → 200 queueFailuresResponse
 *   POST /api/staff/manage/queues/{queue}/{id}/retry/           owner → 200 queueItemMoved (a dead letter, or a refund's or
 *                                                               the kitchen's failing row, due now)
 *   POST /api/staff/manage/queues/{queue}/{id}/discard/         owner → 200 queueItemMoved (dead or failing, dropped)
 *
 * Only the caller's brand's rows; managers and cashiers 403. A row's `id` is its outbox row's (Foodics: the order's).
 */
export const QUEUE_NAMES = ['sms', 'mail', 'refunds', 'kitchen', 'foodics'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/** The queues whose rows are given up after their retries (a dead letter); the others retry until done. */
export const QUEUES_WITH_DEAD_LETTERS: readonly QueueName[] = ['sms', 'mail', 'foodics'];

/**
 * The queues never given up (the diner's money, the kitchen's order): a failing row keeps retrying on its backoff, and
 * the owner may ask for its next try now (docs/adr/0750).
 */
export const QUEUES_NEVER_GIVEN_UP: readonly QueueName[] = ['refunds', 'kitchen'];

/** A row still retrying this long after it was written counts as long-retrying: shown to the owner as a failure. */
export const LONG_RETRYING_AFTER_MS = 15 * 60_000;

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

/**
 * Every kind of background work issue 28 item 2 names, and how this server runs it (docs/adr/0750):
 * `queue`: an outbox its relay drains (its queues and timed loops listed); `schedule`: timed work only;
 * `in_transaction`: written in the transaction of the event itself, nothing queued (in-app notifications);
 * `not_used`: the product does not do it (no webhooks go out to others).
 */
export const JOB_KIND_NAMES = [
  'posHandOff',
  'sms',
  'email',
  'inAppNotifications',
  'webhooksOut',
  'refunds',
  'expirySweeps',
  'reportRollups',
] as const;
export type JobKindName = (typeof JOB_KIND_NAMES)[number];
export const JOB_RUNS = ['queue', 'schedule', 'in_transaction', 'not_used'] as const;
export type JobRuns = (typeof JOB_RUNS)[number];

export interface JobKind {
  kind: JobKindName;
  runs: JobRuns;
  queues: readonly QueueName[];
  schedules: readonly ScheduleName[];
}

export const JOB_KINDS: readonly JobKind[] = [
  { kind: 'posHandOff', runs: 'queue', queues: ['kitchen', 'foodics'], schedules: ['kitchen', 'foodics'] },
  { kind: 'sms', runs: 'queue', queues: ['sms'], schedules: ['sms'] },
  { kind: 'email', runs: 'queue', queues: ['mail'], schedules: ['mail'] },
  { kind: 'inAppNotifications', runs: 'in_transaction', queues: [], schedules: [] },
  { kind: 'webhooksOut', runs: 'not_used', queues: [], schedules: [] },
  { kind: 'refunds', runs: 'queue', queues: ['refunds'], schedules: ['refunds'] },
  { kind: 'expirySweeps', runs: 'schedule', queues: [], schedules: ['paymentExpiry', 'pointsExpiry'] },
  { kind: 'reportRollups', runs: 'schedule', queues: [], schedules: ['reportsRollup'] },
];

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
  /** Retrying rows written more than LONG_RETRYING_AFTER_MS ago (of a queue never given up: its failures to see). */
  longRetrying: z.number().int(),
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

export const jobKindView = z.object({
  kind: z.enum(JOB_KIND_NAMES),
  runs: z.enum(JOB_RUNS),
  queues: z.array(z.enum(QUEUE_NAMES)),
  schedules: z.array(z.enum(SCHEDULE_NAMES)),
});
export type JobKindView = z.infer<typeof jobKindView>;

export const queuesOverview = z.object({
  queues: z.array(queueSummary),
  schedules: z.array(scheduleView),
  /** Every kind of background work and how it runs (JOB_KINDS), so the page names the ones with no queue too. */
  kinds: z.array(jobKindView),
});
export type QueuesOverview = z.infer<typeof queuesOverview>;

export const queueParams = z.object({ queue: z.enum(QUEUE_NAMES) });
export const queueItemParams = z.object({
  queue: z.enum(QUEUE_NAMES),
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

export const QUEUE_FAILURE_STATES = ['retrying', 'dead'] as const;
export type QueueFailureState = (typeof QUEUE_FAILURE_STATES)[number];

/** The list's filter: a state, or `long_retrying` (retrying rows written more than LONG_RETRYING_AFTER_MS ago). */
export const QUEUE_FAILURE_FILTERS = [...QUEUE_FAILURE_STATES, 'long_retrying'] as const;
export type QueueFailureFilter = (typeof QUEUE_FAILURE_FILTERS)[number];

/** Newest first; `before` is the previous page's `nextBefore`. No `state`: both. */
export const queueFailuresQuery = z.object({
  state: z.enum(QUEUE_FAILURE_FILTERS).optional(),
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
  /** Still retrying more than LONG_RETRYING_AFTER_MS after it was written. */
  longRetrying: z.boolean(),
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
  /** queued: due now, the relay sends it next (a refund's or the kitchen's next try brought forward); discarded: dropped, never sent. */
  state: z.enum(['queued', 'discarded']),
});
export type QueueItemMoved = z.infer<typeof queueItemMoved>;
