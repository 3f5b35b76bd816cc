import { DAILY_SPEND_LIMITS, type PointsEntryKind, type RedemptionsToday } from '@sufra/shared/loyalty/points';
import { and, asc, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { GuardScope, GuardSql, RowsScope } from '../../core/checkout-statement.repo.ts';
import type { Queryable } from '../../db/client.ts';
import { customers } from '../../db/schema/customers.ts';
import { loyaltyEarnRules, loyaltyLevels, loyaltyRules, pointsLedger } from '../../db/schema/loyalty.ts';

export type LoyaltyRulesRow = typeof loyaltyRules.$inferSelect;
export type LoyaltyLevelRow = typeof loyaltyLevels.$inferSelect;
export type PointsEntryRow = typeof pointsLedger.$inferSelect;

export async function findRules(db: Queryable, brandId: number): Promise<LoyaltyRulesRow | undefined> {
  const [row] = await db.select().from(loyaltyRules).where(eq(loyaltyRules.brandId, brandId));
  return row;
}

/** What an order earns by. */
export interface EarnRule {
  earnPointsPerSar: number;
  earnOrderTypes: number[];
  /** null: every branch. */
  earnBranchIds: number[] | null;
}

/**
 * The earn rule in force when an order was placed at `placedAt`: the newest saved row from before it, or the rule
 * itself when the brand's rule was never changed in the console (issue 27: a change applies to orders placed after).
 */
export async function findEarnRuleAt(db: Queryable, rules: LoyaltyRulesRow, placedAt: Date): Promise<EarnRule> {
  const [row] = await db
    .select({
      earnPointsPerSar: loyaltyEarnRules.earnPointsPerSar,
      earnOrderTypes: loyaltyEarnRules.earnOrderTypes,
      earnBranchIds: loyaltyEarnRules.earnBranchIds,
    })
    .from(loyaltyEarnRules)
    .where(
      and(
        eq(loyaltyEarnRules.brandId, rules.brandId),
        sql`${loyaltyEarnRules.effectiveFrom} <= ${placedAt.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(desc(loyaltyEarnRules.effectiveFrom), desc(loyaltyEarnRules.id))
    .limit(1);
  return (
    row ?? {
      earnPointsPerSar: rules.earnPointsPerSar,
      earnOrderTypes: rules.earnOrderTypes,
      earnBranchIds: rules.earnBranchIds,
    }
  );
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
 * Customers who may have points past their brand's expiry days (or its fixed expiry date) that debits have not used up (the pure rule's sums,
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
    join ${loyaltyRules} r on r.brand_id = l.brand_id
      and (r.expiry_days is not null or r.expires_at <= ${now.toISOString()}::timestamptz)
    group by l.customer_id, l.brand_id, r.expiry_days, r.expires_at
    having coalesce(sum(l.points) filter (where l.points > 0 and case when r.expiry_days is not null
        then l.created_at <= ${now.toISOString()}::timestamptz - make_interval(days => r.expiry_days)
        else l.created_at < r.expires_at end), 0)
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
 * starts at `since`: what the row holds when it is that day's, else 0 (a new day). `c` is the customers row.
 */
function dayCounter(which: keyof RedemptionsToday, since: SQL): SQL {
  const column = which === 'points' ? sql.raw('c.redeem_day_points') : sql.raw('c.redeem_day_count');
  return sql`(case when c.redeem_day_start = ${since} then ${column} else 0 end)`;
}

/** The loyalty_rules column of each of the shared rule's caps. */
const CAP_COLUMNS: Record<(typeof DAILY_SPEND_LIMITS)[number]['cap'], string> = {
  maxRedemptionsPerDay: 'max_redemptions_per_day',
  maxPointsPerDay: 'max_points_per_day',
};

/**
 * The day's limits as SQL, built from the shared rule's data (DAILY_SPEND_LIMITS, as dailySpendRefusal reads it):
 * the refusal of the first limit that `today` plus `adding` passes under the caps of `rules` (a loyalty_rules row's
 * alias), or null. daily-spend-limits.test runs it and the shared function over the same cases on the database.
 */
export function dailySpendRefusalSql(
  today: Record<keyof RedemptionsToday, SQL>,
  adding: Record<keyof RedemptionsToday, SQL>,
  rules: SQL,
): SQL {
  const cases = DAILY_SPEND_LIMITS.map(
    (limit) =>
      sql`when ${today[limit.counts]} + ${adding[limit.counts]} > ${rules}.${sql.raw(CAP_COLUMNS[limit.cap])} then ${limit.refusal}`,
  );
  return sql`(case ${sql.join(cases, sql` `)} else null end)`;
}

/** The columns a write spending points carries into the placement statement (checkout-points fills them). */
export const SPEND_COLUMNS = {
  points: 'int',
  since: 'timestamptz',
  point_value: 'int',
  min_points: 'int',
  max_tx: 'int',
  max_day: 'int',
  max_count: 'int',
  time_zone: 'text',
} as const;
export type SpendColumn = keyof typeof SPEND_COLUMNS;

/**
 * Points spent at checkout, the guard of their placement extra (checkout-points): per spending customer of `go`,
 * one conditional update of the customer's row: the rules each write was priced by still the brand's, the wallet
 * and the day's limits holding for the sum of their writes. PostgreSQL checks that condition again on the row's
 * newest version when it had to wait for its lock, so two checkouts of one diner on two instances cannot both pass on
 * the same points. Held when every spending customer's row moved.
 */
export function spendGuard({ go }: GuardScope<SpendColumn>): GuardSql {
  const g = go.c;
  const since = sql`s.since`;
  const ctes = sql`
    spend_sums as (
      select ${g.customer_id} as customer_id, ${g.brand_id} as brand_id, ${g.since} as since,
        sum(${g.points})::int as points, count(*)::int as n, bool_and(lr.brand_id is not null) as rules_current
      from ${go.from}
      -- The rules each write was priced by (kept with the QR context) must still be the brand's.
      left join ${loyaltyRules} lr on lr.brand_id = ${g.brand_id} and lr.point_value_halalas = ${g.point_value}
        and lr.min_points_per_redemption = ${g.min_points} and lr.max_points_per_transaction = ${g.max_tx}
        and lr.max_points_per_day = ${g.max_day} and lr.max_redemptions_per_day = ${g.max_count}
        and lr.time_zone = ${g.time_zone}
      where ${g.points} is not null
      group by ${g.customer_id}, ${g.brand_id}, ${g.since}
    ), spent as (
      update ${customers} c set wallet_points = c.wallet_points - s.points,
        redeem_day_points = ${dayCounter('points', since)} + s.points,
        redeem_day_count = ${dayCounter('count', since)} + s.n,
        redeem_day_start = s.since
      from spend_sums s join ${loyaltyRules} lr on lr.brand_id = s.brand_id
      where s.rules_current and c.id = s.customer_id and c.brand_id = s.brand_id and c.wallet_points >= s.points
        and ${dailySpendRefusalSql(
          { points: dayCounter('points', since), count: dayCounter('count', since) },
          { points: sql`s.points`, count: sql`s.n` },
          sql.raw('lr'),
        )} is null
      returning c.id
    )`;
  return { ctes, held: sql`(select count(*) from spent) = (select count(*) from spend_sums)` };
}

/** The spends' ledger rows, one per placed order that spent points, at the batch's time. */
export function redeemRows({ placed, at }: RowsScope<SpendColumn>): SQL {
  const p = placed.c;
  return sql`
    redeem_rows as (
      insert into ${pointsLedger} (brand_id, customer_id, kind, points, reason, order_id, created_at)
      select ${p.brand_id}, ${p.customer_id}, 'redeem', -${p.points}, 'order_checkout', ${p.order_id}, ${at}
      from ${placed.from}
      where ${p.points} is not null
    )`;
}

/** One spending write as the read after a refusal takes it. */
export interface SpendAsked {
  index: number;
  brandId: number;
  customerId: number;
  since: Date;
  /** The rules the write was priced by: whether they are still the brand's. */
  rules: {
    pointValueHalalas: number;
    minPointsPerRedemption: number;
    maxPointsPerTransaction: number;
    maxPointsPerDay: number;
    maxRedemptionsPerDay: number;
    timeZone: string;
  };
}

/** Per write: whether the brand's rules are still those it was priced by, and what its customer holds now. */
export interface SpendHeld {
  index: number;
  rulesCurrent: boolean;
  /** null when the customer is not the brand's. */
  held: { wallet: number; today: RedemptionsToday } | null;
}

/**
 * After the spend's guard refused (a read, in one statement): per write, whether its rules are still the brand's,
 * and its customer's wallet and day's counters now, for checkout-points to run the shared rule over, write by write.
 */
export async function spendHeld(db: Queryable, asked: readonly SpendAsked[]): Promise<SpendHeld[]> {
  const input = JSON.stringify(
    asked.map((w) => ({
      ix: w.index,
      brand_id: w.brandId,
      customer_id: w.customerId,
      since: w.since.toISOString(),
      point_value: w.rules.pointValueHalalas,
      min_points: w.rules.minPointsPerRedemption,
      max_tx: w.rules.maxPointsPerTransaction,
      max_day: w.rules.maxPointsPerDay,
      max_count: w.rules.maxRedemptionsPerDay,
      time_zone: w.rules.timeZone,
    })),
  );
  const since = sql`i.since`;
  const result = await db.execute(sql`
    select i.ix, lr.brand_id is not null as rules_current, c.id is not null as found, c.wallet_points as wallet,
      ${dayCounter('points', since)} as today_points, ${dayCounter('count', since)} as today_count
    from jsonb_to_recordset(${input}::jsonb) as i(ix int, brand_id int, customer_id int, since timestamptz,
      point_value int, min_points int, max_tx int, max_day int, max_count int, time_zone text)
    left join ${customers} c on c.id = i.customer_id and c.brand_id = i.brand_id
    left join ${loyaltyRules} lr on lr.brand_id = i.brand_id and lr.point_value_halalas = i.point_value
      and lr.min_points_per_redemption = i.min_points and lr.max_points_per_transaction = i.max_tx
      and lr.max_points_per_day = i.max_day and lr.max_redemptions_per_day = i.max_count
      and lr.time_zone = i.time_zone
    order by i.ix`);
  const { rows } = result as unknown as {
    rows: {
      ix: number;
      rules_current: boolean;
      found: boolean;
      wallet: number;
      today_points: number;
      today_count: number;
    }[];
  };
  return rows.map((r) => ({
    index: Number(r.ix),
    rulesCurrent: r.rules_current === true,
    held: r.found
      ? { wallet: Number(r.wallet), today: { points: Number(r.today_points), count: Number(r.today_count) } }
      : null,
  }));
}
