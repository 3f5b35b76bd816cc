import { levelFor, pointsEarned } from '@sufra/shared/loyalty/points';
import type { OrderLifecycle, OrderMomentEvent } from '../../core/order-lifecycle.service.ts';
import type { Queryable } from '../../db/client.ts';
import {
  appendPoints,
  findEarnRuleAt,
  findOrderEntry,
  findRules,
  listLevels,
  lockCustomerPoints,
} from './loyalty.repo.ts';
import { releaseOrderRewards } from './rewards.repo.ts';

/**
 * What an order earns: whole SAR of what the diner paid for the food after discounts (the total without the
 * delivery fee) × the rule × their level's multiplier, the level read under the customer's row lock. The rule is
 * the one in force when the order was placed (issue 27), and only its order types and branches earn.
 */
async function earn(tx: Queryable, { order, at }: OrderMomentEvent): Promise<void> {
  const { customerId } = order;
  if (customerId === null) return;
  const current = await findRules(tx, order.brandId);
  if (!current) return;
  const rules = await findEarnRuleAt(tx, current, order.createdAt);
  if (!rules.earnOrderTypes.includes(order.orderType)) return;
  if (rules.earnBranchIds !== null && !rules.earnBranchIds.includes(order.branchId)) return;
  const held = await lockCustomerPoints(tx, customerId, order.brandId);
  if (!held) return;
  const level = levelFor(
    held.lifetimePoints,
    (await listLevels(tx, order.brandId)).map((l) => ({
      id: l.id,
      minLifetimePoints: l.minLifetimePoints,
      multiplierBasisPoints: l.multiplierBp,
    })),
  );
  const points = pointsEarned(Math.max(0, Number(order.total) - Number(order.deliveryFee)), rules, level);
  if (points <= 0) return;
  await appendPoints(tx, {
    brandId: order.brandId,
    customerId,
    kind: 'earn',
    points,
    reason: 'order_completed',
    orderId: order.id,
    at,
  });
}

/**
 * A refunded order gives back what it earned. Points already spent cannot be taken twice: the clawback is what is
 * left in the wallet up to the earn (never below zero: the row shows what could be taken back).
 */
async function clawBack(tx: Queryable, { order, at }: OrderMomentEvent): Promise<void> {
  const { customerId } = order;
  if (customerId === null) return;
  const earned = await findOrderEntry(tx, order.id, 'earn');
  if (!earned || (await findOrderEntry(tx, order.id, 'clawback'))) return;
  const held = await lockCustomerPoints(tx, customerId, order.brandId);
  if (!held) return;
  const points = Math.min(earned.points, held.walletPoints);
  if (points <= 0) return;
  await appendPoints(tx, {
    brandId: order.brandId,
    customerId,
    kind: 'clawback',
    points: -points,
    reason: 'order_refunded',
    orderId: order.id,
    at,
  });
}

/** A canceled order gives back the points it spent at checkout. */
async function giveBackSpent(tx: Queryable, { order, at }: OrderMomentEvent): Promise<void> {
  const { customerId } = order;
  if (customerId === null) return;
  const spent = await findOrderEntry(tx, order.id, 'redeem');
  if (!spent || (await findOrderEntry(tx, order.id, 'refund_redeem'))) return;
  await appendPoints(tx, {
    brandId: order.brandId,
    customerId,
    kind: 'refund_redeem',
    points: -spent.points,
    reason: 'order_canceled',
    orderId: order.id,
    at,
  });
}

/** A canceled order gives back the free-item reward it used (unclaimed again, usable in another order). */
async function giveBackReward(tx: Queryable, { order }: OrderMomentEvent): Promise<void> {
  await releaseOrderRewards(tx, order.id);
}

/** Loyalty's reactions to an order's points, all inside the moment's transaction (the customer's row). */
export function subscribeLoyalty(lifecycle: OrderLifecycle): void {
  lifecycle.on('completed', 'loyalty: earn points', earn);
  lifecycle.on('refunded', 'loyalty: claw back the earn', clawBack);
  lifecycle.on('canceled', 'loyalty: give back points spent', giveBackSpent);
}

/**
 * Loyalty's reaction to a canceled order's free-item reward (the owned reward's row). Subscribed on its own, after
 * coupons', so a cancel takes its locks in the order placement does (apps/api/src/order-reactions.ts).
 */
export function subscribeRewardGiveBack(lifecycle: OrderLifecycle): void {
  lifecycle.on('canceled', 'loyalty: give back a reward used', giveBackReward);
}
