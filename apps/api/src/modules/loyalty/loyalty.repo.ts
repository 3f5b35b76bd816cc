import type { PointsEntryKind, PointsRules } from '@sufra/shared/loyalty/points';
import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { customers } from '../../db/schema/customers.ts';
import { loyaltyLevels, loyaltyRules, pointsLedger } from '../../db/schema/loyalty.ts';

export type LoyaltyRulesRow = typeof loyaltyRules.$inferSelect;
export type LoyaltyLevelRow = typeof loyaltyLevels.$inferSelect;
export type PointsEntryRow = typeof pointsLedger.$inferSelect;

export async function findRules(db: Queryable, brandId: number): Promise<LoyaltyRulesRow | undefined> {
  const [row] = await db.select().from(loyaltyRules).where(eq(loyaltyRules.brandId, brandId));
  return row;
}

export async function listLevels(db: Queryable, brandId: number): Promise<LoyaltyLevelRow[]> {
  return db
    .select()
    .from(loyaltyLevels)
    .where(eq(loyaltyLevels.brandId, brandId))
    .orderBy(asc(loyaltyLevels.minLifetimePoints));
}

export interface PointsWrite {
  brandId: number;
  customerId: number;
  kind: PointsEntryKind;
  /** Signed: credits positive, debits negative. */
  points: number;
  reason: string;
  orderId?: number | null;
  customerRewardId?: number | null;
  staffUserId?: number | null;
  at: Date;
}

/** Kinds that count toward lifetime points (a refunded order's earn is taken out of lifetime too). */
const LIFETIME_KINDS = ['earn', 'bonus', 'clawback'] as const;

/**
 * Appends one ledger row and moves the customer's wallet (and lifetime) by it, in one statement: the customer's
 * update is conditional on the wallet staying ≥ 0 (the table's CHECK says so too), and the row is written only
 * when that update happened. Concurrent writes for one customer queue on the customer's row lock and each sees the
 * wallet the one before left, so no interleaving can take the balance below zero or let wallet and ledger part.
 * Answers the balances after, or undefined when the wallet would go negative (or the customer is not the brand's).
 */
export async function appendPoints(
  db: Queryable,
  write: PointsWrite,
): Promise<{ walletPoints: number; lifetimePoints: number; entryId: number } | undefined> {
  const lifetimeDelta = (LIFETIME_KINDS as readonly string[]).includes(write.kind) ? write.points : 0;
  const result = await db.execute(sql`
    with moved as (
      update ${customers}
      set wallet_points = wallet_points + ${write.points}::int,
        lifetime_points = greatest(0, lifetime_points + ${lifetimeDelta}::int)
      where id = ${write.customerId}::int and brand_id = ${write.brandId}::int
        and wallet_points + ${write.points}::int >= 0
      returning wallet_points, lifetime_points
    ), entry as (
      insert into ${pointsLedger} (brand_id, customer_id, kind, points, reason, order_id, customer_reward_id,
        staff_user_id, created_at)
      select ${write.brandId}::int, ${write.customerId}::int, ${write.kind}, ${write.points}::int, ${write.reason},
        ${write.orderId ?? null}::int, ${write.customerRewardId ?? null}::int, ${write.staffUserId ?? null}::int,
        ${write.at.toISOString()}::timestamptz
      from moved
      returning id
    )
    select moved.wallet_points, moved.lifetime_points, entry.id from moved, entry`);
  const [row] = (result as unknown as { rows: { wallet_points: number; lifetime_points: number; id: number }[] }).rows;
  if (!row) return undefined;
  return {
    walletPoints: Number(row.wallet_points),
    lifetimePoints: Number(row.lifetime_points),
    entryId: Number(row.id),
  };
}

/** Locks the customer's row for the rest of the transaction (checks that read the ledger, then write to it). */
export async function lockCustomerPoints(
  db: Queryable,
  customerId: number,
  brandId: number,
): Promise<{ walletPoints: number; lifetimePoints: number } | undefined> {
  const [row] = await db
    .select({ walletPoints: customers.walletPoints, lifetimePoints: customers.lifetimePoints })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.brandId, brandId)))
    .for('update');
  return row;
}

export async function findCustomerPoints(
  db: Queryable,
  customerId: number,
  brandId: number,
): Promise<{ walletPoints: number; lifetimePoints: number } | undefined> {
  const [row] = await db
    .select({ walletPoints: customers.walletPoints, lifetimePoints: customers.lifetimePoints })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.brandId, brandId)));
  return row;
}

/**
 * Points spent at checkout on the day starting at `since`, and how many redemptions: the customer row's day counters
 * (moved with each checkout's `redeem` ledger rows, 0026), so what the diner is shown is what the spend checks.
 */
export async function redeemedSince(
  db: Queryable,
  customerId: number,
  since: Date,
): Promise<{ points: number; count: number }> {
  const same = sql`${customers.redeemDayStart} = ${since.toISOString()}::timestamptz`;
  const [row] = await db
    .select({
      points: sql<number>`case when ${same} then ${customers.redeemDayPoints} else 0 end`,
      count: sql<number>`case when ${same} then ${customers.redeemDayCount} else 0 end`,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  return { points: Number(row?.points ?? 0), count: Number(row?.count ?? 0) };
}

/** Every row of a customer's ledger as the expiry needs it (signed points and time), oldest first. */
export async function listMovements(db: Queryable, customerId: number): Promise<{ points: number; at: Date }[]> {
  return db
    .select({ points: pointsLedger.points, at: pointsLedger.createdAt })
    .from(pointsLedger)
    .where(eq(pointsLedger.customerId, customerId))
    .orderBy(asc(pointsLedger.id));
}

export async function listEntries(
  db: Queryable,
  customerId: number,
  brandId: number,
  limit: number,
  before: number | undefined,
): Promise<PointsEntryRow[]> {
  return db
    .select()
    .from(pointsLedger)
    .where(
      and(
        eq(pointsLedger.customerId, customerId),
        eq(pointsLedger.brandId, brandId),
        before === undefined ? undefined : lt(pointsLedger.id, before),
      ),
    )
    .orderBy(desc(pointsLedger.id))
    .limit(limit);
}

/**
 * Customers who may have points past their brand's expiry days that debits have not used up (the pure rule's sums,
 * over the whole ledger), at most `limit` of them. A candidate is checked again under its row lock before anything
 * is written, so two instances sweeping at once write one expiry between them.
 */
export async function listExpiryCandidates(
  db: Queryable,
  now: Date,
  limit: number,
): Promise<{ customerId: number; brandId: number }[]> {
  const result = await db.execute(sql`
    select l.customer_id, l.brand_id
    from ${pointsLedger} l
    join ${loyaltyRules} r on r.brand_id = l.brand_id and r.expiry_days is not null
    group by l.customer_id, l.brand_id, r.expiry_days
    having coalesce(sum(l.points) filter (where l.points > 0
        and l.created_at <= ${now.toISOString()}::timestamptz - make_interval(days => r.expiry_days)), 0)
      + coalesce(sum(l.points) filter (where l.points < 0), 0) > 0
    limit ${limit}::int`);
  return (result as unknown as { rows: { customer_id: number; brand_id: number }[] }).rows.map((r) => ({
    customerId: Number(r.customer_id),
    brandId: Number(r.brand_id),
  }));
}

/** An order's ledger row of one kind (an order has at most one of each: points_ledger_order_kind_uq). */
export async function findOrderEntry(
  db: Queryable,
  orderId: number,
  kind: PointsEntryKind,
): Promise<PointsEntryRow | undefined> {
  const [row] = await db
    .select()
    .from(pointsLedger)
    .where(and(eq(pointsLedger.orderId, orderId), eq(pointsLedger.kind, kind)));
  return row;
}

/** A brand's customer by phone (E.164), with their points: a manager's lookup. */
export async function findCustomerByPhone(
  db: Queryable,
  brandId: number,
  phone: string,
): Promise<{ id: number; name: string; phone: string; walletPoints: number; lifetimePoints: number } | undefined> {
  const [row] = await db
    .select({
      id: customers.id,
      name: customers.fullName,
      phone: customers.phone,
      walletPoints: customers.walletPoints,
      lifetimePoints: customers.lifetimePoints,
    })
    .from(customers)
    .where(and(eq(customers.brandId, brandId), eq(customers.phone, phone)));
  return row;
}

/**
 * Locks these customers' rows for the rest of the transaction, in id order: the order every batch takes them in, so
 * two batches spending points of the same diners queue instead of deadlocking.
 */
export async function lockCustomersInOrder(db: Queryable, customerIds: readonly number[]): Promise<void> {
  const ids = `{${[...new Set(customerIds)].map((id) => Math.trunc(id)).join(',')}}`;
  await db.execute(sql`select id from ${customers} where id = any(${ids}::int[]) order by id for update`);
}

/**
 * The customer row's count of the day's checkout spends (`points` or `count`), as it stands for a spend whose day
 * starts at `s.since`: what the row holds when it is that day's, else 0 (a new day). `c` is the customers row.
 */
function dayCounter(which: 'points' | 'count') {
  const column = which === 'points' ? sql.raw('c.redeem_day_points') : sql.raw('c.redeem_day_count');
  return sql`(case when c.redeem_day_start = s.since then ${column} else 0 end)`;
}

/**
 * Points spent at checkout folded into placement's statement (placement.repo insertPlacedOrders): CTEs reading `go`
 * (the writes going ahead, with their `points`, `since`, the rule's values they were priced by, `brand_id` and
 * `customer_id`). Per spending customer, one conditional update of the customer's row: the rules still the brand's,
 * the wallet and the day's limits holding for the sum of their writes. PostgreSQL checks that condition again on
 * the row's newest version when it had to wait for its lock, so two checkouts of one diner on two instances cannot
 * both pass on the same points. `foldedSpendHeld` is true when every spending customer's row moved.
 */
export const foldedSpendCtes = sql`
    spend_sums as (
      select g.customer_id, g.brand_id, g.since, sum(g.points)::int as points, count(*)::int as n,
        bool_and(lr.brand_id is not null) as rules_current
      from go g
      -- The rules each write was priced by (kept with the QR context) must still be the brand's.
      left join ${loyaltyRules} lr on lr.brand_id = g.brand_id and lr.point_value_halalas = g.point_value
        and lr.min_points_per_redemption = g.min_points and lr.max_points_per_transaction = g.max_tx
        and lr.max_points_per_day = g.max_day and lr.max_redemptions_per_day = g.max_count
        and lr.time_zone = g.time_zone
      where g.points is not null
      group by g.customer_id, g.brand_id, g.since
    ), spent as (
      update ${customers} c set wallet_points = c.wallet_points - s.points,
        redeem_day_points = ${dayCounter('points')} + s.points, redeem_day_count = ${dayCounter('count')} + s.n,
        redeem_day_start = s.since
      from spend_sums s join ${loyaltyRules} lr on lr.brand_id = s.brand_id
      where s.rules_current and c.id = s.customer_id and c.brand_id = s.brand_id and c.wallet_points >= s.points
        and ${dayCounter('points')} + s.points <= lr.max_points_per_day
        and ${dayCounter('count')} + s.n <= lr.max_redemptions_per_day
      returning c.id
    )`;
export const foldedSpendHeld = sql`(select count(*) from spent) = (select count(*) from spend_sums)`;
/** The folded spends' ledger rows, one per placed order that spent points (reads `placed` and the statement's `at`). */
export function foldedRedeemRowsCte(at: string) {
  return sql`
    redeem_rows as (
      insert into ${pointsLedger} (brand_id, customer_id, kind, points, reason, order_id, created_at)
      select p.brand_id, p.customer_id, 'redeem', -p.points, 'order_checkout', p.order_id, ${at}::timestamptz
      from placed p
      where p.points is not null
    )`;
}

/** One order's points spent at checkout, as the batch's spend statement takes it. */
export interface CheckoutSpendWrite {
  /** The write's index in its batch. */
  index: number;
  brandId: number;
  customerId: number;
  orderId: number;
  points: number;
  /** The start of the customer's day in the rule's time zone, and the rule's daily limits. */
  since: Date;
  /** The rules the write was priced and checked by: the statement checks they are still the brand's. */
  rules: PointsRules & { timeZone: string };
  at: Date;
}

/** Per write: whether its spend fits, and what its customer held before the batch (for the exact refusal). */
export interface CheckoutSpendVerdict {
  index: number;
  ok: boolean;
  /** Whether the brand's rules are still those the write was priced by. */
  rulesCurrent: boolean;
  /** null when the customer is not the brand's. */
  held: { wallet: number; today: { points: number; count: number } } | null;
}

/** The batch's spends as the statement's one jsonb parameter. */
function spendInput(writes: readonly CheckoutSpendWrite[]): string {
  return JSON.stringify(
    writes.map((w) => ({
      ix: w.index,
      brand_id: w.brandId,
      customer_id: w.customerId,
      order_id: w.orderId,
      points: w.points,
      since: w.since.toISOString(),
      point_value: w.rules.pointValueHalalas,
      min_points: w.rules.minPointsPerRedemption,
      max_tx: w.rules.maxPointsPerTransaction,
      max_day: w.rules.maxPointsPerDay,
      max_count: w.rules.maxRedemptionsPerDay,
      time_zone: w.rules.timeZone,
      at: w.at.toISOString(),
    })),
  );
}

/** What the spend statement answers per write (verdictOf reads it). */
interface SpendVerdictRow extends Record<'ok' | 'rules_current' | 'found', boolean> {
  ix: number;
  wallet: number | null;
  today_points: number | null;
  today_count: number | null;
}

function verdictOf(r: SpendVerdictRow): CheckoutSpendVerdict {
  return {
    index: Number(r.ix),
    ok: r.ok === true,
    rulesCurrent: r.rules_current === true,
    held: r.found
      ? { wallet: Number(r.wallet), today: { points: Number(r.today_points), count: Number(r.today_count) } }
      : null,
  };
}

/**
 * The checkout spends of one placement batch, in one statement, all or nothing: under the customers' row locks
 * (taken before by lockCustomersInOrder, so this statement's snapshot, taken after, sees every spend that went
 * before: each spend holds its customer's row), each customer's wallet and the day's points and redemptions (the
 * row's day counters) are checked against the running sum of their writes in the batch (in batch order). When every
 * write fits, the wallets move by their customers' sums and each order gets its `redeem` row; when any does not,
 * nothing is written and the verdicts say which did not and what the customer held, for the caller to refuse exactly.
 */
export async function spendAtCheckoutBatch(
  db: Queryable,
  writes: readonly CheckoutSpendWrite[],
): Promise<CheckoutSpendVerdict[]> {
  const input = spendInput(writes);
  const result = await db.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${input}::jsonb) as i(ix int, brand_id int, customer_id int, order_id int,
        points int, since timestamptz, point_value int, min_points int, max_tx int, max_day int, max_count int,
        time_zone text, at timestamptz)
    ), held as (
      -- What each customer holds now, and has spent at checkout on the batch's day (the row's day counters, 0026).
      select c.id as customer_id, c.wallet_points as wallet,
        case when c.redeem_day_start = s.since then c.redeem_day_points else 0 end as today_points,
        case when c.redeem_day_start = s.since then c.redeem_day_count else 0 end as today_count
      from (select customer_id, brand_id, max(since) as since from input group by customer_id, brand_id) s
      join ${customers} c on c.id = s.customer_id and c.brand_id = s.brand_id
    ), running as (
      select i.*, sum(i.points) over w as run_points, count(*) over w as run_count
      from input i
      window w as (partition by i.customer_id order by i.ix)
    ), verdict as (
      select r.ix, h.customer_id is not null and r.run_points <= h.wallet and h.today_points + r.run_points <= r.max_day
          and h.today_count + r.run_count <= r.max_count and lr.brand_id is not null as ok,
        lr.brand_id is not null as rules_current,
        h.customer_id is not null as found, h.wallet, h.today_points, h.today_count
      from running r left join held h on h.customer_id = r.customer_id
      -- The rules the write was priced by (kept with the QR context) must still be the brand's.
      left join ${loyaltyRules} lr on lr.brand_id = r.brand_id and lr.point_value_halalas = r.point_value
        and lr.min_points_per_redemption = r.min_points and lr.max_points_per_transaction = r.max_tx
        and lr.max_points_per_day = r.max_day and lr.max_redemptions_per_day = r.max_count
        and lr.time_zone = r.time_zone
    ), go as (
      select bool_and(ok) as ok from verdict
    ), moved as (
      update ${customers} c set wallet_points = c.wallet_points - s.points,
        redeem_day_points = ${dayCounter('points')} + s.points, redeem_day_count = ${dayCounter('count')} + s.n,
        redeem_day_start = s.since
      from (
        select customer_id, sum(points)::int as points, count(*)::int as n, max(since) as since
        from input group by customer_id
      ) s, go
      where go.ok and c.id = s.customer_id
    ), entries as (
      insert into ${pointsLedger} (brand_id, customer_id, kind, points, reason, order_id, created_at)
      select i.brand_id, i.customer_id, 'redeem', -i.points, 'order_checkout', i.order_id, i.at
      from input i, go
      where go.ok
    )
    select ix, ok, rules_current, found, wallet, today_points, today_count from verdict order by ix`);
  const { rows } = result as unknown as { rows: SpendVerdictRow[] };
  return rows.map(verdictOf);
}
