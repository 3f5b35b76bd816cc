import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';

/**
 * The reports' queries (issue 27 items 9-10, docs/adr/0610). `rollUpDays` rewrites a brand's roll-ups for a range of
 * days from the raw tables (delete, then insert … select, in the caller's transaction); everything the dashboard
 * shows over a period is summed from those roll-ups. A day is the branch's calendar day (its time zone); a ledger row
 * without an order (a bonus, an adjustment, expiry) counts in Saudi Arabia's day, brand-wide.
 */

export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export const FALLBACK_ZONE = 'Asia/Riyadh';

/** One transaction at a time rolls a brand up (two instances' jobs, or a job and a test, never interleave). */
export async function lockBrandRollup(tx: Queryable, brandId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(610, ${brandId})`);
}

/** Rewrites the brand's roll-ups for the days from..to (inclusive, 'YYYY-MM-DD'). */
export async function rollUpDays(tx: Queryable, brandId: number, from: string, to: string): Promise<void> {
  for (const table of ['report_daily', 'report_hourly', 'report_item_daily', 'report_cancel_daily']) {
    await tx.execute(
      sql`delete from ${sql.identifier(table)} where brand_id = ${brandId} and day between ${from}::date and ${to}::date`,
    );
  }
  await tx.execute(
    sql`delete from report_loyalty_daily where brand_id = ${brandId} and day between ${from}::date and ${to}::date`,
  );
  // The raw rows a local day can hold: a day's UTC bounds widened by a day each side, then filtered by local day.
  const window = sql`o.brand_id = ${brandId}
    and o.created_at >= (${from}::date - 1)::timestamptz and o.created_at < (${to}::date + 2)::timestamptz`;
  const localDay = sql`(o.created_at at time zone br.time_zone)::date`;
  const inRange = sql`${localDay} between ${from}::date and ${to}::date`;

  // Discounts by source: a coupon's is its use's; points' is the redeemed points at the brand's point value (never
  // more than what the coupon left); the rest is a reward's (a coupon never joins a reward, docs/adr/0120).
  await tx.execute(sql`
    insert into report_daily (brand_id, branch_id, day, orders, canceled, net_halalas, vat_halalas, total_halalas,
      coupon_discount_halalas, points_discount_halalas, reward_discount_halalas, dine_in_orders, pickup_orders,
      delivery_orders, cash_orders, card_orders, cash_halalas, card_halalas)
    select ${brandId}, o.branch_id, ${localDay},
      count(*) filter (where o.status <> 'canceled'),
      count(*) filter (where o.status = 'canceled'),
      coalesce(sum(o.total - o.taxes_price) filter (where o.status <> 'canceled'), 0),
      coalesce(sum(o.taxes_price) filter (where o.status <> 'canceled'), 0),
      coalesce(sum(o.total) filter (where o.status <> 'canceled'), 0),
      coalesce(sum(d.coupon) filter (where o.status <> 'canceled'), 0),
      coalesce(sum(d.points) filter (where o.status <> 'canceled'), 0),
      coalesce(sum(o.total_discount - d.coupon - d.points) filter (where o.status <> 'canceled'), 0),
      count(*) filter (where o.status <> 'canceled' and o.order_type = 1),
      count(*) filter (where o.status <> 'canceled' and o.order_type = 2),
      count(*) filter (where o.status <> 'canceled' and o.order_type = 3),
      count(*) filter (where o.status <> 'canceled' and o.payment_method = 'cash'),
      count(*) filter (where o.status <> 'canceled' and o.payment_method = 'card'),
      coalesce(sum(o.total) filter (where o.status <> 'canceled' and o.payment_method = 'cash'), 0),
      coalesce(sum(o.total) filter (where o.status <> 'canceled' and o.payment_method = 'card'), 0)
    from orders o
    join branches br on br.id = o.branch_id
    cross join lateral (
      select c.coupon,
        least(o.total_discount - c.coupon, coalesce((
          select -l.points::bigint * coalesce(r.point_value_halalas, 0)
          from points_ledger l left join loyalty_rules r on r.brand_id = o.brand_id
          where l.order_id = o.id and l.kind = 'redeem'), 0)) as points
      from (select coalesce((select cu.discount_halalas from coupon_uses cu where cu.order_id = o.id), 0)::bigint
        as coupon) c
    ) d
    where ${window} and ${inRange}
    group by o.branch_id, ${localDay}`);

  await tx.execute(sql`
    insert into report_hourly (brand_id, branch_id, day, hour, orders, net_halalas)
    select ${brandId}, o.branch_id, ${localDay}, extract(hour from o.created_at at time zone br.time_zone)::smallint,
      count(*), sum(o.total - o.taxes_price)
    from orders o join branches br on br.id = o.branch_id
    where ${window} and ${inRange} and o.status <> 'canceled'
    group by 2, 3, 4`);

  await tx.execute(sql`
    insert into report_item_daily (brand_id, branch_id, day, kind, item_id, name_ar, name_en, quantity, net_halalas)
    select ${brandId}, o.branch_id, ${localDay}, ol.kind, ol.item_id, max(ol.name_ar), max(ol.name_en),
      sum(ol.quantity), sum(ol.total - ol.tax)
    from orders o join branches br on br.id = o.branch_id join order_lines ol on ol.order_id = o.id
    where ${window} and ${inRange} and o.status <> 'canceled'
    group by 2, 3, 4, 5`);

  await tx.execute(sql`
    insert into report_cancel_daily (brand_id, branch_id, day, reason, orders)
    select ${brandId}, o.branch_id, ${localDay}, coalesce(o.decline_reason, 'other'), count(*)
    from orders o join branches br on br.id = o.branch_id
    where ${window} and ${inRange} and o.status = 'canceled'
    group by 2, 3, 4`);

  const ledgerDay = sql`(l.created_at at time zone coalesce(br.time_zone, ${FALLBACK_ZONE}))::date`;
  await tx.execute(sql`
    insert into report_loyalty_daily (brand_id, branch_id, day, issued, redeemed, expired)
    select ${brandId}, o.branch_id, ${ledgerDay},
      coalesce(sum(l.points) filter (where l.kind in ('earn', 'bonus', 'clawback')
        or (l.kind = 'adjust' and l.points > 0)), 0),
      coalesce(-sum(l.points) filter (where l.kind in ('redeem', 'refund_redeem', 'purchase')), 0),
      coalesce(-sum(l.points) filter (where l.kind = 'expire'), 0)
    from points_ledger l
    left join orders o on o.id = l.order_id
    left join branches br on br.id = o.branch_id
    where l.brand_id = ${brandId}
      and l.created_at >= (${from}::date - 1)::timestamptz and l.created_at < (${to}::date + 2)::timestamptz
      and ${ledgerDay} between ${from}::date and ${to}::date
    group by 2, 3`);
}

export async function markRolledThrough(tx: Queryable, brandId: number, day: string, at: Date): Promise<void> {
  await tx.execute(sql`
    insert into report_rollup_state (brand_id, rolled_through, rolled_at) values (${brandId}, ${day}::date, ${at})
    on conflict (brand_id) do update set rolled_through = greatest(report_rollup_state.rolled_through,
      excluded.rolled_through), rolled_at = excluded.rolled_at`);
}

/**
 * Each brand with the day its roll-ups are complete through (null: never rolled) and, for a brand never rolled, the
 * day of its first row a roll-up counts (an order, a ledger row, a draw, a lead, a coupon use, a redemption, a card
 * completed, an evaluation), a day early for zones east of Riyadh's.
 */
export async function rollupStates(
  db: Queryable,
): Promise<{ brandId: number; rolledThrough: string | null; firstDay: string | null }[]> {
  const first = (select: SQL) => sql`(${select})`;
  const result = await db.execute(sql`
    select b.id as "brandId", s.rolled_through::text as "rolledThrough",
      case when s.rolled_through is null then ((least(
        ${first(sql`select min(o.created_at) from orders o where o.brand_id = b.id`)},
        ${first(sql`select min(l.created_at) from points_ledger l where l.brand_id = b.id`)},
        ${first(sql`select min(d.created_at) from game_draws d join games g on g.id = d.game_id where g.brand_id = b.id`)},
        ${first(sql`select min(r.created_at) from referral_leads r where r.brand_id = b.id`)},
        ${first(sql`select min(c.used_at) from coupon_uses c where c.brand_id = b.id`)},
        ${first(sql`select min(c.claimed_at) from customer_rewards c where c.brand_id = b.id`)},
        ${first(sql`select min(p.completed_at) from punch_cards p where p.brand_id = b.id`)},
        ${first(sql`select min(e.created_at) from evaluation_submissions e where e.brand_id = b.id`)}
      ) at time zone ${FALLBACK_ZONE})::date - 1)::text end as "firstDay"
    from brands b left join report_rollup_state s on s.brand_id = b.id
    order by b.id`);
  return rowsOf(result);
}

export interface Scope {
  brandId: number;
  /** null: every branch of the brand. */
  branchIds: number[] | null;
}

export function branchFilter(scope: Scope, column: SQL): SQL {
  if (scope.branchIds === null) return sql`true`;
  if (scope.branchIds.length === 0) return sql`false`;
  return sql`${column} in (${sql.join(
    scope.branchIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

export interface DailyTotals {
  orders: number;
  canceled: number;
  netHalalas: number;
  vatHalalas: number;
  totalHalalas: number;
  couponDiscountHalalas: number;
  pointsDiscountHalalas: number;
  rewardDiscountHalalas: number;
  dineInOrders: number;
  pickupOrders: number;
  deliveryOrders: number;
  cashOrders: number;
  cardOrders: number;
  cashHalalas: number;
  cardHalalas: number;
}

const n = (column: string) => sql.raw(`coalesce(sum(${column}), 0)::float8 as "${column}"`);

/**
 * The scope's report_daily rows summed per day from..to (one query for both periods, docs/adr/0720): the service
 * sums the period's and the previous period's totals, the day series and the weekday series from them.
 */
export async function dailyTotals(
  db: Queryable,
  scope: Scope,
  from: string,
  to: string,
): Promise<(DailyTotals & { day: string })[]> {
  const result = await db.execute(sql`
    select day::text as day, ${n('orders')}, ${n('canceled')}, ${n('net_halalas')}, ${n('vat_halalas')},
      ${n('total_halalas')}, ${n('coupon_discount_halalas')}, ${n('points_discount_halalas')},
      ${n('reward_discount_halalas')}, ${n('dine_in_orders')}, ${n('pickup_orders')}, ${n('delivery_orders')},
      ${n('cash_orders')}, ${n('card_orders')}, ${n('cash_halalas')}, ${n('card_halalas')}
    from report_daily
    where brand_id = ${scope.brandId} and day between ${from}::date and ${to}::date and ${branchFilter(scope, sql`branch_id`)}
    group by day order by day`);
  return rowsOf<Record<string, number | string>>(result).map((row) => {
    const v = (k: string) => Number(row[k] ?? 0);
    return {
      day: String(row.day),
      orders: v('orders'),
      canceled: v('canceled'),
      netHalalas: v('net_halalas'),
      vatHalalas: v('vat_halalas'),
      totalHalalas: v('total_halalas'),
      couponDiscountHalalas: v('coupon_discount_halalas'),
      pointsDiscountHalalas: v('points_discount_halalas'),
      rewardDiscountHalalas: v('reward_discount_halalas'),
      dineInOrders: v('dine_in_orders'),
      pickupOrders: v('pickup_orders'),
      deliveryOrders: v('delivery_orders'),
      cashOrders: v('cash_orders'),
      cardOrders: v('card_orders'),
      cashHalalas: v('cash_halalas'),
      cardHalalas: v('card_halalas'),
    };
  });
}

/** Both periods' ledger figures in one query (index 0 the first period). */
export async function periodsLoyalty(
  db: Queryable,
  scope: Scope,
  periods: { from: string; to: string }[],
): Promise<{ issued: number; redeemed: number; expired: number }[]> {
  // A branch's scope counts its orders' rows only; the brand's also the rows without a branch.
  const branches = scope.branchIds === null ? sql`true` : branchFilter(scope, sql`branch_id`);
  const which = sql.join(
    periods.map((p, i) => sql`when day between ${p.from}::date and ${p.to}::date then ${i}::int`),
    sql` `,
  );
  const result = await db.execute(sql`
    select period, coalesce(sum(issued), 0)::float8 as issued, coalesce(sum(redeemed), 0)::float8 as redeemed,
      coalesce(sum(expired), 0)::float8 as expired
    from (select case ${which} end as period, issued, redeemed, expired from report_loyalty_daily
      where brand_id = ${scope.brandId} and ${branches} and (${sql.join(
        periods.map((p) => sql`day between ${p.from}::date and ${p.to}::date`),
        sql` or `,
      )})) r
    group by period`);
  const rows = new Map(
    rowsOf<{ period: number; issued: number; redeemed: number; expired: number }>(result).map((r) => [
      Number(r.period),
      r,
    ]),
  );
  return periods.map((_, i) => {
    const row = rows.get(i);
    return {
      issued: Number(row?.issued ?? 0),
      redeemed: Number(row?.redeemed ?? 0),
      expired: Number(row?.expired ?? 0),
    };
  });
}

/**
 * A roll-up's rows over a period (docs/adr/0720): its whole months from the monthly table and the days at either end
 * from the daily one, `columns` of both (summed by the caller).
 */
function monthlyAndDaily(
  scope: Scope,
  from: string,
  to: string,
  tables: { daily: string; monthly: string; columns: SQL },
): SQL {
  const { months, days } = monthsAndDays(from, to);
  const parts: SQL[] = [];
  if (months.length > 0) {
    parts.push(sql`select ${tables.columns} from ${sql.identifier(tables.monthly)}
      where brand_id = ${scope.brandId} and ${branchFilter(scope, sql`branch_id`)}
        and month between ${months[0]}::date and ${months[months.length - 1]}::date`);
  }
  for (const [a, b] of days) {
    parts.push(sql`select ${tables.columns} from ${sql.identifier(tables.daily)}
      where brand_id = ${scope.brandId} and ${branchFilter(scope, sql`branch_id`)}
        and day between ${a}::date and ${b}::date`);
  }
  return sql.join(parts, sql` union all `);
}

/** Rewrites the monthly sums of the hourly and item roll-ups for the months the days from..to touch. */
export async function rollUpMonths(tx: Queryable, brandId: number, from: string, to: string): Promise<void> {
  const firstMonth = sql`date_trunc('month', ${from}::date)::date`;
  const lastMonth = sql`date_trunc('month', ${to}::date)::date`;
  const inMonths = sql`brand_id = ${brandId} and day >= ${firstMonth} and day < (${lastMonth} + interval '1 month')`;
  for (const table of ['report_hourly_monthly', 'report_item_monthly']) {
    await tx.execute(
      sql`delete from ${sql.identifier(table)} where brand_id = ${brandId} and month between ${firstMonth} and ${lastMonth}`,
    );
  }
  await tx.execute(sql`
    insert into report_hourly_monthly (brand_id, branch_id, month, hour, orders, net_halalas)
    select ${brandId}, branch_id, date_trunc('month', day)::date, hour, sum(orders), sum(net_halalas)
    from report_hourly where ${inMonths}
    group by 2, 3, 4`);
  await tx.execute(sql`
    insert into report_item_monthly (brand_id, branch_id, month, kind, item_id, name_ar, name_en, quantity, net_halalas)
    select ${brandId}, branch_id, date_trunc('month', day)::date, kind, item_id, max(name_ar), max(name_en),
      sum(quantity), sum(net_halalas)
    from report_item_daily where ${inMonths}
    group by 2, 3, 4, 5`);
}

export async function hourSeries(
  db: Queryable,
  scope: Scope,
  from: string,
  to: string,
): Promise<{ hour: number; orders: number; netHalalas: number }[]> {
  const rows = monthlyAndDaily(scope, from, to, {
    daily: 'report_hourly',
    monthly: 'report_hourly_monthly',
    columns: sql`hour, orders, net_halalas`,
  });
  const result = await db.execute(sql`
    select hour::int as hour, sum(orders)::float8 as orders, sum(net_halalas)::float8 as "netHalalas"
    from (${rows}) r
    group by hour order by hour`);
  return rowsOf<{ hour: number; orders: number; netHalalas: number }>(result).map((r) => ({
    hour: Number(r.hour),
    orders: Number(r.orders),
    netHalalas: Number(r.netHalalas),
  }));
}

export interface ItemFigure {
  kind: string;
  itemId: number;
  nameAr: string;
  nameEn: string;
  quantity: number;
  netHalalas: number;
}

/** The top and the bottom `limit` items by quantity (ties by net then id) from one grouping of the period's rows. */
export async function itemRankings(
  db: Queryable,
  scope: Scope,
  from: string,
  to: string,
  limit: number,
): Promise<{ top: ItemFigure[]; bottom: ItemFigure[] }> {
  const result = await db.execute(sql`
    select * from (
      select *, row_number() over (order by quantity desc, "netHalalas" desc, "itemId") as high,
        row_number() over (order by quantity asc, "netHalalas" asc, "itemId") as low
      from (
        select kind, item_id as "itemId", max(name_ar) as "nameAr", max(name_en) as "nameEn",
          sum(quantity)::float8 as quantity, sum(net_halalas)::float8 as "netHalalas"
        from (${monthlyAndDaily(scope, from, to, {
          daily: 'report_item_daily',
          monthly: 'report_item_monthly',
          columns: sql`kind, item_id, name_ar, name_en, quantity, net_halalas`,
        })}) r
        group by kind, item_id
      ) items
    ) ranked
    where high <= ${limit} or low <= ${limit}`);
  const rows = rowsOf<ItemFigure & { high: number; low: number }>(result).map((r) => ({
    figure: {
      kind: r.kind,
      itemId: Number(r.itemId),
      nameAr: r.nameAr,
      nameEn: r.nameEn,
      quantity: Number(r.quantity),
      netHalalas: Number(r.netHalalas),
    },
    high: Number(r.high),
    low: Number(r.low),
  }));
  const pick = (rank: 'high' | 'low') =>
    rows
      .filter((r) => r[rank] <= limit)
      .sort((a, b) => a[rank] - b[rank])
      .map((r) => r.figure);
  return { top: pick('high'), bottom: pick('low') };
}

export async function cancelReasons(
  db: Queryable,
  scope: Scope,
  from: string,
  to: string,
): Promise<{ reason: string; orders: number }[]> {
  const result = await db.execute(sql`
    select reason, sum(orders)::float8 as orders
    from report_cancel_daily
    where brand_id = ${scope.brandId} and day between ${from}::date and ${to}::date and ${branchFilter(scope, sql`branch_id`)}
    group by reason order by orders desc, reason`);
  return rowsOf<{ reason: string; orders: number }>(result).map((r) => ({
    reason: r.reason,
    orders: Number(r.orders),
  }));
}

const lastDayOfMonth = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
};
const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A period as whole calendar months (their first days) and the days at either end outside them. */
export function monthsAndDays(from: string, to: string): { months: string[]; days: [string, string][] } {
  const firstFull = from.endsWith('-01') ? from : shiftDay(lastDayOfMonth(from), 1);
  const months: string[] = [];
  for (let m = firstFull; lastDayOfMonth(m) <= to; m = shiftDay(lastDayOfMonth(m), 1)) months.push(m);
  if (months.length === 0) return { months, days: [[from, to]] };
  const afterLast = shiftDay(lastDayOfMonth(months[months.length - 1] as string), 1);
  const days: [string, string][] = [];
  if (from < firstFull) days.push([from, shiftDay(firstFull, -1)]);
  if (afterLast <= to) days.push([afterLast, to]);
  return { months, days };
}

/** The brand's branches (ids and names), for the scope check and the branch picker. */
export async function brandBranches(
  db: Queryable,
  brandId: number,
): Promise<{ id: number; nameAr: string; nameEn: string }[]> {
  return rowsOf(
    await db.execute(sql`
      select id, name_ar as "nameAr", name_en as "nameEn" from branches where brand_id = ${brandId} order by id`),
  );
}
