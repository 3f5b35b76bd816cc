import { planPunches, qualifyingCount } from '@sufra/shared/loyalty/punch-cards';
import type { OrderLifecycle, OrderMomentEvent } from '../../core/order-lifecycle.service.ts';
import type { Queryable } from '../../db/client.ts';
import { issueOwnedReward } from '../loyalty/owned-rewards.service.ts';
import { findRewardOfBrand } from '../loyalty/rewards.service.ts';
import {
  addPunches,
  completeCard,
  findOpenCard,
  insertCard,
  listOrderPunches,
  listProgrammes,
  listPunchLines,
  lockCustomer,
  orderHasPunches,
  takeBackPunches,
  withdrawUnclaimedReward,
} from './punch-cards.repo.ts';

const DAY_MS = 86_400_000;

/**
 * A completed order punches the diner's card of every active programme once per qualifying item (quantity counts).
 * A card that fills issues the programme's reward into My Rewards and is completed; the punches beyond it start the
 * next card (shared planPunches). The diner's row is locked first, so orders of one diner completed at once punch
 * one after the other and each sees the card as the previous left it; an order that has punched already (completed
 * twice) punches nothing, and the (card, order) unique index backs that up.
 */
async function punch(tx: Queryable, { order, at }: OrderMomentEvent): Promise<void> {
  const { customerId } = order;
  if (customerId === null) return;
  const programmes = await listProgrammes(tx, order.brandId, { activeOnly: true });
  if (programmes.length === 0) return;
  const lines = await listPunchLines(tx, order.id);
  const earned = programmes
    .map(({ programme }) => ({ programme, count: qualifyingCount(lines, programme) }))
    .filter((p) => p.count > 0);
  if (earned.length === 0) return;
  if (!(await lockCustomer(tx, customerId, order.brandId))) return;
  if (await orderHasPunches(tx, order.id)) return;
  for (const { programme, count } of earned) {
    const open = await findOpenCard(tx, programme.id, customerId, at);
    for (const step of planPunches(open ? open.punches : null, open?.itemsCount ?? programme.itemsCount, count)) {
      const card =
        step.card === 'current' && open
          ? open
          : await insertCard(tx, {
              brandId: order.brandId,
              programmeId: programme.id,
              customerId,
              itemsCount: programme.itemsCount,
              startedAt: at,
              expiresAt: new Date(at.getTime() + programme.daysToComplete * DAY_MS),
            });
      if (!(await addPunches(tx, { cardId: card.id, orderId: order.id, count: step.punches, at }))) continue;
      if (!step.fills) continue;
      const reward = await findRewardOfBrand(tx, programme.rewardId, order.brandId);
      if (!reward) throw new Error(`punch programme ${programme.id} has no reward`);
      const owned = await issueOwnedReward(tx, {
        brandId: order.brandId,
        customerId,
        rewardId: reward.id,
        source: 'punch_card',
        pointsSpent: 0,
        validFrom: at,
        expiresAt: reward.validDays === null ? null : new Date(at.getTime() + reward.validDays * DAY_MS),
        createdAt: at,
      });
      await completeCard(tx, card.id, owned.id, at);
    }
  }
}

/**
 * A refunded order takes its punches back. A card it completed is reopened and its reward withdrawn from My Rewards,
 * unless the diner has already redeemed it: then the reward stays used, and so does the card with its punches (we
 * cannot take back a meal already given; docs/adr/0091-punch-cards.md). Twice is once: taken-back rows are not
 * taken again.
 */
async function takeBack(tx: Queryable, { order, at }: OrderMomentEvent): Promise<void> {
  const { customerId } = order;
  if (customerId === null) return;
  if (!(await lockCustomer(tx, customerId, order.brandId))) return;
  for (const { punch, card } of await listOrderPunches(tx, order.id)) {
    if (card.customerRewardId !== null && !(await withdrawUnclaimedReward(tx, card.customerRewardId))) continue;
    await takeBackPunches(tx, punch, at);
  }
}

/** Punch cards' reactions to an order's life, inside the moment's transaction. */
export function subscribePunchCards(lifecycle: OrderLifecycle): void {
  lifecycle.on('completed', 'punch cards: punch qualifying items', punch);
  lifecycle.on('refunded', 'punch cards: take the punches back', takeBack);
}
