import { REPORT_REFERRAL_STAGES } from '@sufra/shared/schemas/reports';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { monthsAndDays, type Scope } from './reports.repo.ts';

/**
 * The dashboard's engagement sections (issue 27 item 9, docs/adr/0630): preparation and delivery times, counter
 * redemptions, coupon uses, punch cards completed, wheel prizes, the referral funnel and evaluations. Their counts
 * and sums over time are rolled up per branch and local day into `report_engagement_daily` (rewritten whole for a
 * day range, like the other roll-ups, docs/adr/0610); the names beside them and the low-rating drill-down are read
 * from the raw tables.
 */

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const FALLBACK_ZONE = 'Asia/Riyadh';
/** Longer times are counted as this many minutes (ten hours: a forgotten order, not a kitchen's pace). */
export const TIME_CAP_MINUTES = 600;

/**
 * What each metric's rows hold: key, count, amount.
 * - prep: whole minutes from the kitchen's start (sent_to_kitchen) to ready; orders.
 * - delivery: a delivered delivery order's whole minutes from placement to delivered; orders.
 * - redemption: a reward redeemed at the counter (claimed with no order); key the reward.
 * - coupon: a use not given back; key the coupon, amount its discount in halalas.
 * - punch: a card completed; key the programme; branch of the order whose punch completed it.
 * - wheel: a prize drawn (not "try again"); key the segment.
 * - referral: a lead reaching a stage that day; key the stage's index (REPORT_REFERRAL_STAGES); brand-wide (no branch).
 * - rating: star answers; key the question, amount the stars summed.
 * - low: low ratings received. low_answered: low ratings answered (the apology's day); amount the minutes it took
 *   (not capped: an answer days later is counted as days).
 */
export const ENGAGEMENT_METRICS = [
  'prep',
  'delivery',
  'redemption',
  'coupon',
  'punch',
  'wheel',
  'referral',
  'rating',
  'low',
  'low_answered',
] as const;
export type EngagementMetric = (typeof ENGAGEMENT_METRICS)[number];

/** Rewrites the brand's engagement roll-up rows for the days from..to (inclusive) in the caller's transaction. */
export async function rollUpEngagementDays(tx: Queryable, brandId: number, from: string, to: string): Promise<void> {
  await tx.execute(
    sql`delete from report_engagement_daily where brand_id = ${brandId} and day between ${from}::date and ${to}::date`,
  );
  // Raw rows whose UTC instant can fall on one of the local days: the range widened by a day each side.
  const near = (column: SQL) =>
    sql`${column} >= (${from}::date - 1)::timestamptz and ${column} < (${to}::date + 2)::timestamptz`;
  const localDay = (column: SQL, zone: SQL) => sql`(${column} at time zone coalesce(${zone}, ${FALLBACK_ZONE}))::date`;
  const inRange = (day: SQL) => sql`${day} between ${from}::date and ${to}::date`;
  const insert = (select: SQL) =>
    tx.execute(sql`insert into report_engagement_daily (brand_id, branch_id, day, metric, key, count, amount)
      select ${brandId}, branch_id, day, metric, key, count(*), coalesce(sum(amount), 0)
      from (${select}) rows where ${inRange(sql`day`)}
      group by branch_id, day, metric, key`);
  const minutes = (start: SQL, end: SQL) =>
    sql`least(${TIME_CAP_MINUTES}, greatest(0, round(extract(epoch from (${end} - ${start})) / 60)))::int`;

  // Times, by the order's placement day: the kitchen's (sent → ready) and a delivery's door to door.
  const orderDay = localDay(sql`o.created_at`, sql`br.time_zone`);
  const sent = sql`(o.status_times ->> 'sent_to_kitchen')::timestamptz`;
  const ready = sql`(o.status_times ->> 'ready')::timestamptz`;
  const delivered = sql`(o.status_times ->> 'delivered')::timestamptz`;
  await insert(sql`
    select o.branch_id, ${orderDay} as day, 'prep' as metric, ${minutes(sent, ready)} as key, 0::bigint as amount
    from orders o join branches br on br.id = o.branch_id
    where o.brand_id = ${brandId} and ${near(sql`o.created_at`)} and o.status <> 'canceled'
      and o.status_times ? 'sent_to_kitchen' and o.status_times ? 'ready'
    union all
    select o.branch_id, ${orderDay}, 'delivery', ${minutes(sql`o.created_at`, delivered)}, 0
    from orders o join branches br on br.id = o.branch_id
    where o.brand_id = ${brandId} and ${near(sql`o.created_at`)} and o.status = 'delivered' and o.order_type = 3
      and o.status_times ? 'delivered'`);

  // Counter redemptions (an order's free item is the order's discount, not a redemption here).
  await insert(sql`
    select cr.claimed_branch_id as branch_id, ${localDay(sql`cr.claimed_at`, sql`br.time_zone`)} as day,
      'redemption' as metric, cr.reward_id as key, 0::bigint as amount
    from customer_rewards cr join branches br on br.id = cr.claimed_branch_id
    where cr.brand_id = ${brandId} and ${near(sql`cr.claimed_at`)} and cr.claimed_order_id is null`);

  await insert(sql`
    select cu.branch_id, ${localDay(sql`cu.used_at`, sql`br.time_zone`)} as day, 'coupon' as metric,
      cu.coupon_id as key, cu.discount_halalas::bigint as amount
    from coupon_uses cu left join branches br on br.id = cu.branch_id
    where cu.brand_id = ${brandId} and ${near(sql`cu.used_at`)} and cu.released_at is null`);

  // A completed card's branch: that of the order whose punch (not taken back) came last by its completion.
  await insert(sql`
    select o.branch_id, ${localDay(sql`pc.completed_at`, sql`br.time_zone`)} as day, 'punch' as metric,
      pc.programme_id as key, 0::bigint as amount
    from punch_cards pc
    left join lateral (
      select p.order_id from punch_card_punches p
      where p.card_id = pc.id and p.taken_back_at is null and p.at <= pc.completed_at
      order by p.at desc, p.id desc limit 1
    ) last on true
    left join orders o on o.id = last.order_id
    left join branches br on br.id = o.branch_id
    where pc.brand_id = ${brandId} and ${near(sql`pc.completed_at`)}`);

  await insert(sql`
    select d.branch_id, ${localDay(sql`d.created_at`, sql`br.time_zone`)} as day, 'wheel' as metric,
      d.segment_id as key, 0::bigint as amount
    from game_draws d join games g on g.id = d.game_id join game_segments s on s.id = d.segment_id
    left join branches br on br.id = d.branch_id
    where g.brand_id = ${brandId} and ${near(sql`d.created_at`)} and s.prize <> 'none'`);

  const stage = (column: string, index: number) => sql`
    select null::int as branch_id, ${localDay(sql`${sql.identifier(column)}`, sql`null`)} as day, 'referral' as metric,
      ${index}::int as key, 0::bigint as amount
    from referral_leads where brand_id = ${brandId} and ${near(sql`${sql.identifier(column)}`)}`;
  await insert(
    sql.join(
      REPORT_REFERRAL_STAGES.map((s, i) => stage(s === 'invited' ? 'created_at' : `${s}_at`, i)),
      sql` union all `,
    ),
  );

  const submissionDay = localDay(sql`es.created_at`, sql`br.time_zone`);
  await insert(sql`
    select es.branch_id, ${submissionDay} as day, 'rating' as metric, (a ->> 'questionId')::int as key,
      (a ->> 'rating')::bigint as amount
    from evaluation_submissions es join branches br on br.id = es.branch_id
      cross join lateral jsonb_array_elements(es.answers) a
    where es.brand_id = ${brandId} and ${near(sql`es.created_at`)} and a ->> 'kind' = 'rating'
    union all
    select es.branch_id, ${submissionDay}, 'low', 0, 0
    from evaluation_submissions es join branches br on br.id = es.branch_id
    where es.brand_id = ${brandId} and ${near(sql`es.created_at`)} and es.is_low
    union all
    select es.branch_id, ${localDay(sql`es.apologized_at`, sql`br.time_zone`)}, 'low_answered', 0,
      greatest(0, round(extract(epoch from (es.apologized_at - es.created_at)) / 60))::bigint
    from evaluation_submissions es join branches br on br.id = es.branch_id
    where es.brand_id = ${brandId} and ${near(sql`es.apologized_at`)} and es.is_low`);
}

function branchFilter(scope: Scope, column: SQL = sql`branch_id`): SQL {
  if (scope.branchIds === null) return sql`true`;
  if (scope.branchIds.length === 0) return sql`false`;
  return sql`${column} in (${sql.join(
    scope.branchIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

export interface EngagementRow {
  metric: EngagementMetric;
  branchId: number | null;
  key: number;
  count: number;
  amount: number;
}

/**
 * Each period's engagement roll-up rows in the scope, summed over its days: both periods in one query, each period's
 * whole months from report_engagement_monthly and the days at either end from the daily rows (docs/adr/0720).
 */
export async function engagementRows(
  db: Queryable,
  scope: Scope,
  periods: { from: string; to: string }[],
): Promise<EngagementRow[][]> {
  const columns = sql`metric, branch_id, key, count, amount`;
  const parts = periods.flatMap((p, i) => {
    const { months, days } = monthsAndDays(p.from, p.to);
    const picked: SQL[] = [];
    if (months.length > 0) {
      picked.push(sql`select ${i}::int as period, ${columns} from report_engagement_monthly
        where brand_id = ${scope.brandId} and ${branchFilter(scope)}
          and month between ${months[0]}::date and ${months[months.length - 1]}::date`);
    }
    for (const [a, b] of days) {
      picked.push(sql`select ${i}::int as period, ${columns} from report_engagement_daily
        where brand_id = ${scope.brandId} and ${branchFilter(scope)} and day between ${a}::date and ${b}::date`);
    }
    return picked;
  });
  const result = await db.execute(sql`
    select period, metric, branch_id as "branchId", key, sum(count)::float8 as count, sum(amount)::float8 as amount
    from (${sql.join(parts, sql` union all `)}) r
    group by period, metric, branch_id, key`);
  const out: EngagementRow[][] = periods.map(() => []);
  for (const r of rowsOf<EngagementRow & { period: number }>(result)) {
    out[Number(r.period)]?.push({
      metric: r.metric,
      branchId: r.branchId === null ? null : Number(r.branchId),
      key: Number(r.key),
      count: Number(r.count),
      amount: Number(r.amount),
    });
  }
  return out;
}

/** Rewrites report_engagement_monthly for the months the days from..to touch, from the daily rows. */
export async function rollUpEngagementMonths(tx: Queryable, brandId: number, from: string, to: string): Promise<void> {
  const firstMonth = sql`date_trunc('month', ${from}::date)::date`;
  const lastMonth = sql`date_trunc('month', ${to}::date)::date`;
  await tx.execute(sql`delete from report_engagement_monthly
    where brand_id = ${brandId} and month between ${firstMonth} and ${lastMonth}`);
  await tx.execute(sql`
    insert into report_engagement_monthly (brand_id, branch_id, month, metric, key, count, amount)
    select ${brandId}, branch_id, date_trunc('month', day)::date, metric, key, sum(count), sum(amount)
    from report_engagement_daily
    where brand_id = ${brandId} and day >= ${firstMonth} and day < (${lastMonth} + interval '1 month')
    group by 2, 3, 4, 5`);
}

export interface Named {
  id: number;
  nameAr: string;
  nameEn: string;
}

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** The brand's coupons by id (code and names). */
export async function couponNames(
  db: Queryable,
  brandId: number,
  ids: number[],
): Promise<(Named & { code: string })[]> {
  if (ids.length === 0) return [];
  return rowsOf(
    await db.execute(sql`select id, code, name_ar as "nameAr", name_en as "nameEn" from coupons
      where brand_id = ${brandId} and id in (${idList(ids)})`),
  );
}

export async function programmeNames(db: Queryable, brandId: number, ids: number[]): Promise<Named[]> {
  if (ids.length === 0) return [];
  return rowsOf(
    await db.execute(sql`select id, name_ar as "nameAr", name_en as "nameEn" from punch_programmes
      where brand_id = ${brandId} and id in (${idList(ids)})`),
  );
}

export async function questionNames(db: Queryable, brandId: number, ids: number[]): Promise<Named[]> {
  if (ids.length === 0) return [];
  return rowsOf(
    await db.execute(sql`select q.id, q.label_ar as "nameAr", q.label_en as "nameEn"
      from evaluation_questions q join evaluation_forms f on f.id = q.form_id
      where f.brand_id = ${brandId} and q.id in (${idList(ids)}) order by f.id, q.position, q.id`),
  );
}

export interface WheelSegment {
  id: number;
  gameId: number;
  gameAr: string;
  gameEn: string;
  labelAr: string;
  labelEn: string;
  dailyBudget: number | null;
  stock: number | null;
  won: number;
}

/**
 * The prize segments the wheel section lists: those of the scope's active games (a branch's own or the brand's),
 * and any segment named in `ids` (given in the period). Their budgets and stock are the settings now.
 */
export async function wheelSegments(db: Queryable, scope: Scope, ids: number[]): Promise<WheelSegment[]> {
  const gameBranches =
    scope.branchIds === null
      ? sql`true`
      : scope.branchIds.length === 0
        ? sql`g.branch_id is null`
        : sql`(g.branch_id is null or g.branch_id in (${idList(scope.branchIds)}))`;
  const named = ids.length === 0 ? sql`false` : sql`s.id in (${idList(ids)})`;
  const result = await db.execute(sql`
    select s.id, g.id as "gameId", g.name_ar as "gameAr", g.name_en as "gameEn", s.label_ar as "labelAr",
      s.label_en as "labelEn", s.daily_budget as "dailyBudget", s.stock, s.won
    from game_segments s join games g on g.id = s.game_id
    where g.brand_id = ${scope.brandId} and s.prize <> 'none'
      and ((g.is_active and ${gameBranches}) or ${named})
    order by g.id, s.position, s.id`);
  return rowsOf<WheelSegment>(result).map((r) => ({
    ...r,
    id: Number(r.id),
    gameId: Number(r.gameId),
    dailyBudget: r.dailyBudget === null ? null : Number(r.dailyBudget),
    stock: r.stock === null ? null : Number(r.stock),
    won: Number(r.won),
  }));
}

export interface LowRating {
  id: number;
  branchId: number;
  at: string;
  averageHundredths: number | null;
  orderNumber: number | null;
  answeredAt: string | null;
}

/** The drill-down: the period's low ratings in the scope, newest first, with their answer now (raw rows). */
export async function lowRatings(
  db: Queryable,
  scope: Scope,
  from: string,
  to: string,
  limit: number,
): Promise<LowRating[]> {
  const result = await db.execute(sql`
    select es.id, es.branch_id as "branchId", es.created_at as at, es.average_rating_hundredths as "averageHundredths",
      o.number as "orderNumber", es.apologized_at as "answeredAt"
    from evaluation_submissions es
    join branches br on br.id = es.branch_id
    left join orders o on o.id = es.order_id
    where es.brand_id = ${scope.brandId} and es.is_low and ${branchFilter(scope, sql`es.branch_id`)}
      and es.created_at >= (${from}::date - 1)::timestamptz and es.created_at < (${to}::date + 2)::timestamptz
      and (es.created_at at time zone br.time_zone)::date between ${from}::date and ${to}::date
    order by es.created_at desc, es.id desc
    limit ${limit}`);
  const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    id: Number(r.id),
    branchId: Number(r.branchId),
    at: iso(r.at),
    averageHundredths: r.averageHundredths === null ? null : Number(r.averageHundredths),
    orderNumber: r.orderNumber === null ? null : Number(r.orderNumber),
    answeredAt: r.answeredAt === null ? null : iso(r.answeredAt),
  }));
}
