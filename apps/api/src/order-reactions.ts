import type { Config } from './config/env.ts';
import type { OrderLifecycle } from './core/order-lifecycle.service.ts';
import { subscribeCoupons } from './modules/coupons/coupon-uses.service.ts';
import { subscribeInbox } from './modules/inbox/inbox.reactions.ts';
import { subscribeKitchenHandOff } from './modules/kitchen/kitchen-hand-off.service.ts';
import { subscribeLoyalty, subscribeRewardGiveBack } from './modules/loyalty/loyalty.reactions.ts';
import { subscribeNotify } from './modules/notify/notify.reactions.ts';
import { subscribePunchCards } from './modules/punch-cards/punch-cards.reactions.ts';
import { subscribeReceiptEmail } from './modules/receipts/receipt-email.service.ts';
import { subscribeReferral } from './modules/referral/referral.reactions.ts';
import { subscribeTables } from './modules/tables/tables.reactions.ts';

/**
 * Who reacts to an order's moments (docs/adr/0010-order-lifecycle-seam.md), subscribed before any order
 * moves. Handlers run in this order inside the moment's transaction, so this is also the order a moment takes its
 * locks in, which must be placement's (customers → coupons → customers' coupon counters → customer_rewards) for
 * two transactions never to wait on each other in a cycle: on a cancel, the points spent go back (the customer's
 * row), then the coupon's use (the coupon's row, then the customer's counter), then the reward used (its row).
 */
/** `config`: the app's, to e-mail receipts (the seed's sample orders pass none and e-mail nothing). */
export function subscribeOrderReactions(lifecycle: OrderLifecycle, config?: Config): void {
  // First: a status move frees the table before any other reaction takes a lock (as orders did itself before).
  subscribeTables(lifecycle);
  subscribeKitchenHandOff(lifecycle);
  subscribeLoyalty(lifecycle);
  subscribePunchCards(lifecycle);
  subscribeCoupons(lifecycle);
  subscribeRewardGiveBack(lifecycle);
  subscribeReferral(lifecycle);
  // Last: the diner's inbox tells of the move and of what the reactions above wrote (the points earned).
  subscribeInbox(lifecycle);
  // Then the diner's texts (a pickup ready, a delivery on its way): the SMS outbox only, no lock on shared rows.
  subscribeNotify(lifecycle);
  // And the receipt e-mailed on completion: the mail outbox only (docs/adr/0620).
  if (config) subscribeReceiptEmail(lifecycle, config);
}
