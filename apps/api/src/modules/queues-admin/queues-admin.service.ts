import {
  JOB_KINDS,
  LONG_RETRYING_AFTER_MS,
  QUEUE_NAMES,
  type QueueFailure,
  type QueueFailuresPage,
  type QueueItemMoved,
  type QueueName,
  type QueuesOverview,
  SCHEDULE_NAMES,
  type ScheduleName,
  type ScheduleView,
} from '@sufra/shared/schemas/queues';
import type { AppContext } from '../../app-context.ts';
import { RELAY_RETRIES, type RelayLoop } from '../../lib/relay.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { recordStaffChange } from '../audit/audit.service.ts';
import type { FoodicsService } from '../foodics/foodics.service.ts';
import {
  brandHasRow,
  brandQueueCounts,
  brandQueueFailures,
  bringForwardRetry,
  discardMessage,
  lockBrandMessage,
  requeueDeadMessage,
} from './queues-admin.repo.ts';

export interface QueuesAdminDeps {
  /** Dead Foodics hand-offs go back through the Foodics service (it announces them on the board and kicks its relay). */
  foodics: Pick<FoodicsService, 'retry' | 'markHandled'>;
  /** Every timed loop this instance runs, by the page's name (null: not run here, the test gateway's off). */
  loops: () => Record<ScheduleName, RelayLoop<unknown> | null>;
  /** Asks a relay for a pass now (a retried row is due now). */
  kick: Record<'sms' | 'mail' | 'refunds' | 'kitchen', () => void>;
  /** Foodics' give-up count (FOODICS_MAX_ATTEMPTS). */
  foodicsMaxAttempts: number;
}

const OUTBOX = { sms: 'sms_outbox', mail: 'mail_outbox' } as const;
const AUDIT_TYPE = { sms: 'sms_message', mail: 'mail_message' } as const;
const NEVER_GIVEN_UP_AUDIT_TYPE = { refunds: 'payment_refund', kitchen: 'kitchen_delivery' } as const;

/**
 * The owner's queues page (issue 28 item 2, docs/adr/0670): what each outbox holds for the brand, its failing rows
 * and dead letters, a dead letter retried or a failing/dead row discarded (each a conditional update of a row of the
 * caller's brand in that state, audited in the same transaction), and the timed loops' runs.
 */
export function createQueuesAdminService(ctx: AppContext, deps: QueuesAdminDeps) {
  const { db } = ctx;

  const maxAttempts: Record<QueueName, number | null> = {
    sms: RELAY_RETRIES.sms.maxAttempts,
    mail: RELAY_RETRIES.mail.maxAttempts,
    foodics: deps.foodicsMaxAttempts,
    refunds: null,
    kitchen: null,
  };

  function schedules(): ScheduleView[] {
    const loops = deps.loops();
    const views: ScheduleView[] = [];
    for (const name of SCHEDULE_NAMES) {
      const loop = loops[name];
      if (!loop) continue;
      const runs = loop.runs();
      views.push({
        name,
        intervalMs: loop.intervalMs,
        state: loop.state(),
        lastRunAt: runs.lastRunAt?.toISOString() ?? null,
        nextRunAt: runs.nextRunAt?.toISOString() ?? null,
        lastError: runs.lastError,
        lastErrorAt: runs.lastErrorAt?.toISOString() ?? null,
      });
    }
    return views;
  }

  /** Rows written before this and still retrying are long-retrying. */
  const longSince = () => new Date(ctx.now().getTime() - LONG_RETRYING_AFTER_MS);

  async function overview(staff: StaffPrincipal): Promise<QueuesOverview> {
    const counts = await brandQueueCounts(db, staff.brandId, longSince());
    return {
      queues: QUEUE_NAMES.map((queue) => {
        const c = counts[queue];
        return {
          queue,
          queued: c.queued,
          retrying: c.retrying,
          dead: c.dead,
          oldestWaitingAt: c.oldestWaitingAt?.toISOString() ?? null,
          maxAttempts: maxAttempts[queue],
          longRetrying: c.longRetrying,
        };
      }),
      schedules: schedules(),
      kinds: JOB_KINDS.map((k) => ({ ...k, queues: [...k.queues], schedules: [...k.schedules] })),
    };
  }

  async function failures(staff: StaffPrincipal, queue: QueueName, query: QueueFailuresPage) {
    const { limit } = query;
    const rows = await brandQueueFailures(db, queue, staff.brandId, {
      state: query.state,
      before: query.before,
      limit,
      longSince: longSince(),
    });
    const page = rows.slice(0, limit);
    const iso = (at: Date | string) => new Date(at).toISOString();
    const list: QueueFailure[] = page.map((r) => ({
      id: r.id,
      queue,
      state: r.state,
      kind: r.kind,
      to: r.to,
      orderId: r.orderId,
      orderNumber: r.orderNumber,
      amountHalalas: r.amountHalalas,
      attempts: r.attempts,
      lastError: r.lastError,
      createdAt: iso(r.createdAt),
      nextAttemptAt: r.nextAttemptAt === null ? null : iso(r.nextAttemptAt),
      longRetrying: r.longRetrying,
    }));
    const last = page.at(-1);
    return { failures: list, nextBefore: rows.length > limit && last ? last.cursor : null };
  }

  /**
   * Refunds and the kitchen hand-off are never given up (docs/adr/0750): nothing to drop, but a failing row's next
   * try may be brought forward to now (audited, the relay kicked). 404 when not the brand's.
   */
  async function neverGivenUp(
    staff: StaffPrincipal,
    ip: string,
    queue: 'refunds' | 'kitchen',
    id: number,
    action: 'retry' | 'discard',
  ): Promise<QueueItemMoved> {
    if (!(await brandHasRow(db, queue, staff.brandId, id))) throw new AppError('queue_item_not_found');
    if (action === 'discard') throw new AppError('queue_item_not_discardable');
    const now = ctx.now();
    await db.transaction(async (tx) => {
      const before = await bringForwardRetry(tx, queue, staff.brandId, id, now);
      if (!before) throw new AppError('queue_item_not_retrying');
      await recordStaffChange(tx, staff, ip, {
        brandId: staff.brandId,
        objectType: NEVER_GIVEN_UP_AUDIT_TYPE[queue],
        objectId: id,
        action: 'update',
        before: {
          attempts: before.attempts,
          lastError: before.lastError,
          nextAttemptAt: new Date(before.nextAttemptAt).toISOString(),
        },
        after: { nextAttemptAt: now.toISOString() },
        at: now,
      });
    });
    deps.kick[queue]();
    return { id, queue, state: 'queued' };
  }

  /** Foodics' dead hand-offs through its own service; its errors said in the queues' words. */
  async function foodicsMove(staff: StaffPrincipal, ip: string, orderId: number, action: 'retry' | 'discard') {
    try {
      if (action === 'retry') await deps.foodics.retry(staff, ip, orderId);
      else await deps.foodics.markHandled(staff, ip, orderId);
    } catch (error) {
      if (error instanceof AppError && error.code === 'foodics_hand_off_not_found')
        throw new AppError('queue_item_not_found');
      if (error instanceof AppError && error.code === 'foodics_hand_off_not_dead')
        throw new AppError(action === 'retry' ? 'queue_item_not_dead' : 'queue_item_not_discardable');
      throw error;
    }
  }

  async function move(
    staff: StaffPrincipal,
    ip: string,
    queue: QueueName,
    id: number,
    action: 'retry' | 'discard',
  ): Promise<QueueItemMoved> {
    const state = action === 'retry' ? ('queued' as const) : ('discarded' as const);
    if (queue === 'refunds' || queue === 'kitchen') return neverGivenUp(staff, ip, queue, id, action);
    if (queue === 'foodics') {
      await foodicsMove(staff, ip, id, action);
      return { id, queue, state };
    }
    const table = OUTBOX[queue];
    const now = ctx.now();
    await db.transaction(async (tx) => {
      const before = await lockBrandMessage(tx, table, staff.brandId, id);
      if (!before) throw new AppError('queue_item_not_found');
      const moved =
        action === 'retry'
          ? await requeueDeadMessage(tx, table, staff.brandId, id, now)
          : await discardMessage(tx, table, staff.brandId, id);
      if (!moved) throw new AppError(action === 'retry' ? 'queue_item_not_dead' : 'queue_item_not_discardable');
      await recordStaffChange(tx, staff, ip, {
        brandId: staff.brandId,
        objectType: AUDIT_TYPE[queue],
        objectId: id,
        action: 'update',
        before: { status: before.status, attempts: before.attempts, lastError: before.lastError },
        after: { status: action === 'retry' ? 'pending' : 'discarded' },
        at: now,
      });
    });
    if (action === 'retry') deps.kick[queue]();
    return { id, queue, state };
  }

  return {
    overview,
    failures,
    retry: (staff: StaffPrincipal, ip: string, queue: QueueName, id: number) => move(staff, ip, queue, id, 'retry'),
    discard: (staff: StaffPrincipal, ip: string, queue: QueueName, id: number) => move(staff, ip, queue, id, 'discard'),
  };
}

export type QueuesAdminService = ReturnType<typeof createQueuesAdminService>;
