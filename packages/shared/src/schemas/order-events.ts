import { z } from 'zod';
import { TABLE_STATUSES } from '../machines/table-status.ts';
import { orderSchema, staffOrderSchema } from './order.ts';

/**
 * Live order events and tables (issue 4), over server-sent events (`text/event-stream`).
 *
 *   GET   /api/orders/{uuid}/{id}/events/          the signed-in customer's order (another's → 404)
 *   GET   /api/staff/orders/events/?branchId=      the staff user's branches (a branch out of scope → 403)
 *   GET   /api/staff/tables/?branchId=             → 200 tableListResponse
 *   PATCH /api/staff/tables/{id}/status/           tableStatusBody → 200 tableSchema
 *
 * Every stream starts with a snapshot (the `order` event with the order as it is now; the staff stream with a
 * `ready` event once it is listening, so a client that loads the board after `ready` misses nothing) and then
 * sends one SSE message per change. `event:` is the name below; `data:` is one line of JSON; `id:` is
 * `<orderId>:<updatedAt ms>` for order events. A `: ping` comment every 15 s keeps proxies from closing the stream.
 * Events cross API instances through PostgreSQL LISTEN/NOTIFY (written in the same transaction as the change),
 * so a diner connected to one instance sees a status set on another.
 */

/** Customer stream: the whole order after every change (the first message is the order as it is now). */
export const ORDER_EVENT = 'order';
export const customerOrderEvent = orderSchema;
export type CustomerOrderEvent = z.infer<typeof customerOrderEvent>;

export const tableSchema = z.object({
  id: z.number().int(),
  branchId: z.number().int(),
  /** As printed on the table ("12", "T3"). */
  number: z.string(),
  status: z.enum(TABLE_STATUSES),
  updatedAt: z.iso.datetime(),
});
export type Table = z.infer<typeof tableSchema>;

export const tableListQuery = z.object({ branchId: z.coerce.number().int().positive().max(2_147_483_647) });
export const tableListResponse = z.object({ tables: z.array(tableSchema) });
export type TableListResponse = z.infer<typeof tableListResponse>;
export const tableStatusBody = z.object({ to: z.enum(TABLE_STATUSES) });

export const staffOrderEventsQuery = z.object({
  /** One branch of the staff user's; absent: every branch in scope. */
  branchId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

/**
 * Staff stream messages, by `event:` name:
 * - `ready`:         `{}`, sent once the stream listens; load the board list after it.
 * - `order_placed`:  staffOrderSchema, a new order handed to the kitchen (delivered by the outbox relay).
 * - `order_updated`: staffOrderSchema, a status change (or cancel with its reason).
 * - `table_updated`: tableSchema.
 */
export const STAFF_EVENTS = ['ready', 'order_placed', 'order_updated', 'table_updated'] as const;
export type StaffEventName = (typeof STAFF_EVENTS)[number];
export const staffEventPayloads = {
  ready: z.object({}),
  order_placed: staffOrderSchema,
  order_updated: staffOrderSchema,
  table_updated: tableSchema,
} as const satisfies Record<StaffEventName, z.ZodType>;
export type StaffEvent =
  | { event: 'ready'; data: Record<string, never> }
  | { event: 'order_placed' | 'order_updated'; data: z.infer<typeof staffOrderSchema> }
  | { event: 'table_updated'; data: Table };
