import { checkRedemption, type PointsRules, pointsValue, type RedemptionRefusal } from '@sufra/shared/loyalty/points';
import type { ErrorCode } from '@sufra/shared/messages/errors';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { appendPoints, findRules, lockCustomerPoints, redeemedSince } from './loyalty.repo.ts';
import { startOfDay, toRules } from './loyalty.service.ts';

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

/**
 * Before pricing: the brand's rule for points spent on this order, and their value. Refuses at once what no wallet
 * could make right (no programme, loyalty switched off, past the per-order limits or the order's worth); the wallet
 * and the day's limits are checked under the customer's lock, in the placement's transaction (spendAtCheckout).
 */
export async function prepareCheckoutPoints(
  db: Queryable,
  input: { brandId: number; points: number; loyaltyOn: boolean; discountableHalalas: number },
): Promise<CheckoutPoints> {
  const row = input.loyaltyOn ? await findRules(db, input.brandId) : undefined;
  if (!row) throw new AppError('points_not_available');
  const rules = { ...toRules(row), timeZone: row.timeZone };
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
 * In the placement's transaction, once the order is written: under the customer's row lock (concurrent checkouts of
 * one diner queue here, on every instance), the wallet and the day's limits are checked again and the points taken
 * as the order's `redeem` row. A refusal throws, so the order is not written either.
 */
export async function spendAtCheckout(
  tx: Queryable,
  input: {
    brandId: number;
    customerId: number;
    orderId: number;
    spend: CheckoutPoints;
    discountableHalalas: number;
    now: Date;
  },
): Promise<void> {
  const { spend, now } = input;
  const held = await lockCustomerPoints(tx, input.customerId, input.brandId);
  if (!held) throw new AppError('points_not_available');
  const today = await redeemedSince(tx, input.customerId, startOfDay(now, spend.rules.timeZone));
  const refusal = checkRedemption(spend.points, {
    wallet: held.walletPoints,
    today,
    discountableHalalas: input.discountableHalalas,
    rules: spend.rules,
  });
  if (refusal) throw new AppError(REFUSAL_ERRORS[refusal]);
  const written = await appendPoints(tx, {
    brandId: input.brandId,
    customerId: input.customerId,
    kind: 'redeem',
    points: -spend.points,
    reason: 'order_checkout',
    orderId: input.orderId,
    at: now,
  });
  if (!written) throw new AppError('points_insufficient');
}
