import {
  type CouponRefusal,
  type CouponRule,
  checkCoupon,
  couponPricing,
  normalizeCouponCode,
} from '@sufra/shared/loyalty/coupons';
import { normalizeRewardCode } from '@sufra/shared/loyalty/rewards';
import type { ErrorCode } from '@sufra/shared/messages/errors';
import type { CouponInput } from '@sufra/shared/pricing/price-cart';
import { type Carried, type CheckoutExtra, carry, type OrderCouponAsk } from '../../core/checkout-extras.rules.ts';
import type { OrderLifecycle, OrderMomentEvent } from '../../core/order-lifecycle.service.ts';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { findOwnedRewardsByCode as findOwnedByCode } from '../loyalty/rewards.service.ts';
import { COUPON_COLUMNS, type CouponColumn, couponGuard, couponUseRows } from './coupon-placement.repo.ts';
import {
  type CouponRow,
  couponCounters,
  findCouponByCode,
  findCouponWithCustomerUses,
  isNewAtBranch,
  lockCoupons,
  lockOrderUse,
  markUseReleased,
  releaseUses,
} from './coupons.repo.ts';

/** A coupon row as the shared rule reads it. */
export function toRule(row: CouponRow): CouponRule {
  return {
    kind: row.kind as CouponRule['kind'],
    percentBp: row.percentBp,
    maxDiscountHalalas: row.maxDiscountHalalas,
    amountHalalas: row.amountHalalas,
    itemId: row.itemId,
    minimumOrderHalalas: row.minimumOrderHalalas,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    globalLimit: row.globalLimit,
    perCustomerLimit: row.perCustomerLimit,
    usedCount: row.usedCount,
    branchIds: row.branchIds,
    orderTypes: row.orderTypes,
    newCustomersOnly: row.newCustomersOnly,
    isActive: row.isActive,
  };
}

/** A code as typed, normalised, or null when it cannot be a code (then it is "This coupon doesn't exist"). */
function lookupCode(typed: string): string | null {
  const code = normalizeCouponCode(typed);
  return code.length >= 3 && code.length <= 32 ? code : null;
}

const couponNotFound = () => new AppError('coupon_not_found', undefined, { couponCode: 'coupon_not_found' });

/**
 * A code that is no coupon: "This coupon doesn't exist", unless it is the code of one of the diner's own rewards of
 * this brand (issue 24 item 3), which says where a reward is used (My Rewards). Another diner's reward code is no
 * coupon like any other (its existence is not theirs to learn). Only on this refusal's path: no read for a coupon.
 */
async function couponNotFoundOrReward(
  db: Queryable,
  input: { brandId: number; customerId: number; code: string },
): Promise<AppError> {
  const rewardCode = normalizeRewardCode(input.code);
  if (rewardCode) {
    const owned = await findOwnedByCode(db, rewardCode);
    if (owned.some((o) => o.owned.brandId === input.brandId && o.owned.customerId === input.customerId)) {
      return new AppError('coupon_is_reward', undefined, { couponCode: 'coupon_is_reward' });
    }
  }
  return couponNotFound();
}

/** The brand's coupon for a code as typed; a code of another brand (or none) is "This coupon doesn't exist". */
export async function findTypedCoupon(db: Queryable, brandId: number, typed: string): Promise<CouponRow> {
  const code = lookupCode(typed);
  const row = code ? await findCouponByCode(db, brandId, code) : undefined;
  if (!row) throw couponNotFound();
  return row;
}

/** What the coupon brings to an order: the row (for the write) and its input to the shared pricing. */
export interface OrderCoupon {
  coupon: CouponRow;
  pricing: CouponInput;
  /** Drops the coupon from this process's keep (the write found it edited since). */
  forget(): void;
}

/** How long a process keeps a coupon it read for an order; the write checks its version, so this only bounds memory. */
const KEEP_MS = 60_000;
/** Coupons kept per database handle (one per app), as placement keeps QR contexts: brand and code → row. */
const keptByDatabase = new WeakMap<Queryable, Map<string, { coupon: CouponRow; until: number }>>();

function keep(db: Queryable) {
  let kept = keptByDatabase.get(db);
  if (!kept) {
    kept = new Map();
    keptByDatabase.set(db, kept);
  }
  return kept;
}

/**
 * Before pricing: the coupon for this order, checked against every rule (the write checks the limits again,
 * atomically, and that the coupon is still at the version it was priced on). Refuses with the first rule broken.
 * `lines` are the priced lines' items and unit prices (a free item's discount is one unit of it at its menu price,
 * options not included). The coupon comes from this process's keep when it has it, so an order with a coupon makes
 * no read of its own (as an order without one); a refusal made on a kept coupon is made again on a fresh read, so the
 * keep never refuses what the database allows. The diner's uses of a kept coupon are checked by the write only.
 */
export async function prepareOrderCoupon(db: Queryable, input: OrderCouponAsk): Promise<OrderCoupon> {
  const code = lookupCode(input.code);
  if (!code) throw await couponNotFoundOrReward(db, input);
  const kept = keep(db);
  const key = `${input.brandId}:${code}`;
  const forget = () => kept.delete(key);
  const held = kept.get(key);
  if (held && held.until > input.now.getTime()) {
    try {
      return await checkOrderCoupon(db, input, held.coupon, 0, forget);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      forget();
    }
  }
  // The coupon and the customer's uses of it in one read.
  const found = await findCouponWithCustomerUses(db, input.brandId, code, input.customerId);
  if (!found) {
    forget();
    throw await couponNotFoundOrReward(db, input);
  }
  kept.set(key, { coupon: found.coupon, until: input.now.getTime() + KEEP_MS });
  return checkOrderCoupon(db, input, found.coupon, found.used, forget);
}

async function checkOrderCoupon(
  db: Queryable,
  input: OrderCouponAsk,
  coupon: CouponRow,
  customerUses: number,
  forget: () => void,
): Promise<OrderCoupon> {
  const rule = toRule(coupon);
  const isNew = rule.newCustomersOnly ? await isNewAtBranch(db, input.customerId, input.branchId) : true;
  const freeItemPrice =
    rule.kind === 'free_item' ? (input.lines.find((l) => l.itemId === rule.itemId)?.unitPriceHalalas ?? null) : null;
  const refusal = checkCoupon(rule, {
    now: input.now,
    branchId: input.branchId,
    orderType: input.orderType,
    subtotalHalalas: input.subtotalHalalas,
    customerUses,
    customerIsNewAtBranch: isNew,
    freeItemPriceHalalas: freeItemPrice,
  });
  if (refusal) throw couponError(refusal, coupon);
  // The brand's default (docs/adr/0092-coupon-rules-and-limits.md): a coupon and points on one order only where
  // the coupon says so.
  if (input.spendsPoints && !coupon.combinesWithPoints) throw new AppError('coupon_no_points');
  return { coupon, pricing: couponPricing(rule, freeItemPrice), forget };
}

/** A refusal as the API answers it (the minimum's amount travels with its refusal, for the message). */
export function couponError(refusal: CouponRefusal, coupon?: CouponRow): AppError {
  // An archived coupon (inactive, so "no coupon" to the rule) says clearly that it ended (docs/adr/0590).
  if (refusal === 'coupon_not_found' && coupon?.archivedAt) {
    return new AppError('coupon_expired', undefined, { couponCode: 'coupon_expired' });
  }
  if (refusal === 'coupon_below_minimum' && coupon) {
    return new AppError(refusal, { minimumOrderHalalas: coupon.minimumOrderHalalas });
  }
  return new AppError(refusal, undefined, { couponCode: refusal });
}

/** What a placement write carries for its coupon (its counters are moved by couponExtra). */
export interface PlacedCouponWrite {
  couponId: number;
  perCustomerLimit: number | null;
  /** For new customers of the branch only: its batch locks first, and the guard reads the diner's orders there. */
  newCustomersOnly: boolean;
  /** What the coupon took off this order (recorded with its use). */
  discountHalalas: number;
  /** The coupon's version the order was priced on: the write goes ahead only at that version. */
  version: number;
  /** Drops the coupon this process kept, after the write found it edited (the retry reads it afresh). */
  forget(): void;
}

/**
 * The coupon's use as a checkout extra (core/checkout-extras.rules), folded into the placement statement: its guard
 * moves the coupons' counters, then the customers' (coupons.repo couponGuard: coupons come after customers and
 * before the branch's counter in the lock order), its rows are the uses. A new-customers-only coupon locks first
 * (its guard reads the diner's orders at the branch, which only the counter row settles). When the guard did not
 * hold, the refusals are read in batch order as the guard decides them: a coupon edited since it was priced, a diner
 * not new at the branch, the diner's uses, then the coupon's.
 */
export const couponExtra: CheckoutExtra<PlacedCouponWrite, CouponColumn> = {
  name: 'coupon use',
  rank: 'coupons',
  columns: COUPON_COLUMNS,
  input: (coupon) => ({
    coupon_id: coupon.couponId,
    coupon_limit: coupon.perCustomerLimit,
    coupon_discount: coupon.discountHalalas,
    coupon_version: coupon.version,
    coupon_new: coupon.newCustomersOnly,
  }),
  guard: couponGuard,
  rows: (scope) => ({ ctes: couponUseRows(scope) }),
  locksFirst: (coupon) => coupon.newCustomersOnly,
  async lock(tx, writes) {
    await lockCoupons(
      tx,
      writes.map((w) => w.value.couponId).sort((a, b) => a - b),
    );
  },
  async refusals(db, writes, { at, batch }) {
    const counters = await couponCounters(
      db,
      writes.map((w) => w.value.couponId),
      writes.map((w) => w.customerId),
      at,
    );
    const firstOfCustomer = new Map<number, number>();
    for (const w of [...batch].sort((a, b) => a.index - b.index)) {
      if (!firstOfCustomer.has(w.customerId)) firstOfCustomer.set(w.customerId, w.index);
    }
    const refusals = new Map<number, ErrorCode>();
    const taken = new Map<string, number>();
    const more = (key: string) => taken.get(key) ?? 0;
    for (const w of [...writes].sort((a, b) => a.index - b.index)) {
      const coupon = w.value;
      const now = counters.get(coupon.couponId);
      if (!now || now.version !== coupon.version) {
        // Priced on a coupon a manager has edited since (kept by the process): placed again on a fresh read.
        refusals.set(w.index, 'settings_changing');
        coupon.forget();
        continue;
      }
      if (
        coupon.newCustomersOnly &&
        (firstOfCustomer.get(w.customerId) !== w.index || !(await isNewAtBranch(db, w.customerId, w.branchId)))
      ) {
        refusals.set(w.index, 'coupon_new_customers_only');
        continue;
      }
      const mine = `${coupon.couponId}:${w.customerId}`;
      const used = (now.customerUses.get(w.customerId) ?? 0) + more(mine);
      if (coupon.perCustomerLimit !== null && used + 1 > coupon.perCustomerLimit) {
        refusals.set(w.index, 'coupon_customer_limit');
        continue;
      }
      const all = String(coupon.couponId);
      if (!now.usable || (now.globalLimit !== null && now.usedCount + more(all) + 1 > now.globalLimit)) {
        refusals.set(w.index, 'coupon_used_up');
        continue;
      }
      taken.set(mine, more(mine) + 1);
      taken.set(all, more(all) + 1);
    }
    return refusals;
  },
};

/** The coupon for an order as placement's port asks for it (core/checkout-extras.rules CheckoutOffers.coupon). */
export async function couponAtCheckout(
  db: Queryable,
  input: OrderCouponAsk,
): Promise<{ pricing: CouponInput; carried(discountHalalas: number): Carried }> {
  const { coupon, pricing, forget } = await prepareOrderCoupon(db, input);
  return {
    pricing,
    carried: (discountHalalas) =>
      carry(couponExtra, {
        couponId: coupon.id,
        perCustomerLimit: coupon.perCustomerLimit,
        newCustomersOnly: coupon.newCustomersOnly,
        discountHalalas,
        version: coupon.version,
        forget,
      }),
  };
}

/** A canceled order gives its coupon use back to both counters, once (the use row is locked and marked). */
async function giveBack(tx: Queryable, { order, at }: OrderMomentEvent): Promise<void> {
  const use = await lockOrderUse(tx, order.id);
  if (!use) return;
  await releaseUses(tx, { couponId: use.couponId, customerId: use.customerId, n: 1 });
  await markUseReleased(tx, use.id, at);
}

/** Coupons' reactions to an order's life, inside the moment's transaction. */
export function subscribeCoupons(lifecycle: OrderLifecycle): void {
  lifecycle.on('canceled', 'coupons: give back the use', giveBack);
}
