import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { brands } from './brands.ts';
import { customers } from './customers.ts';
import { orders } from './orders.ts';

/**
 * The diner's in-app inbox (the spec's `notifications` state; issue 28 item 4): one row per thing a diner is told,
 * written by the order lifecycle's reactions in the transaction of the change. Per brand and diner (a customer is
 * already one brand's). `params` holds what the text needs (order number, status, points, reward names in both
 * languages); the text itself comes from the web's locale files, so a diner switching language reads it in hers.
 */
export const dinerNotifications = pgTable(
  'diner_notifications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    orderId: integer().references(() => orders.id, { onDelete: 'set null' }),
    params: jsonb().$type<Record<string, string | number>>().notNull(),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('diner_notifications_customer_idx').on(t.customerId, t.id),
    // The bell's unread count reads only unread rows.
    index('diner_notifications_unread_idx').on(t.customerId).where(sql`${t.readAt} is null`),
    check(
      'diner_notifications_kind_check',
      sql`${t.kind} in ('order_status', 'points_earned', 'reward_unlocked', 'prize_won')`,
    ),
  ],
);
