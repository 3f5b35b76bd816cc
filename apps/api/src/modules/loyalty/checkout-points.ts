import { checkRedemption, type PointsRules, pointsValue, type RedemptionRefusal } from '@sufra/shared/loyalty/points';
import type { ErrorCode } from '@sufra/shared/messages/errors';
import type { LoyaltyRulesLite } from '../../core/qr-context.repo.ts';
import { AppError } from '../../plugins/errors.ts';
import type { PlacementExtra } from '../orders/placement-extras.ts';
import { type CheckoutSpendWrite, lockCustomersInOrder, spendAtCheckoutBatch } from './loyalty.repo.ts';
import { startOfDay } from './loyalty.service.ts';

/** The error each refusal of the shared rule answers with. */
const REFUSAL_ERRORS: Record<RedemptionRefusal, ErrorCode> = {
  points_not_integer: 'validation_failed',
  points_below_minimum: 'points_below_minimum',
  points_above_transaction_max: 'points_above_transaction_max',
  points_above_daily_max: 'points_above_daily_max',
  redemptions_daily_max: 'redemptions_daily_max',
  points_above_wallet: 'points_insufficient',
  points_above_order: 'points_above_order',
};

export interface CheckoutPoints {
  points: number;
  /** What they take off the order, in halalas (the pricing function's `pointsHalalas`). */
  valueHalalas: number;
  rules: PointsRules & { timeZone: string };
}

/** What a placement write carries when it spends points (PlacedOrderWrite.points). */
export interface CheckoutPointsWrite {
  spend: CheckoutPoints;
  /** The order's worth the points may take off (the lines after other discounts), for the shared rule. */
  discountableHalalas: number;
}

/**
 * Before pricing: the brand's rule for points spent on this order (`rules`: the QR context's, kept with it), and
 * their value. Refuses at once what no wallet could make right (no programme, loyalty switched off, past the
 * per-order limits or the order's worth); the wallet and the day's limits are checked under the customer's lock, in
 * the placement's transaction (checkoutPointsExtra), which also checks these rules are still the brand's.
 */
export function prepareCheckoutPoints(input: {
  rules: LoyaltyRulesLite | null;
  points: number;
  loyaltyOn: boolean;
  discountableHalalas: number;
}): CheckoutPoints {
  const row = input.loyaltyOn ? input.rules : null;
  if (!row) throw new AppError('points_not_available');
  const rules = {
    earnPointsPerSar: row.earnPointsPerSar,
    pointValueHalalas: row.pointValueHalalas,
    minPointsPerRedemption: row.minPointsPerRedemption,
    maxPointsPerTransaction: row.maxPointsPerTransaction,
    maxPointsPerDay: row.maxPointsPerDay,
    maxRedemptionsPerDay: row.maxRedemptionsPerDay,
    expiryDays: row.expiryDays,
    timeZone: row.timeZone,
  };
  const refusal = checkRedemption(input.points, {
    wallet: Number.MAX_SAFE_INTEGER,
    today: { points: 0, count: 0 },
    discountableHalalas: input.discountableHalalas,
    rules,
  });
  if (refusal) throw new AppError(REFUSAL_ERRORS[refusal]);
  return { points: input.points, valueHalalas: pointsValue(input.points, rules), rules };
}

/**
 * Points spent at checkout as a placement extra (orders/placement-extras): in the batch's transaction, before its
 * orders are written (so not under the branch's counter lock), the spending customers' rows are locked in id order
 * (concurrent checkouts of one diner queue there, on every instance); once they are written, one statement checks
 * each wallet and the day's limits against the running sum of that diner's writes in the batch and, when all fit,
 * moves the wallets and writes each order's `redeem` row. When
 * any does not, the shared rule is run over what the customer held, write by write in batch order, to refuse
 * exactly those past a limit; the batch is then written again without them. Two round trips per batch that spends
 * points, none per order.
 */
export const checkoutPointsExtra: PlacementExtra = {
  name: 'points spent at checkout',
  appliesTo: (write) => write.points !== undefined,
  // Before the placement statement (placement-extras): the spend's statement then runs with these rows held.
  async lock(tx, writes) {
    await lockCustomersInOrder(
      tx,
      writes.map((w) => w.order.customerId).sort((a, b) => a - b),
    );
  },
  async write(tx, placed, now) {
    const writes: CheckoutSpendWrite[] = placed.flatMap(({ index, write, orderId }) => {
      if (!write.points) return [];
      const { spend } = write.points;
      return [
        {
          index,
          brandId: write.order.brandId,
          customerId: write.order.customerId,
          orderId,
          points: spend.points,
          since: startOfDay(now, spend.rules.timeZone),
          rules: spend.rules,
          at: now,
        },
      ];
    });
    const verdicts = await spendAtCheckoutBatch(tx, writes);
    const refusals = new Map<number, ErrorCode>();
    if (verdicts.every((v) => v.ok)) return refusals;
    // Rare (the limits were checked before, only a race with another spend gets here): which writes to refuse.
    const byIndex = new Map(placed.map((p) => [p.index, p.write]));
    const running = new Map<number, { wallet: number; today: { points: number; count: number } }>();
    for (const verdict of verdicts) {
      const write = byIndex.get(verdict.index);
      if (!write?.points) continue;
      if (!verdict.held) {
        refusals.set(verdict.index, 'points_not_available');
        continue;
      }
      // Priced on rules the brand has changed since (kept with the QR context): placed again on a fresh read when the
      // context was kept (orders.service), else a change in the last milliseconds: try again.
      if (!verdict.rulesCurrent) {
        refusals.set(verdict.index, 'settings_changing');
        continue;
      }
      const customerId = write.order.customerId;
      const state = running.get(customerId) ?? { wallet: verdict.held.wallet, today: { ...verdict.held.today } };
      running.set(customerId, state);
      const { spend, discountableHalalas } = write.points;
      const refusal = checkRedemption(spend.points, {
        wallet: state.wallet,
        today: state.today,
        discountableHalalas,
        rules: spend.rules,
      });
      if (refusal) {
        refusals.set(verdict.index, REFUSAL_ERRORS[refusal]);
        continue;
      }
      state.wallet -= spend.points;
      state.today = { points: state.today.points + spend.points, count: state.today.count + 1 };
    }
    // The statement refused and the rule found nothing to refuse: never expected; refuse them all rather than loop.
    if (refusals.size === 0) for (const v of verdicts) if (!v.ok) refusals.set(v.index, 'points_insufficient');
    return refusals;
  },
};
