import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { brands } from './brands.ts';
import { customers } from './customers.ts';

/**
 * Each diner's live orders summed (issue 27 item 8, docs/adr/0700): how many, their total and the newest, for the
 * console's customer list to sort and filter by an index instead of summing the brand's orders per request. One row
 * per customer (made with the customer), kept by statement-level triggers on `orders` in the same transaction as the
 * order's write, never by application code, so every path that writes orders (placement, board, Foodics, refunds)
 * keeps it. Canceled orders do not count, as before (docs/adr/0490).
 *
 * Custom migration 0054_customer_order_stats_triggers (regenerate with `drizzle-kit generate --custom` if migrations
 * are regenerated); its SQL:
 *
 *   create or replace function customer_order_stats_new_customers() returns trigger language plpgsql as $$
 *   begin
 *     insert into customer_order_stats (customer_id, brand_id)
 *     select id, brand_id from added order by id on conflict (customer_id) do nothing;
 *     return null;
 *   end $$;
 *   create trigger customers_order_stats_insert after insert on customers
 *     referencing new table as added for each statement execute function customer_order_stats_new_customers();
 *
 *   create or replace function customer_order_stats_orders() returns trigger language plpgsql as $$
 *   begin
 *     if tg_op = 'INSERT' then
 *       -- Each live order adds to its diner: one upsert in diner order (the same lock order in every batch).
 *       insert into customer_order_stats as s (customer_id, brand_id, orders_count, spend, last_order_at)
 *       select customer_id, min(brand_id), count(*), sum(total), max(created_at)
 *       from added where customer_id is not null and status <> 'canceled'
 *       group by customer_id order by customer_id
 *       on conflict (customer_id) do update set
 *         orders_count = s.orders_count + excluded.orders_count,
 *         spend = s.spend + excluded.spend,
 *         last_order_at = greatest(s.last_order_at, excluded.last_order_at);
 *     elsif tg_op = 'DELETE' then
 *       -- A live order deleted takes away; the newest read again when it was the newest.
 *       update customer_order_stats s set
 *         orders_count = s.orders_count - p.n,
 *         spend = s.spend - p.spend,
 *         last_order_at = case
 *           when p.removed_at >= s.last_order_at then (
 *             select max(o.created_at) from orders o
 *             where o.brand_id = s.brand_id and o.customer_id = s.customer_id and o.status <> 'canceled')
 *           else s.last_order_at end
 *       from (
 *         select customer_id, count(*)::int as n, sum(total)::bigint as spend, max(created_at) as removed_at
 *         from removed where customer_id is not null and status <> 'canceled'
 *         group by customer_id
 *       ) p
 *       where s.customer_id = p.customer_id;
 *     else
 *       -- An order no longer live (canceled, deleted, moved to another diner) takes away, one made live adds; an
 *       -- update that leaves its diner, total, date and liveness alone changes nothing. The newest order is read
 *       -- again only when the one taken away was it (after the row's lock: a concurrent newer order is kept).
 *       update customer_order_stats s set
 *         orders_count = s.orders_count + p.n,
 *         spend = s.spend + p.spend,
 *         last_order_at = case
 *           when p.removed_at >= s.last_order_at then (
 *             select max(o.created_at) from orders o
 *             where o.brand_id = s.brand_id and o.customer_id = s.customer_id and o.status <> 'canceled')
 *           else greatest(s.last_order_at, p.added_at) end
 *       from (
 *         select m.customer_id, sum(m.n)::int as n, sum(m.spend)::bigint as spend,
 *           max(m.added_at) as added_at, max(m.removed_at) as removed_at
 *         from (
 *           select r.customer_id, -1 as n, -r.total::bigint as spend, null::timestamptz as added_at,
 *             r.created_at as removed_at
 *           from removed r
 *           where r.customer_id is not null and r.status <> 'canceled'
 *             and not exists (select 1 from added a where a.id = r.id
 *               and a.customer_id is not distinct from r.customer_id and a.total = r.total
 *               and a.created_at = r.created_at and a.status <> 'canceled')
 *           union all
 *           select a.customer_id, 1, a.total::bigint, a.created_at, null::timestamptz
 *           from added a
 *           where a.customer_id is not null and a.status <> 'canceled'
 *             and not exists (select 1 from removed r where r.id = a.id
 *               and r.customer_id is not distinct from a.customer_id and r.total = a.total
 *               and r.created_at = a.created_at and r.status <> 'canceled')
 *         ) m
 *         group by m.customer_id
 *       ) p
 *       where s.customer_id = p.customer_id;
 *     end if;
 *     return null;
 *   end $$;
 *   create trigger orders_stats_insert after insert on orders
 *     referencing new table as added for each statement execute function customer_order_stats_orders();
 *   create trigger orders_stats_update after update on orders
 *     referencing old table as removed new table as added for each statement
 *     execute function customer_order_stats_orders();
 *   create trigger orders_stats_delete after delete on orders
 *     referencing old table as removed for each statement execute function customer_order_stats_orders();
 *
 *   -- Every existing diner, summed once.
 *   insert into customer_order_stats (customer_id, brand_id, orders_count, spend, last_order_at)
 *   select c.id, c.brand_id, count(o.id), coalesce(sum(o.total), 0), max(o.created_at)
 *   from customers c left join orders o
 *     on o.customer_id = c.id and o.brand_id = c.brand_id and o.status <> 'canceled'
 *   group by c.id, c.brand_id
 *   on conflict (customer_id) do nothing;
 *
 * Custom migration 0055_customers_name_trigram (the list's name search, same ADR):
 *
 *   create extension if not exists pg_trgm;
 *   create index if not exists customers_name_trgm_idx on customers using gin (full_name gin_trgm_ops);
 */
export const customerOrderStats = pgTable(
  'customer_order_stats',
  {
    customerId: integer()
      .primaryKey()
      .references(() => customers.id, { onDelete: 'cascade' }),
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    ordersCount: integer().notNull().default(0),
    /** Halalas. */
    spend: bigint({ mode: 'number' }).notNull().default(0),
    /** null: no live order yet. */
    lastOrderAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // The list's keysets: (brand, sort value, customer) for each figure; the last order as the list sorts it
    // (never-ordered diners at the epoch, docs/adr/0490's cursor values).
    index('customer_order_stats_spend_idx').on(t.brandId, t.spend, t.customerId),
    index('customer_order_stats_orders_idx').on(t.brandId, t.ordersCount, t.customerId),
    index('customer_order_stats_last_idx').on(
      t.brandId,
      sql`(coalesce(${t.lastOrderAt}, 'epoch'::timestamptz))`,
      t.customerId,
    ),
    check('customer_order_stats_figures_check', sql`${t.ordersCount} >= 0`),
  ],
);
