import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { branchFilter, FALLBACK_ZONE, monthsAndDays, rowsOf, type Scope } from './reports.repo.ts';

// The reports' member figures (docs/adr/0720): who ordered, kept as bitmaps per branch and day and month, and the
// brand's standing (points held, their worth, diners per level) rewritten by each roll-up.

/**
 * Rewrites the brand's member bitmaps (docs/adr/0720) for the Saudi days from..to and the months they touch: new
 * diners get the next positions, each branch and day the bitmap of its diners with an order not canceled, each month
 * the OR of its days. In the caller's transaction, under the brand's roll-up lock (positions are handed out in order).
 */
export async function rollUpMemberDays(tx: Queryable, brandId: number, from: string, to: string): Promise<void> {
  const bounds = sql`o.brand_id = ${brandId} and o.customer_id is not null and o.status <> 'canceled'
    and o.created_at >= (${from}::date::timestamp at time zone ${FALLBACK_ZONE})
    and o.created_at < ((${to}::date + 1)::timestamp at time zone ${FALLBACK_ZONE})`;
  await tx.execute(sql`
    insert into report_member_positions (brand_id, customer_id, position)
    select ${brandId}, x.customer_id,
      coalesce((select max(position) from report_member_positions where brand_id = ${brandId}), 0)
        + row_number() over (order by x.customer_id)
    from (select distinct o.customer_id from orders o where ${bounds}
      and not exists (select 1 from report_member_positions p
        where p.brand_id = ${brandId} and p.customer_id = o.customer_id)) x`);
  await tx.execute(
    sql`delete from report_member_daily where brand_id = ${brandId} and day between ${from}::date and ${to}::date`,
  );
  // A bitmap as text: for positions p1 < p2 < …, p1 - 1 zeros and a one, then p2 - p1 - 1 zeros and a one, …
  await tx.execute(sql`
    insert into report_member_daily (brand_id, branch_id, day, members)
    select ${brandId}, branch_id, day,
      string_agg(repeat('0', position - previous - 1) || '1', '' order by position)::varbit
    from (
      select branch_id, day, position,
        coalesce(lag(position) over (partition by branch_id, day order by position), 0) as previous
      from (
        select distinct o.branch_id, (o.created_at at time zone ${FALLBACK_ZONE})::date as day, p.position
        from orders o join report_member_positions p on p.brand_id = ${brandId} and p.customer_id = o.customer_id
        where ${bounds}
      ) d
    ) g
    group by branch_id, day`);
  const firstMonth = sql`date_trunc('month', ${from}::date)::date`;
  const lastMonth = sql`date_trunc('month', ${to}::date)::date`;
  await tx.execute(
    sql`delete from report_member_monthly where brand_id = ${brandId} and month between ${firstMonth} and ${lastMonth}`,
  );
  await tx.execute(sql`
    insert into report_member_monthly (brand_id, branch_id, month, members)
    with d as (
      select branch_id, date_trunc('month', day)::date as month, members from report_member_daily
      where brand_id = ${brandId} and day >= ${firstMonth} and day < (${lastMonth} + interval '1 month')
    ),
      zeros as (select repeat('0', coalesce(max(length(members)), 0))::varbit as zeros from d)
    select ${brandId}, branch_id, month,
      bit_or(members || substring(zeros from 1 for length(zeros) - length(members)))
    from d, zeros
    group by branch_id, month`);
}

/**
 * Diners with an order not canceled in each period (Saudi days), in one query: the OR of the period's monthly and
 * daily member bitmaps in the scope, counted (docs/adr/0720). Equal to a count(distinct) over the raw orders.
 */
export async function activeMembers(
  db: Queryable,
  scope: Scope,
  periods: { from: string; to: string }[],
): Promise<number[]> {
  const parts = periods.flatMap((p, i) => {
    const { months, days } = monthsAndDays(p.from, p.to);
    const picked: SQL[] = [];
    if (months.length > 0) {
      picked.push(sql`select ${i}::int as period, members from report_member_monthly
        where brand_id = ${scope.brandId} and ${branchFilter(scope, sql`branch_id`)}
          and month in (${sql.join(
            months.map((m) => sql`${m}::date`),
            sql`, `,
          )})`);
    }
    for (const [a, b] of days) {
      picked.push(sql`select ${i}::int as period, members from report_member_daily
        where brand_id = ${scope.brandId} and ${branchFilter(scope, sql`branch_id`)}
          and day between ${a}::date and ${b}::date`);
    }
    return picked;
  });
  // Bitmaps of different lengths are padded with zeros to the longest before they are OR-ed (one string of zeros
  // parsed once, cut to each length: parsing a padding per bitmap was most of the query's time).
  const result = await db.execute(sql`
    with picked as (${sql.join(parts, sql` union all `)}),
      zeros as (select repeat('0', coalesce(max(length(members)), 0))::varbit as zeros from picked)
    select period,
      bit_count(bit_or(members || substring(zeros from 1 for length(zeros) - length(members))))::float8 as members
    from picked, zeros group by period`);
  const counts = new Map(rowsOf<{ period: number; members: number }>(result).map((r) => [Number(r.period), r.members]));
  return periods.map((_, i) => Number(counts.get(i) ?? 0));
}

/** The raw figure the bitmaps stand for (tests compare the two): count(distinct) over the period's orders. */
export async function activeMembersRaw(db: Queryable, scope: Scope, from: string, to: string): Promise<number> {
  const result = await db.execute(sql`
    select count(distinct customer_id)::float8 as members from orders
    where brand_id = ${scope.brandId} and customer_id is not null and status <> 'canceled'
      and created_at >= (${from}::date::timestamp at time zone ${FALLBACK_ZONE})
      and created_at < ((${to}::date + 1)::timestamp at time zone ${FALLBACK_ZONE})
      and ${branchFilter(scope, sql`branch_id`)}`);
  return Number(rowsOf<{ members: number }>(result)[0]?.members ?? 0);
}

/**
 * Rewrites the brand's diners per level now (docs/adr/0720): one scan of its diners, each in the highest level its
 * lifetime points reach (`width_bucket` over the levels' minimums; 0: below the lowest, no level), with the points
 * they hold. In the caller's roll-up transaction.
 */
export async function rollUpStanding(tx: Queryable, brandId: number): Promise<void> {
  await tx.execute(sql`delete from report_level_members where brand_id = ${brandId}`);
  await tx.execute(sql`
    insert into report_level_members (brand_id, level_id, members, wallet_points)
    with lv as (
      select array_agg(min_lifetime_points order by min_lifetime_points, id) as lows,
        array_agg(id order by min_lifetime_points, id) as ids
      from loyalty_levels where brand_id = ${brandId}
    )
    select ${brandId}, lv.ids[b.bucket], count(*), sum(b.wallet_points)
    from lv, lateral (
      select coalesce(width_bucket(c.lifetime_points, lv.lows), 0) as bucket, c.wallet_points
      from customers c where c.brand_id = ${brandId}
    ) b
    group by 2`);
}

/** Now (as of the last roll-up), brand-wide: the points diners hold, what one point is worth, diners per level. */
export async function loyaltyStanding(
  db: Queryable,
  brandId: number,
): Promise<{
  outstandingPoints: number;
  pointValueHalalas: number;
  levels: { levelId: number | null; nameAr: string | null; nameEn: string | null; members: number }[];
}> {
  const rows = rowsOf<{
    levelId: number | null;
    nameAr: string | null;
    nameEn: string | null;
    members: number;
    points: number;
    value: number | null;
  }>(
    await db.execute(sql`
      select s.level_id as "levelId", l.name_ar as "nameAr", l.name_en as "nameEn", s.members::float8 as members,
        s.wallet_points::float8 as points,
        (select point_value_halalas from loyalty_rules where brand_id = ${brandId}) as value
      from report_level_members s left join loyalty_levels l on l.id = s.level_id
      where s.brand_id = ${brandId}
      order by s.level_id is not null, l.min_lifetime_points, s.level_id`),
  );
  const value =
    rows[0]?.value ??
    rowsOf<{ value: number | null }>(
      await db.execute(sql`select point_value_halalas as value from loyalty_rules where brand_id = ${brandId}`),
    )[0]?.value;
  return {
    outstandingPoints: rows.reduce((sum, r) => sum + Number(r.points), 0),
    pointValueHalalas: Number(value ?? 0),
    levels: rows.map((r) => ({ levelId: r.levelId, nameAr: r.nameAr, nameEn: r.nameEn, members: Number(r.members) })),
  };
}
