import type { QueueFailureFilter, QueueFailureState, QueueName } from '@sufra/shared/schemas/queues';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export interface QueueCounts {
  queued: number;
  retrying: number;
  dead: number;
  oldestWaitingAt: Date | null;
  longRetrying: number;
}

/**
 * A brand's open rows per queue, each through its own index: the SMS and mail outboxes' (brand_id, id) partial index
 * of pending and failed rows, foodics_orders' (brand_id, state, id), and the refunds' and kitchen's partial indexes
 * of undone rows (few: they are retried until done) joined to their order for the brand. Sent rows are never read.
 */
export async function brandQueueCounts(
  db: Queryable,
  brandId: number,
  longSince: Date,
): Promise<Record<QueueName, QueueCounts>> {
  const since = longSince.toISOString();
  const rows = rowsOf<{
    queue: QueueName;
    queued: number;
    retrying: number;
    dead: number;
    oldest: string | null;
    long: number;
  }>(
    await db.execute(sql`
      select 'sms' as queue,
        count(*) filter (where status = 'pending' and last_error is null)::int as queued,
        count(*) filter (where status = 'pending' and last_error is not null)::int as retrying,
        count(*) filter (where status = 'failed')::int as dead,
        min(created_at) filter (where status = 'pending') as oldest,
        count(*) filter (where status = 'pending' and last_error is not null and created_at < ${since})::int as long
      from sms_outbox where brand_id = ${brandId} and status in ('pending', 'failed')
      union all
      select 'mail',
        count(*) filter (where status = 'pending' and last_error is null)::int,
        count(*) filter (where status = 'pending' and last_error is not null)::int,
        count(*) filter (where status = 'failed')::int,
        min(created_at) filter (where status = 'pending'),
        count(*) filter (where status = 'pending' and last_error is not null and created_at < ${since})::int
      from mail_outbox where brand_id = ${brandId} and status in ('pending', 'failed')
      union all
      select 'foodics',
        count(*) filter (where state = 'queued' and failures = 0)::int,
        count(*) filter (where state = 'queued' and failures > 0)::int,
        count(*) filter (where state = 'dead')::int,
        min(created_at) filter (where state = 'queued'),
        count(*) filter (where state = 'queued' and failures > 0 and created_at < ${since})::int
      from foodics_orders where brand_id = ${brandId} and state in ('queued', 'dead')
      union all
      select 'refunds',
        count(*) filter (where r.last_error is null)::int,
        count(*) filter (where r.last_error is not null)::int,
        0,
        min(r.created_at),
        count(*) filter (where r.last_error is not null and r.created_at < ${since})::int
      from payment_refunds r join orders o on o.id = r.order_id
      where r.done_at is null and o.brand_id = ${brandId}
      union all
      select 'kitchen',
        count(*) filter (where x.last_error is null)::int,
        count(*) filter (where x.last_error is not null)::int,
        0,
        min(x.created_at),
        count(*) filter (where x.last_error is not null and x.created_at < ${since})::int
      from order_outbox x join orders o on o.id = x.order_id
      where x.delivered_at is null and o.brand_id = ${brandId}`),
  );
  const counts = {} as Record<QueueName, QueueCounts>;
  for (const row of rows) {
    counts[row.queue] = {
      queued: row.queued,
      retrying: row.retrying,
      dead: row.dead,
      oldestWaitingAt: row.oldest === null ? null : new Date(row.oldest),
      longRetrying: row.long,
    };
  }
  return counts;
}

export interface FailureRow {
  /** The page's cursor: the row's own id. */
  cursor: number;
  /** The id retry and discard take: the row's (Foodics: the order's). */
  id: number;
  state: QueueFailureState;
  kind: string;
  to: string | null;
  orderId: number | null;
  orderNumber: number | null;
  amountHalalas: number | null;
  attempts: number;
  lastError: string | null;
  createdAt: Date | string;
  nextAttemptAt: Date | string | null;
  longRetrying: boolean;
}

/**
 * Each queue's failing (retrying) and dead rows of a brand, as one select: its filters by state, the cursor.
 * `long_retrying`: retrying rows written before `longSince` (the outer select filters on "createdAt").
 */
function failuresStatement(queue: QueueName, brandId: number, state: QueueFailureFilter | undefined): SQL {
  const pick = (retrying: SQL, dead: SQL | null): SQL => {
    if (state === 'retrying' || state === 'long_retrying') return retrying;
    if (state === 'dead') return dead ?? sql`false`;
    return dead ? sql`(${retrying} or ${dead})` : retrying;
  };
  switch (queue) {
    case 'sms':
      return sql`
        select s.id as cursor, s.id, case when s.status = 'failed' then 'dead' else 'retrying' end as state,
          coalesce(s.kind, 'verification') as kind, s.to_phone as "to", null::int as "orderId",
          null::int as "orderNumber", null::int as "amountHalalas", s.attempts, s.last_error as "lastError",
          s.created_at as "createdAt", case when s.status = 'failed' then null else s.next_attempt_at end as "nextAttemptAt"
        from sms_outbox s
        where s.brand_id = ${brandId} and s.status in ('pending', 'failed')
          and ${pick(sql`(s.status = 'pending' and s.last_error is not null)`, sql`s.status = 'failed'`)}`;
    case 'mail':
      return sql`
        select m.id as cursor, m.id, case when m.status = 'failed' then 'dead' else 'retrying' end as state,
          m.kind, m.to_email as "to", m.order_id as "orderId", o.number as "orderNumber", null::int as "amountHalalas",
          m.attempts, m.last_error as "lastError", m.created_at as "createdAt",
          case when m.status = 'failed' then null else m.next_attempt_at end as "nextAttemptAt"
        from mail_outbox m left join orders o on o.id = m.order_id
        where m.brand_id = ${brandId} and m.status in ('pending', 'failed')
          and ${pick(sql`(m.status = 'pending' and m.last_error is not null)`, sql`m.status = 'failed'`)}`;
    case 'foodics':
      return sql`
        select f.id as cursor, f.order_id as id, case when f.state = 'dead' then 'dead' else 'retrying' end as state,
          'order' as kind, null::text as "to", f.order_id as "orderId", o.number as "orderNumber",
          null::int as "amountHalalas", f.failures as attempts, f.last_error as "lastError", f.created_at as "createdAt",
          case when f.state = 'dead' then null else f.next_attempt_at end as "nextAttemptAt"
        from foodics_orders f join orders o on o.id = f.order_id
        where f.brand_id = ${brandId} and f.state in ('queued', 'dead')
          and ${pick(sql`(f.state = 'queued' and f.failures > 0)`, sql`f.state = 'dead'`)}`;
    case 'refunds':
      return sql`
        select r.id as cursor, r.id, 'retrying' as state, r.reason as kind, null::text as "to", r.order_id as "orderId",
          o.number as "orderNumber", r.amount_halalas::int as "amountHalalas", r.attempts, r.last_error as "lastError",
          r.created_at as "createdAt", r.next_attempt_at as "nextAttemptAt"
        from payment_refunds r join orders o on o.id = r.order_id
        where r.done_at is null and o.brand_id = ${brandId} and ${pick(sql`r.last_error is not null`, null)}`;
    case 'kitchen':
      return sql`
        select x.id as cursor, x.id, 'retrying' as state, x.event as kind, null::text as "to", x.order_id as "orderId",
          o.number as "orderNumber", null::int as "amountHalalas", x.attempts, x.last_error as "lastError",
          x.created_at as "createdAt", x.next_attempt_at as "nextAttemptAt"
        from order_outbox x join orders o on o.id = x.order_id
        where x.delivered_at is null and o.brand_id = ${brandId} and ${pick(sql`x.last_error is not null`, null)}`;
  }
}

/** A page of a queue's failing and dead rows of a brand, newest first (one more than `limit`: is there a next). */
export async function brandQueueFailures(
  db: Queryable,
  queue: QueueName,
  brandId: number,
  page: { state: QueueFailureFilter | undefined; before: number | undefined; limit: number; longSince: Date },
): Promise<FailureRow[]> {
  const since = page.longSince.toISOString();
  const filters = [
    ...(page.before === undefined ? [] : [sql`q.cursor < ${page.before}`]),
    ...(page.state === 'long_retrying' ? [sql`q."createdAt" < ${since}`] : []),
  ];
  const where = filters.length === 0 ? sql`` : sql` where ${sql.join(filters, sql` and `)}`;
  return rowsOf<FailureRow>(
    await db.execute(sql`
      select q.*, (q.state = 'retrying' and q."createdAt" < ${since}) as "longRetrying"
      from (${failuresStatement(queue, brandId, page.state)}) q${where}
      order by q.cursor desc limit ${page.limit + 1}`),
  );
}

export interface OutboxMessage {
  id: number;
  status: string;
  attempts: number;
  lastError: string | null;
  kind: string | null;
}

type Outbox = 'sms_outbox' | 'mail_outbox';

/** A brand's SMS or e-mail, as it is now (under a row lock: the caller's move is decided on what it saw). */
export async function lockBrandMessage(
  tx: Queryable,
  table: Outbox,
  brandId: number,
  id: number,
): Promise<OutboxMessage | undefined> {
  const [row] = rowsOf<OutboxMessage>(
    await tx.execute(sql`
      select id, status, attempts, last_error as "lastError", kind from ${sql.identifier(table)}
      where id = ${id} and brand_id = ${brandId} for update`),
  );
  return row;
}

/**
 * A dead letter back in its outbox, due now: only a row still given up ('failed') of this brand moves, so a second
 * click, or a relay that already took it, changes nothing. Its attempts stay (the lease token): the relay tries it
 * once more, and gives it up again if that fails (docs/adr/0670).
 */
export async function requeueDeadMessage(tx: Queryable, table: Outbox, brandId: number, id: number, now: Date) {
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`
      update ${sql.identifier(table)} set status = 'pending', next_attempt_at = ${now.toISOString()}, last_error = null
      where id = ${id} and brand_id = ${brandId} and status = 'failed'
      returning id`),
  );
  return rows.length === 1;
}

/**
 * A dead letter, or a failing row waiting for its next try, dropped: never sent. A relay sending it at this moment
 * still marks it sent (markSmsSent/markMailSent: what happened), and a failure then leaves it discarded (the relay
 * marks failures of pending rows only).
 */
export async function discardMessage(tx: Queryable, table: Outbox, brandId: number, id: number) {
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`
      update ${sql.identifier(table)} set status = 'discarded'
      where id = ${id} and brand_id = ${brandId}
        and (status = 'failed' or (status = 'pending' and last_error is not null))
      returning id`),
  );
  return rows.length === 1;
}

/** Whether this id names a brand's refund or kitchen row (for the 404 / 409 of their retry and discard). */
export async function brandHasRow(
  db: Queryable,
  queue: 'refunds' | 'kitchen',
  brandId: number,
  id: number,
): Promise<boolean> {
  const table = queue === 'refunds' ? sql`payment_refunds` : sql`order_outbox`;
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      select t.id from ${table} t join orders o on o.id = t.order_id where t.id = ${id} and o.brand_id = ${brandId}`),
  );
  return rows.length === 1;
}

/**
 * A refund's or kitchen hand-off's next try brought forward to now (docs/adr/0750): only an undone row of the brand
 * that failed and waits for a later try moves, so a second click (the row is due already) changes nothing. The lease
 * token (`attempts`) is left alone: a relay holding the row at this moment still marks its own outcome, and a second
 * delivery is what a lease running out already allows (the refund checks the provider, Foodics' hand-off is one row
 * per order, a status PUT sets a value). Returns the row as it was, or undefined when nothing moved.
 */
export async function bringForwardRetry(
  tx: Queryable,
  queue: 'refunds' | 'kitchen',
  brandId: number,
  id: number,
  now: Date,
): Promise<{ attempts: number; lastError: string; nextAttemptAt: string } | undefined> {
  const table = queue === 'refunds' ? sql`payment_refunds` : sql`order_outbox`;
  const undone = queue === 'refunds' ? sql`t.done_at is null` : sql`t.delivered_at is null`;
  const at = now.toISOString();
  const [row] = rowsOf<{ attempts: number; lastError: string; nextAttemptAt: string }>(
    await tx.execute(sql`
      update ${table} t set next_attempt_at = ${at}
      from ${table} b join orders o on o.id = b.order_id
      where t.id = ${id} and b.id = t.id and o.brand_id = ${brandId} and ${undone}
        and t.last_error is not null and t.next_attempt_at > ${at}
      returning t.attempts, t.last_error as "lastError", b.next_attempt_at as "nextAttemptAt"`),
  );
  return row;
}
