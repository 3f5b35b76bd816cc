import { startOfLocalDay } from '@sufra/shared/branch-hours';
import { checkRedemption, type PointsRules, pointsValue, type RedemptionRefusal } from '@sufra/shared/loyalty/points';
import type { ErrorCode } from '@sufra/shared/messages/errors';
import { type Carried, type CheckoutExtra, carry } from '../../core/checkout-extras.rules.ts';
import type { LoyaltyRulesLite } from '../../core/qr-context.repo.ts';
import { AppError } from '../../plugins/errors.ts';
import {
  lockCustomersInOrder,
  redeemRows,
  SPEND_COLUMNS,
  type SpendColumn,
  spendGuard,
  spendHeld,
} from './loyalty.repo.ts';

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
 * the placement's statement (checkoutPointsExtra), which also checks these rules are still the brand's.
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
 * Points spent at checkout as a checkout extra (core/checkout-extras.rules), folded into the placement statement: its
 * guard moves each spending customer's wallet and day's counters (loyalty.repo spendGuard, before the branch's
 * counter: customers come first in the lock order), its rows are the orders' `redeem` ledger rows. When the guard did
 * not hold, the shared rule is run over what each customer holds now, write by write in batch order, to refuse
 * exactly those past a limit; the batch is then written again without them.
 */
export const checkoutPointsExtra: CheckoutExtra<CheckoutPointsWrite, SpendColumn> = {
  name: 'points spent at checkout',
  rank: 'customers',
  columns: SPEND_COLUMNS,
  input: ({ spend }, at) => ({
    points: spend.points,
    since: startOfLocalDay(at, spend.rules.timeZone).toISOString(),
    point_value: spend.rules.pointValueHalalas,
    min_points: spend.rules.minPointsPerRedemption,
    max_tx: spend.rules.maxPointsPerTransaction,
    max_day: spend.rules.maxPointsPerDay,
    max_count: spend.rules.maxRedemptionsPerDay,
    time_zone: spend.rules.timeZone,
  }),
  guard: spendGuard,
  rows: (scope) => ({ ctes: redeemRows(scope) }),
  // A batch that locks first (placement-write): the spending customers' rows in id order, before the counter.
  async lock(tx, writes) {
    await lockCustomersInOrder(
      tx,
      writes.map((w) => w.customerId).sort((a, b) => a - b),
    );
  },
  async refusals(db, writes, { at }) {
    const held = await spendHeld(
      db,
      writes.map((w) => ({
        index: w.index,
        brandId: w.brandId,
        customerId: w.customerId,
        since: startOfLocalDay(at, w.value.spend.rules.timeZone),
        rules: w.value.spend.rules,
      })),
    );
    const heldOf = new Map(held.map((h) => [h.index, h]));
    const refusals = new Map<number, ErrorCode>();
    const running = new Map<number, { wallet: number; today: { points: number; count: number } }>();
    for (const write of [...writes].sort((a, b) => a.index - b.index)) {
      const verdict = heldOf.get(write.index);
      if (!verdict?.held) {
        refusals.set(write.index, 'points_not_available');
        continue;
      }
      // Priced on rules the brand has changed since (kept with the QR context): placed again on a fresh read when the
      // context was kept (orders.service), else a change in the last milliseconds: try again.
      if (!verdict.rulesCurrent) {
        refusals.set(write.index, 'settings_changing');
        continue;
      }
      const state = running.get(write.customerId) ?? { wallet: verdict.held.wallet, today: { ...verdict.held.today } };
      running.set(write.customerId, state);
      const { spend, discountableHalalas } = write.value;
      const refusal = checkRedemption(spend.points, {
        wallet: state.wallet,
        today: state.today,
        discountableHalalas,
        rules: spend.rules,
      });
      if (refusal) {
        refusals.set(write.index, REFUSAL_ERRORS[refusal]);
        continue;
      }
      state.wallet -= spend.points;
      state.today = { points: state.today.points + spend.points, count: state.today.count + 1 };
    }
    return refusals;
  },
};

/** Points spent on an order as placement's port asks for them (core/checkout-extras.rules CheckoutOffers.points). */
export function pointsAtCheckout(input: Parameters<typeof prepareCheckoutPoints>[0]): {
  valueHalalas: number;
  carried(discountableHalalas: number): Carried;
} {
  const spend = prepareCheckoutPoints(input);
  return {
    valueHalalas: spend.valueHalalas,
    carried: (discountableHalalas) => carry(checkoutPointsExtra, { spend, discountableHalalas }),
  };
}
