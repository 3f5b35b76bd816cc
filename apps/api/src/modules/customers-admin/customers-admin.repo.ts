import type { CustomerSort } from '@sufra/shared/schemas/customers-admin';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';

/**
 * The console's customer queries (issue 27 item 8). Orders count, spend and last order (canceled orders left out)
 * are read from `customer_order_stats`, one row per diner kept by triggers on `orders` (docs/adr/0700, which
 * replaced summing the brand's orders per request, docs/adr/0490): a sort by a figure walks that table's index for
 * the brand; a sort by the customer's own columns walks the customers' index, each row's figures looked up by key.
 * Keyset paging on (sort value, id).
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

/**
 * The sort's SQL over `c` (customers) and `s` (customer_order_stats), the type its cursor value is read back as,
 * and the id it breaks ties on (the stats' own column for a figure, so the keyset is that index's order).
 */
function sortColumn(sort: CustomerSort): { expr: SQL; cast: SQL; id: SQL } {
  switch (sort) {
    case 'name':
      return { expr: sql`c.full_name`, cast: sql`text`, id: sql`c.id` };
    case 'level':
      return { expr: sql`c.lifetime_points`, cast: sql`int`, id: sql`c.id` };
    case 'wallet':
      return { expr: sql`c.wallet_points`, cast: sql`int`, id: sql`c.id` };
    case 'memberSince':
      return { expr: sql`c.id`, cast: sql`int`, id: sql`c.id` };
    case 'orders':
      return { expr: sql`s.orders_count`, cast: sql`int`, id: sql`s.customer_id` };
    case 'spend':
      return { expr: sql`s.spend`, cast: sql`bigint`, id: sql`s.customer_id` };
    case 'lastOrder':
      // The expression of customer_order_stats_last_idx, word for word.
      return {
        expr: sql`(coalesce(s.last_order_at, 'epoch'::timestamptz))`,
        cast: sql`timestamptz`,
        id: sql`s.customer_id`,
      };
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
  const bySums = STATS_SORTS.includes(order.sort);
  // The figures' row joined only when the sort or a filter reads it (else a sort by wallet joins every diner).
  const needsStats = bySums || filter.lapsedBefore !== undefined || filter.spendAbove !== undefined;
  const { expr, cast, id } = sortColumn(order.sort);
  const dir = order.direction === 'asc' ? sql`asc` : sql`desc`;
  const where: SQL[] = [sql`c.brand_id = ${brandId}::int`];
  if (needsStats) where.push(sql`s.brand_id = ${brandId}::int`);
  if (filter.customerId !== undefined) where.push(sql`c.id = ${filter.customerId}::int`);
  if (filter.phonePrefix !== undefined) where.push(sql`c.phone like ${`${filter.phonePrefix}%`}`);
  if (filter.nameText !== undefined) where.push(sql`c.full_name ilike ${`%${escapeLike(filter.nameText)}%`}`);
  if (filter.lifetimeFrom !== undefined) where.push(sql`c.lifetime_points >= ${filter.lifetimeFrom}::int`);
  if (filter.lifetimeBelow !== undefined && filter.lifetimeBelow !== null)
    where.push(sql`c.lifetime_points < ${filter.lifetimeBelow}::int`);
  if (filter.lapsedBefore !== undefined)
    where.push(sql`s.last_order_at < ${filter.lapsedBefore.toISOString()}::timestamptz`);
  if (filter.spendAbove !== undefined) where.push(sql`s.spend > ${filter.spendAbove}::bigint`);
  if (order.after) {
    const cmp = order.direction === 'asc' ? sql`>` : sql`<`;
    where.push(sql`(${expr}, ${id}) ${cmp} (${order.after.value}::${cast}, ${order.after.id}::int)`);
  }
  const whereSql = sql.join(where, sql` and `);
  const limit = order.limit + 1;

  // Page rows first, from the figures' index when sorted by a figure, else from the customers' (each row's figures
  // by key); then the page rows' details and the branch of each one's last order.
  const page = bySums
    ? sql`
      select s.customer_id as id, ${expr}::text as sort_key
      from customer_order_stats s join customers c on c.id = s.customer_id
      where ${whereSql}
      order by ${expr} ${dir}, ${id} ${dir}
      limit ${limit}`
    : sql`
      select c.id, ${expr}::text as sort_key
      from customers c ${needsStats ? sql`join customer_order_stats s on s.customer_id = c.id` : sql``}
      where ${whereSql}
      order by ${expr} ${dir}, ${id} ${dir}
      limit ${limit}`;

  const result = await db.execute(sql`
    with page as materialized (${page})
    select c.id, c.full_name, c.phone, c.wallet_points, c.lifetime_points, c.created_at, page.sort_key,
      st.orders_count, st.spend::float8 as spend, st.last_order_at,
      lb.branch_id, b.name_ar as branch_name_ar, b.name_en as branch_name_en
    from page
    join customers c on c.id = page.id
    join customer_order_stats st on st.customer_id = c.id
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
