import { refundWindowStart } from '@sufra/shared/engagement/referral';
import type { OrderLifecycle, OrderMomentEvent } from '../../core/order-lifecycle.service.ts';
import type { Queryable } from '../../db/client.ts';
import { creditPoints, lockPointsOf } from '../loyalty/loyalty.service.ts';
import {
  declineConvertedBy,
  findConversionBonuses,
  findReferralRules,
  moveFriendLead,
  REFERRAL_BONUS_REASONS,
} from './referral.repo.ts';

const [REFERRER_REASON, FRIEND_REASON] = REFERRAL_BONUS_REASONS;

/** Staff moved the friend's order on (not to its end): their lead is active. */
async function underWay(tx: Queryable, { order, to, at }: OrderMomentEvent): Promise<void> {
  if (order.customerId === null || to === 'canceled' || to === 'delivered') return;
  await moveFriendLead(tx, order.customerId, 'order_under_way', at, order.id);
}

/**
 * The friend's first completed order that is paid (a card paid online, cash at the counter; not one refunded
 * already) converts their lead and rewards both, once: the lead's conditional update lets one completion through.
 * Locks: the friend's row is already held by loyalty's earn in this transaction; the referrer registered before the
 * friend, so every transaction locks a newer customer before an older one and two can never wait on each other.
 */
async function convert(tx: Queryable, { order, at }: OrderMomentEvent): Promise<void> {
  if (order.customerId === null || order.paymentStatus === 'refunded') return;
  const lead = await moveFriendLead(tx, order.customerId, 'order_completed', at, order.id);
  if (!lead) return;
  const rules = await findReferralRules(tx, order.brandId);
  if (!rules) return;
  const bonuses = [
    { customerId: order.customerId, points: rules.friendPoints, reason: FRIEND_REASON },
    { customerId: lead.referrerId, points: rules.referrerPoints, reason: REFERRER_REASON },
  ];
  for (const bonus of bonuses) {
    if (bonus.points <= 0) continue;
    await creditPoints(tx, { brandId: order.brandId, kind: 'bonus', orderId: order.id, at, ...bonus });
  }
}

/**
 * A refund of the order that converted a lead, within the brand's window, declines the lead and takes both
 * bonuses back (what is left of each in its wallet: points already spent cannot be taken twice). Later refunds
 * leave the conversion standing.
 */
async function decline(tx: Queryable, { order, at }: OrderMomentEvent): Promise<void> {
  const rules = await findReferralRules(tx, order.brandId);
  if (!rules) return;
  const lead = await declineConvertedBy(tx, order.id, refundWindowStart(at, rules), at);
  if (!lead) return;
  // The friend (the order's customer) first, then the referrer: the lock order of convert.
  const bonuses = (await findConversionBonuses(tx, order.id)).sort(
    (a, b) => Number(b.customerId === order.customerId) - Number(a.customerId === order.customerId),
  );
  for (const bonus of bonuses) {
    const held = await lockPointsOf(tx, bonus.customerId, order.brandId);
    const points = Math.min(bonus.points, held?.walletPoints ?? 0);
    if (points <= 0) continue;
    await creditPoints(tx, {
      brandId: order.brandId,
      customerId: bonus.customerId,
      kind: 'clawback',
      points: -points,
      reason: 'referral_refunded',
      // The order's own clawback row (of its earn) holds the (order, clawback) pair: this one names no order.
      orderId: null,
      at,
    });
  }
}

/** Referral's reactions to an order's life, all inside the moment's transaction. */
export function subscribeReferral(lifecycle: OrderLifecycle): void {
  lifecycle.on('status_changed', 'referral: the friend ordered', underWay);
  lifecycle.on('completed', 'referral: convert and reward both', convert);
  lifecycle.on('refunded', 'referral: decline and claw back', decline);
}
