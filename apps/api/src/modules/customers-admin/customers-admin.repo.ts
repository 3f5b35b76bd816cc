import type { CustomerSort } from '@sufra/shared/schemas/customers-admin';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';

/**
 * The console's customer queries (issue 27 item 8). Orders count, spend and last order are summed from the orders
 * themselves (canceled ones left out) through the partial index `orders_brand_customer_stats_idx`, never kept in a
 * second place (docs/adr/0490): for a page sorted by the customer's own columns only the page's rows are summed;
 * a sort or filter by those figures sums the brand's orders once (a hash aggregate). Keyset paging on
 * (sort value, id).
 */

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export interface CustomerListFilter {
  brandId: number;
  /** One customer (their page). */
  customerId?: number;
  phonePrefix?: string;
  nameText?: string;
  /** Last order before this instant (and at least one order). */
  lapsedBefore?: Date;
  lifetimeFrom?: number;
  lifetimeBelow?: number | null;
  spendAbove?: number;
}

export interface CustomerListSort {
  sort: CustomerSort;
  direction: 'asc' | 'desc';
  after?: { value: string; id: number };
  limit: number;
}

export interface CustomerListRow {
  id: number;
  fullName: string;
  phone: string;
  walletPoints: number;
  lifetimePoints: number;
  createdAt: Date;
  ordersCount: number;
  spendHalalas: number;
  lastOrderAt: Date | null;
  branchId: number | null;
  branchNameAr: string | null;
  branchNameEn: string | null;
  sortKey: string;
}

const STATS_SORTS: readonly CustomerSort[] = ['lastOrder', 'orders', 'spend'];

/** The sort's SQL over `c` (customers) and `s` (the summed orders), and the type its cursor value is read back as. */
function sortColumn(sort: CustomerSort): { expr: SQL; cast: SQL } {
  switch (sort) {
    case 'name':
      return { expr: sql`c.full_name`, cast: sql`text` };
    case 'level':
      return { expr: sql`c.lifetime_points`, cast: sql`int` };
    case 'wallet':
      return { expr: sql`c.wallet_points`, cast: sql`int` };
    case 'memberSince':
      return { expr: sql`c.id`, cast: sql`int` };
    case 'orders':
      return { expr: sql`coalesce(s.orders_count, 0)`, cast: sql`int` };
    case 'spend':
      return { expr: sql`coalesce(s.spend, 0)`, cast: sql`bigint` };
    case 'lastOrder':
      return { expr: sql`coalesce(s.last_order_at, 'epoch'::timestamptz)`, cast: sql`timestamptz` };
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The customers matching `filter` in the sort's order, `limit + 1` of them (the extra says there is a next page). */
export async function listCustomers(
  db: Queryable,
  filter: CustomerListFilter,
  order: CustomerListSort,
): Promise<CustomerListRow[]> {
  const { brandId } = filter;
  const needsStats =
    STATS_SORTS.includes(order.sort) || filter.lapsedBefore !== undefined || filter.spendAbove !== undefined;
  const { expr, cast } = sortColumn(order.sort);
  const dir = order.direction === 'asc' ? sql`asc` : sql`desc`;
  const where: SQL[] = [sql`c.brand_id = ${brandId}::int`];
  if (filter.customerId !== undefined) where.push(sql`c.id = ${filter.customerId}::int`);
  if (filter.phonePrefix !== undefined) where.push(sql`c.phone like ${`${filter.phonePrefix}%`}`);
  if (filter.nameText !== undefined) where.push(sql`c.full_name ilike ${`%${escapeLike(filter.nameText)}%`}`);
  if (filter.lifetimeFrom !== undefined) where.push(sql`c.lifetime_points >= ${filter.lifetimeFrom}::int`);
  if (filter.lifetimeBelow !== undefined && filter.lifetimeBelow !== null)
    where.push(sql`c.lifetime_points < ${filter.lifetimeBelow}::int`);
  if (filter.lapsedBefore !== undefined)
    where.push(sql`s.last_order_at < ${filter.lapsedBefore.toISOString()}::timestamptz`);
  if (filter.spendAbove !== undefined) where.push(sql`coalesce(s.spend, 0) > ${filter.spendAbove}::bigint`);
  if (order.after) {
    const cmp = order.direction === 'asc' ? sql`>` : sql`<`;
    where.push(sql`(${expr}, c.id) ${cmp} (${order.after.value}::${cast}, ${order.after.id}::int)`);
  }
  const whereSql = sql.join(where, sql` and `);
  const limit = order.limit + 1;

  // Page rows first (summing every diner's orders only when the sort or a filter needs it), then each page row's
  // figures and the branch of its last order.
  const landing =
    order.sort === 'lastOrder' &&
    order.direction === 'desc' &&
    Object.entries(filter).every(([key, value]) => key === 'brandId' || value === undefined);
  const page = landing
    ? await recentDinersPage(db, brandId, order.after, limit)
    : needsStats
      ? sql`
      with s as (
        select customer_id, count(*)::int as orders_count, sum(total)::bigint as spend, max(created_at) as last_order_at
        from orders
        where brand_id = ${brandId}::int and customer_id is not null and status <> 'canceled'
        group by customer_id
      )
      select c.id, ${expr}::text as sort_key
      from customers c left join s on s.customer_id = c.id
      where ${whereSql}
      order by ${expr} ${dir}, c.id ${dir}
      limit ${limit}`
      : sql`
      select c.id, ${expr}::text as sort_key
      from customers c
      where ${whereSql}
      order by ${expr} ${dir}, c.id ${dir}
      limit ${limit}`;

  const result = await db.execute(sql`
    with page as materialized (${page})
    select c.id, c.full_name, c.phone, c.wallet_points, c.lifetime_points, c.created_at, page.sort_key,
      st.orders_count, st.spend::float8 as spend, st.last_order_at,
      lb.branch_id, b.name_ar as branch_name_ar, b.name_en as branch_name_en
    from page
    join customers c on c.id = page.id
    cross join lateral (
      select count(*)::int as orders_count, coalesce(sum(o.total), 0)::bigint as spend, max(o.created_at) as last_order_at
      from orders o
      where o.brand_id = ${brandId}::int and o.customer_id = c.id and o.status <> 'canceled'
    ) st
    left join lateral (
      select o.branch_id from orders o
      where o.brand_id = ${brandId}::int and o.customer_id = c.id and o.status <> 'canceled'
      order by o.created_at desc, o.id desc limit 1
    ) lb on true
    left join branches b on b.id = lb.branch_id
    order by ${orderOfPage(order.sort)} ${dir}, c.id ${dir}`);
  return rowsOf<RawListRow>(result).map(toListRow);
}

/** The same order over the page's rows (their figures are `st`'s now). */
function orderOfPage(sort: CustomerSort): SQL {
  switch (sort) {
    case 'orders':
      return sql`st.orders_count`;
    case 'spend':
      return sql`st.spend`;
    case 'lastOrder':
      return sql`coalesce(st.last_order_at, 'epoch'::timestamptz)`;
    default:
      return sortColumn(sort).expr;
  }
}

/**
 * The landing view (every diner, by last order, newest first) without summing the brand's orders: the live orders
 * newest first (orders_brand_recent_customer_idx), each diner at their newest one, then the diners who never
 * ordered by id. The same order and cursor values as the general query's `coalesce(last_order_at, 'epoch')`.
 */
async function recentDinersPage(
  db: Queryable,
  brandId: number,
  after: { value: string; id: number } | undefined,
  limit: number,
): Promise<SQL> {
  const brand = sql`${brandId}::int`;
  // Orders newest first, a chunk at a time (a plain index walk: an anti-join here made the planner sort them all;
  // `nulls last` as the index has it, or it is not used);
  // a diner is kept at their newest live order, found for the chunk's diners in one grouped look-up.
  const rows: { id: number; sort_key: string }[] = [];
  let cursor = after && !after.value.startsWith('1970-01-01 00:00:00') ? after : undefined;
  const chunk = Math.max(4 * limit, 200);
  const seen = new Set<number>();
  while (rows.length < limit && (after === undefined || cursor !== undefined)) {
    const batch = rowsOf<{ id: number; sort_key: string }>(
      await db.execute(sql`
        select o.customer_id as id, o.created_at::text as sort_key
        from orders o
        where o.brand_id = ${brand} and o.customer_id is not null and o.status <> 'canceled'
          ${cursor ? sql`and (o.created_at, o.customer_id) < (${cursor.value}::timestamptz, ${cursor.id}::int)` : sql``}
        order by o.created_at desc nulls last, o.customer_id desc nulls last
        limit ${chunk}`),
    );
    if (batch.length === 0) break;
    const ids = `{${[...new Set(batch.map((r) => Number(r.id)))].join(',')}}`;
    const newest = new Map(
      rowsOf<{ id: number; newest: string }>(
        await db.execute(sql`
          select customer_id as id, max(created_at)::text as newest from orders
          where brand_id = ${brand} and customer_id = any(${ids}::int[]) and status <> 'canceled'
          group by customer_id`),
      ).map((r) => [Number(r.id), r.newest]),
    );
    for (const r of batch) {
      const id = Number(r.id);
      if (rows.length < limit && !seen.has(id) && newest.get(id) === r.sort_key)
        rows.push({ id, sort_key: r.sort_key });
      seen.add(id);
    }
    const last = batch.at(-1);
    cursor = batch.length < chunk || !last ? undefined : { value: last.sort_key, id: Number(last.id) };
    if (cursor === undefined) break;
  }
  if (rows.length < limit) {
    // Past the diners with orders: those without, newest first (their sort value is the epoch).
    const pastOrdered = after?.value.startsWith('1970-01-01 00:00:00') === true;
    const never = await db.execute(sql`
      select c.id, ${'1970-01-01 00:00:00+00'}::text as sort_key
      from customers c
      where c.brand_id = ${brand} ${pastOrdered ? sql`and c.id < ${after?.id ?? 0}::int` : sql``}
        and not exists (
          select 1 from orders o where o.brand_id = ${brand} and o.customer_id = c.id and o.status <> 'canceled')
      order by c.id desc
      limit ${limit - rows.length}`);
    rows.push(...rowsOf<{ id: number; sort_key: string }>(never));
  }
  const ids = `{${rows.map((r) => Number(r.id)).join(',')}}`;
  // Timestamps as PostgreSQL wrote them (no quote or backslash in them), quoted for the array literal.
  const keys = `{${rows.map((r) => `"${r.sort_key}"`).join(',')}}`;
  return sql`select p.id, p.sort_key from unnest(${ids}::int[], ${keys}::text[]) as p(id, sort_key)`;
}

interface RawListRow {
  id: number;
  full_name: string;
  phone: string;
  wallet_points: number;
  lifetime_points: number;
  created_at: Date | string;
  sort_key: string;
  orders_count: number;
  spend: number;
  last_order_at: Date | string | null;
  branch_id: number | null;
  branch_name_ar: string | null;
  branch_name_en: string | null;
}

const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

function toListRow(r: RawListRow): CustomerListRow {
  return {
    id: Number(r.id),
    fullName: r.full_name,
    phone: r.phone,
    walletPoints: Number(r.wallet_points),
    lifetimePoints: Number(r.lifetime_points),
    createdAt: asDate(r.created_at),
    ordersCount: Number(r.orders_count),
    spendHalalas: Number(r.spend),
    lastOrderAt: r.last_order_at === null ? null : asDate(r.last_order_at),
    branchId: r.branch_id === null ? null : Number(r.branch_id),
    branchNameAr: r.branch_name_ar,
    branchNameEn: r.branch_name_en,
    sortKey: r.sort_key,
  };
}

export interface CustomerRecord {
  id: number;
  fullName: string;
  phone: string;
  email: string | null;
  ageGroup: string | null;
  gender: string | null;
  city: string | null;
  language: string;
}

export async function findCustomerOfBrand(
  db: Queryable,
  id: number,
  brandId: number,
): Promise<CustomerRecord | undefined> {
  const result = await db.execute(sql`
    select id, full_name, phone, email, age_group, gender, city, language
    from customers where id = ${id}::int and brand_id = ${brandId}::int`);
  const [r] = rowsOf<{
    id: number;
    full_name: string;
    phone: string;
    email: string | null;
    age_group: string | null;
    gender: string | null;
    city: string | null;
    language: string;
  }>(result);
  if (!r) return undefined;
  return {
    id: Number(r.id),
    fullName: r.full_name,
    phone: r.phone,
    email: r.email,
    ageGroup: r.age_group,
    gender: r.gender,
    city: r.city,
    language: r.language,
  };
}

/** How many rows of each history a customer's page shows (newest first). */
export const PAGE_ROWS = 50;

type Raw = Record<string, unknown>;

/** Everything a customer's page shows besides the customer: each history newest first, `PAGE_ROWS` at most. */
export async function customerHistories(db: Queryable, customerId: number, brandId: number) {
  const id = sql`${customerId}::int`;
  const brand = sql`${brandId}::int`;
  // One after another: the page reads them in its transaction, whose one connection runs one query at a time.
  const queries = [
    sql`
      select o.id, o.number, o.order_type, o.status, o.total::float8 as total, o.created_at,
        b.id as branch_id, b.name_ar, b.name_en
      from orders o join branches b on b.id = o.branch_id
      where o.customer_id = ${id} and o.brand_id = ${brand}
      order by o.id desc limit ${PAGE_ROWS}`,
    sql`
      select l.id, l.kind, l.points, l.reason, l.order_id, l.created_at, s.name as staff_name
      from points_ledger l left join staff_users s on s.id = l.staff_user_id
      where l.customer_id = ${id} and l.brand_id = ${brand}
      order by l.id desc limit ${PAGE_ROWS}`,
    sql`
      select cr.id, cr.source, cr.valid_from, cr.expires_at, cr.claimed_at, r.name_ar, r.name_en, r.shop
      from customer_rewards cr join rewards r on r.id = cr.reward_id
      where cr.customer_id = ${id} and cr.brand_id = ${brand}
      order by cr.id desc limit ${PAGE_ROWS}`,
    sql`
      select u.id, c.code, c.name_ar, c.name_en, u.discount_halalas, u.order_id, u.used_at, u.released_at
      from coupon_uses u join coupons c on c.id = u.coupon_id
      where u.customer_id = ${id} and u.brand_id = ${brand}
      order by u.id desc limit ${PAGE_ROWS}`,
    sql`
      select pc.id, p.name_ar, p.name_en, pc.punches, pc.items_count, pc.started_at, pc.expires_at, pc.completed_at
      from punch_cards pc join punch_programmes p on p.id = pc.programme_id
      where pc.customer_id = ${id} and pc.brand_id = ${brand}
      order by pc.id desc limit ${PAGE_ROWS}`,
    sql`
      select e.id, f.name_ar, f.name_en, e.average_rating_hundredths, e.is_low, e.order_id, e.created_at,
        b.id as branch_id, b.name_ar as branch_name_ar, b.name_en as branch_name_en
      from evaluation_submissions e
        join evaluation_forms f on f.id = e.form_id
        join branches b on b.id = e.branch_id
      where e.customer_id = ${id} and e.brand_id = ${brand}
      order by e.id desc limit ${PAGE_ROWS}`,
    sql`select code from referral_codes where customer_id = ${id} and brand_id = ${brand} limit 1`,
    sql`
      select r.id, r.full_name from referral_leads l join customers r on r.id = l.referrer_id
      where l.friend_id = ${id} and l.brand_id = ${brand}
      order by l.id limit 1`,
    sql`
      select l.id, l.status, l.created_at, f.full_name as friend_name
      from referral_leads l left join customers f on f.id = l.friend_id
      where l.referrer_id = ${id} and l.brand_id = ${brand}
      order by l.id desc limit ${PAGE_ROWS}`,
  ];
  const results: unknown[] = [];
  for (const query of queries) results.push(await db.execute(query));
  const [orders, ledger, rewards, coupons, cards, evaluations, code, invitedBy, leads] = results;
  return {
    orders: rowsOf<Raw>(orders),
    ledger: rowsOf<Raw>(ledger),
    rewards: rowsOf<Raw>(rewards),
    coupons: rowsOf<Raw>(coupons),
    cards: rowsOf<Raw>(cards),
    evaluations: rowsOf<Raw>(evaluations),
    code: rowsOf<{ code: string }>(code)[0]?.code ?? null,
    invitedBy: rowsOf<{ id: number; full_name: string }>(invitedBy)[0] ?? null,
    leads: rowsOf<Raw>(leads),
  };
}

/** The brand's active rewards (both shops), for the grant dialog. */
export async function listGrantableRewards(db: Queryable, brandId: number) {
  const result = await db.execute(sql`
    select id, name_ar, name_en, shop from rewards
    where brand_id = ${brandId}::int and is_active
    order by shop, position, id`);
  return rowsOf<{ id: number; name_ar: string; name_en: string; shop: string }>(result);
}
