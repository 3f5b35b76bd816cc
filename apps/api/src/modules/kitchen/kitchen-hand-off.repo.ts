import { type SQL, sql } from 'drizzle-orm';
import type { RowsScope, RowsSql } from '../../core/checkout-statement.repo.ts';
import { orderPlacedNoticeSql } from '../../core/live-notices.repo.ts';
import { OUTBOX_WAKE_CHANNEL } from '../../core/order-outbox.repo.ts';
import type { OrderRow } from '../../core/order-rows.repo.ts';
import type { Queryable } from '../../db/client.ts';
import { orderOutbox } from '../../db/schema/orders.ts';

/** The orders being handed over, as handOffSql reads them: a relation and its columns. */
interface HandedOrders {
  from: SQL;
  orderId: SQL;
  brandId: SQL;
  branchId: SQL;
  customerId: SQL;
  number: SQL;
  /** Which of its rows are handed over, and in what order their outbox rows are written. */
  when: SQL;
  orderBy: SQL;
}

/**
 * What handing orders to the kitchen writes, in SQL, for the placement statement and the payment's hand-off alike:
 * each order's `order_placed` outbox row (the POS, at least once, through the kitchen relay), and, as expressions
 * of the statement's select, the relays' wake-up and the board's live notice, both delivered at commit.
 */
function handOffSql(o: HandedOrders): { ctes: SQL; answer: SQL } {
  return {
    ctes: sql`outbox as (
      insert into ${orderOutbox} (order_id, event, payload)
      select ${o.orderId}, 'order_placed', jsonb_build_object('orderId', ${o.orderId}, 'brandId', ${o.brandId},
        'branchId', ${o.branchId}, 'number', ${o.number})
      from ${o.from}
      where ${o.when}
      order by ${o.orderBy}
    )`,
    // PostgreSQL sends one notification for a statement's identical wake-ups.
    answer: sql`case when ${o.when} then pg_notify(${OUTBOX_WAKE_CHANNEL}, '') end,
      case when ${o.when} then ${orderPlacedNoticeSql({ id: o.orderId, brandId: o.brandId, branchId: o.branchId, customerId: o.customerId })} end`,
  };
}

/** The hand-off's rows in the placement statement: the placed orders the lifecycle hands over now (`hand_to_kitchen`). */
export function handOffRows({ placed, branchId }: RowsScope<never>): RowsSql {
  return handOffSql({
    from: placed.from,
    orderId: placed.c.order_id,
    brandId: placed.c.brand_id,
    branchId,
    customerId: placed.c.customer_id,
    number: placed.c.number,
    when: placed.c.hand_to_kitchen,
    orderBy: placed.c.n,
  });
}

/** Hands one order to the kitchen in the caller's transaction (a verified payment): the same SQL as placement's. */
export async function handToKitchen(
  tx: Queryable,
  order: Pick<OrderRow, 'id' | 'brandId' | 'branchId' | 'customerId' | 'number'>,
): Promise<void> {
  const { ctes, answer } = handOffSql({
    from: sql`handed h`,
    orderId: sql`h.order_id`,
    brandId: sql`h.brand_id`,
    branchId: sql`h.branch_id`,
    customerId: sql`h.customer_id`,
    number: sql`h.number`,
    when: sql`true`,
    orderBy: sql`h.order_id`,
  });
  await tx.execute(sql`
    with handed as (
      select ${order.id}::int as order_id, ${order.brandId}::int as brand_id, ${order.branchId}::int as branch_id,
        ${order.customerId}::int as customer_id, ${order.number}::int as number
    ), ${ctes}
    select ${answer} from handed h`);
}
