/**
 * The coupon's part of the placement statement (issue 19's one statement per batch): the columns a write with a coupon
 * carries, the guard that claims its uses, and the use rows it writes. Moved out of coupons.repo.ts (by job, no
 * behaviour change); coupon-uses.service.ts's couponExtra plugs them into the statement.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { GuardScope, GuardSql, RowsScope } from '../../core/checkout-statement.repo.ts';
import { couponCustomerUses, coupons, couponUses } from '../../db/schema/coupons.ts';
import { orders } from '../../db/schema/orders.ts';

/** The columns a write with a coupon carries into the placement statement (coupon-uses couponExtra fills them). */
export const COUPON_COLUMNS = {
  coupon_id: 'int',
  coupon_limit: 'int',
  coupon_discount: 'int8',
  coupon_version: 'int',
  coupon_new: 'boolean',
} as const;
export type CouponColumn = keyof typeof COUPON_COLUMNS;

/**
 * A coupon's use, the guard of its checkout extra (coupon-uses couponExtra), reading `go` (the writes going ahead,
 * with their `coupon_id`, the `coupon_limit` per customer and the `coupon_version` they were priced with). First the
 * new-customers-only coupons: on the diner's first order at the branch (none there not canceled, no counter use
 * there, and no earlier write of theirs in the batch), read in a statement that runs with the branch's counter held
 * (their batch locks first). Then per coupon one conditional update of its row (at the version every write was
 * priced on, active, inside its window at `at`, `used + k <= global_limit`), then per customer of a limited coupon one
 * conditional upsert of their counter (`used + k <= per_customer_limit`), taken only once the coupon's row is held:
 * every transaction that takes both takes the coupon's first. PostgreSQL checks both conditions again on the rows'
 * newest versions when it had to wait for their locks. Held when no newcomer was refused and every counter moved.
 */
export function couponGuard({ go, at, branchId }: GuardScope<CouponColumn>): GuardSql {
  const g = go.c;
  const ctes = sql`
    coupon_newcomers_refused as (
      select x.ord from (
        select ${g.ord} as ord, ${g.customer_id} as customer_id, ${g.coupon_new} as coupon_new,
          row_number() over (partition by ${g.customer_id} order by ${g.ord}) as nth
        from ${go.from}
      ) x
      where x.coupon_new and (x.nth > 1
        or exists (select 1 from ${orders} o where o.customer_id = x.customer_id and o.branch_id = ${branchId}
          and o.status <> 'canceled')
        or exists (select 1 from ${couponUses} u where u.customer_id = x.customer_id and u.branch_id = ${branchId}
          and u.order_id is null and u.released_at is null))
    ), coupon_sums as (
      select ${g.coupon_id} as coupon_id, count(*)::int as k, min(${g.coupon_version}) as version,
        min(${g.coupon_version}) = max(${g.coupon_version}) as one_version
      from ${go.from} where ${g.coupon_id} is not null group by ${g.coupon_id}
    ), coupon_taken as (
      -- Only at the version every write was priced on (a manager's edit since moves it).
      update ${coupons} c set used_count = c.used_count + s.k
      from coupon_sums s
      where c.id = s.coupon_id and s.one_version and c.version = s.version and c.is_active
        and (c.starts_at is null or c.starts_at <= ${at}) and (c.ends_at is null or c.ends_at > ${at})
        and (c.global_limit is null or c.used_count + s.k <= c.global_limit)
      returning c.id
    ), customer_coupon_sums as (
      select ${g.coupon_id} as coupon_id, ${g.customer_id} as customer_id, min(${g.coupon_limit}) as lim,
        count(*)::int as k
      from ${go.from} where ${g.coupon_id} is not null and ${g.coupon_limit} is not null
      group by ${g.coupon_id}, ${g.customer_id}
    ), customer_coupon_taken as (
      insert into ${couponCustomerUses} as u (coupon_id, customer_id, used)
      select s.coupon_id, s.customer_id, s.k
      from customer_coupon_sums s join coupon_taken t on t.id = s.coupon_id
      where s.k <= s.lim
      on conflict (coupon_id, customer_id) do update set used = u.used + excluded.used
        where u.used + excluded.used <= (select c.per_customer_limit from ${coupons} c where c.id = excluded.coupon_id)
      returning u.coupon_id
    )`;
  const held = sql`not exists (select 1 from coupon_newcomers_refused)
    and (select count(*) from coupon_taken) = (select count(*) from coupon_sums)
    and (select count(*) from customer_coupon_taken) = (select count(*) from customer_coupon_sums)`;
  return { ctes, held };
}

/** The uses' rows, one per placed order with a coupon. */
export function couponUseRows({ placed, at, branchId }: RowsScope<CouponColumn>): SQL {
  const p = placed.c;
  return sql`
    coupon_use_rows as (
      insert into ${couponUses} (coupon_id, brand_id, customer_id, order_id, branch_id, discount_halalas, used_at)
      select ${p.coupon_id}, ${p.brand_id}, ${p.customer_id}, ${p.order_id}, ${branchId}, ${p.coupon_discount}, ${at}
      from ${placed.from}
      where ${p.coupon_id} is not null
    )`;
}
