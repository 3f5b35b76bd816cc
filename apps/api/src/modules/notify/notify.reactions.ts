import { ORDER_TYPES } from '@sufra/shared/order-types';
import type { OrderLifecycle, OrderMomentEvent } from '../../core/order-lifecycle.service.ts';
import type { Queryable } from '../../db/client.ts';
import { findBrandAndBranchNames } from './notify.repo.ts';
import { queueDinerSms } from './notify.service.ts';

/**
 * A diner text for the moves a diner waits on away from the page (issue 28 item 4): a pickup order ready, a
 * delivery on its way. Written in the move's transaction (a move undone sends nothing), once per order and kind.
 */
async function statusChanged(tx: Queryable, { order, to, at }: OrderMomentEvent): Promise<void> {
  if (order.customerId === null) return;
  const kind =
    to === 'ready' && order.orderType === ORDER_TYPES.pickup
      ? 'order_ready'
      : to === 'en_route' && order.orderType === ORDER_TYPES.delivery
        ? 'order_en_route'
        : null;
  if (kind === null) return;
  const names = await findBrandAndBranchNames(tx, order.brandId, order.branchId);
  if (!names) return;
  await queueDinerSms(tx, {
    brandId: order.brandId,
    customerId: order.customerId,
    kind,
    dedupeKey: `order:${order.id}:${kind}`,
    values: (language) => ({
      brand: language === 'ar' ? names.brandAr : names.brandEn,
      branch: (language === 'ar' ? names.branchAr : names.branchEn) ?? '',
      number: String(order.number),
    }),
    now: at,
  });
}

export function subscribeNotify(lifecycle: OrderLifecycle): void {
  lifecycle.on('status_changed', 'notify: text the diner a pickup ready or a delivery on its way', statusChanged);
}
