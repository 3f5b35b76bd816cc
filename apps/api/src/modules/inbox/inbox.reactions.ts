import type { OrderLifecycle, OrderMomentEvent } from '../../core/order-lifecycle.service.ts';
import type { Queryable } from '../../db/client.ts';
import { findEarnedPoints, insertNotification, lockDiner } from './inbox.repo.ts';

/** Every status move of a diner's order, with its number (a cancel's reasons, an acceptance's delay), in the move's transaction. */
async function statusChanged(tx: Queryable, { order, to, at }: OrderMomentEvent): Promise<void> {
  if (order.customerId === null || to === undefined) return;
  await lockDiner(tx, order.customerId);
  await insertNotification(tx, {
    brandId: order.brandId,
    customerId: order.customerId,
    kind: 'order_status',
    orderId: order.id,
    params: {
      number: order.number,
      status: to,
      ...(to === 'canceled' && order.cancelReason ? { reason: order.cancelReason } : {}),
      // Issue 28 item 3: a decline's reason from the list (the diner reads it localized), an acceptance's "ready in".
      ...(to === 'canceled' && order.declineReason ? { declineReason: order.declineReason } : {}),
      ...(to === 'sent_to_kitchen' && order.acceptDelayMinutes ? { readyInMinutes: order.acceptDelayMinutes } : {}),
    },
    at,
  });
}

/** The points a completed order earned (loyalty's earn, written before this in the same transaction). */
async function pointsEarned(tx: Queryable, { order, at }: OrderMomentEvent): Promise<void> {
  if (order.customerId === null) return;
  const points = await findEarnedPoints(tx, order.id);
  if (points === null || points <= 0) return;
  await insertNotification(tx, {
    brandId: order.brandId,
    customerId: order.customerId,
    kind: 'points_earned',
    orderId: order.id,
    params: { number: order.number, points },
    at,
  });
}

/** The inbox's reactions: subscribed after loyalty's, so a completion's earn is there to read. */
export function subscribeInbox(lifecycle: OrderLifecycle): void {
  lifecycle.on('status_changed', 'inbox: tell the diner of the move', statusChanged);
  lifecycle.on('completed', 'inbox: tell the diner the points earned', pointsEarned);
}
