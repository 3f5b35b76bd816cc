import {
  type CouponRefusal,
  type CouponRule,
  checkCoupon,
  couponPricing,
  normalizeCouponCode,
} from '@sufra/shared/loyalty/coupons';
import { normalizeRewardCode } from '@sufra/shared/loyalty/rewards';
import type { CouponInput } from '@sufra/shared/pricing/price-cart';
import type { OrderLifecycle, OrderMomentEvent } from '../../core/order-lifecycle.service.ts';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { findOwnedRewardsByCode as findOwnedByCode } from '../loyalty/rewards.service.ts';
import type { PlacementExtra } from '../orders/placement-extras.ts';
import {
  type CouponRow,
  claimCustomerUses,
  claimGlobalUses,
  couponVersions,
  findCouponByCode,
  findCouponWithCustomerUses,
  firstOrdersAtBranches,
  insertCouponUses,
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
export async function prepareOrderCoupon(
  db: Queryable,
  input: {
    brandId: number;
    code: string;
    branchId: number;
    orderType: number;
    customerId: number;
    subtotalHalalas: number;
    lines: readonly { itemId: number; unitPriceHalalas: number }[];
    spendsPoints: boolean;
    now: Date;
  },
): Promise<OrderCoupon> {
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
  input: Parameters<typeof prepareOrderCoupon>[1],
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
  if (refusal === 'coupon_below_minimum' && coupon) {
    return new AppError(refusal, { minimumOrderHalalas: coupon.minimumOrderHalalas });
  }
  return new AppError(refusal, undefined, { couponCode: refusal });
}

/** What a placement write carries for its coupon (the coupon's counters are moved by couponExtra). */
export interface PlacedCouponWrite {
  couponId: number;
  perCustomerLimit: number | null;
  /** For new customers of the branch only: checked again in the placement's transaction (placeCouponUses). */
  newCustomersOnly: boolean;
  /** What the coupon took off this order (recorded with its use). */
  discountHalalas: number;
  /** The coupon's version the order was priced on: the write goes ahead only at that version. */
  version: number;
  /** Drops the coupon this process kept, after the write found it edited (the retry reads it afresh). */
  forget(): void;
}

/**
 * The coupon's use as a placement extra (orders/placement-extras), when it cannot be folded into the placement
 * statement (a new-customers-only coupon, an order with a reward, or a refusal there): its coupons' rows locked
 * before the statement, after the points' customers' rows; its counters moved after it, before the rewards'.
 */
export const couponExtra: PlacementExtra = {
  name: 'coupon use',
  appliesTo: (write) => write.coupon !== undefined,
  // Before the placement statement (placement-extras' lock order): the coupons' rows, then the branch's counter.
  async lock(tx, writes) {
    await lockCoupons(
      tx,
      writes.flatMap((w) => (w.coupon ? [w.coupon.couponId] : [])).sort((a, b) => a - b),
    );
  },
  async write(tx, placed, now) {
    const uses: PlacedCouponUse[] = placed.flatMap(({ index, write, orderId }) =>
      write.coupon
        ? [
            {
              index,
              orderId,
              couponId: write.coupon.couponId,
              brandId: write.order.brandId,
              customerId: write.order.customerId,
              branchId: write.order.branchId,
              perCustomerLimit: write.coupon.perCustomerLimit,
              newCustomersOnly: write.coupon.newCustomersOnly,
              discountHalalas: write.coupon.discountHalalas,
              version: write.coupon.version,
              forget: write.coupon.forget,
            },
          ]
        : [],
    );
    return placeCouponUses(tx, uses, now);
  },
};

export interface PlacedCouponUse {
  /** The write's index in its batch. */
  index: number;
  orderId: number;
  couponId: number;
  brandId: number;
  customerId: number;
  branchId: number;
  perCustomerLimit: number | null;
  newCustomersOnly: boolean;
  discountHalalas: number;
  version: number;
  forget(): void;
}

/**
 * Batch-shaped (a placement extra, run after insertPlacedOrders in the batch's transaction): records the coupon uses
 * of several placed orders, perhaps of the same coupon, and answers the refused ones by write index. New customers
 * first: a new-customers-only coupon goes only on the customer's first order at the branch that was not canceled,
 * read now, under the branch's counter row lock the placement statement took (placement-extras' lock order), so
 * no order of theirs at the branch can land between this read and the commit; the read before pricing was only
 * advisory (two first orders placed at once both passed it). Then per customer (one conditional update per coupon and customer: `used + k <= per_customer_limit`), then per coupon (one per
 * coupon: `used + k <= global_limit`, active and inside its window); the writes beyond what a counter gave are
 * refused, in batch order, and what they took of the other counter is given back. A refused write's order must not be
 * written (the caller rolls it back), so a refused order consumes nothing.
 */
export async function placeCouponUses(
  tx: Queryable,
  placed: readonly PlacedCouponUse[],
  now: Date,
): Promise<Map<number, CouponRefusal | 'settings_changing'>> {
  const refused: CouponUseRefusals = new Map();
  await refuseEditedCoupons(tx, placed, refused);
  await refuseNotNewCustomers(tx, placed, refused);
  const customerGranted = await claimPerCustomer(
    tx,
    placed.filter((p) => !refused.has(p.index)),
    refused,
  );
  const accepted = await claimPerCoupon(tx, customerGranted, refused, now);
  await insertCouponUses(
    tx,
    accepted.map((p) => ({
      couponId: p.couponId,
      brandId: p.brandId,
      customerId: p.customerId,
      orderId: p.orderId,
      branchId: p.branchId,
      discountHalalas: p.discountHalalas,
      usedAt: now,
    })),
  );
  return refused;
}

/** placeCouponUses' refusals so far, by write index: each step adds to them and skips what is refused. */
type CouponUseRefusals = Map<number, CouponRefusal | 'settings_changing'>;

function groupBy<K>(items: readonly PlacedCouponUse[], key: (p: PlacedCouponUse) => K) {
  const groups = new Map<K, PlacedCouponUse[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/**
 * Priced on a coupon a manager has edited since (kept by the process): answered `settings_changing`, which the
 * placement takes again on a fresh read (orders.service), the coupon forgotten. The rows are locked (couponExtra).
 */
async function refuseEditedCoupons(
  tx: Queryable,
  placed: readonly PlacedCouponUse[],
  refused: CouponUseRefusals,
): Promise<void> {
  const versions = await couponVersions(
    tx,
    placed.map((p) => p.couponId),
  );
  for (const p of placed) {
    if (versions.get(p.couponId) !== p.version) {
      refused.set(p.index, 'settings_changing');
      p.forget();
    }
  }
}

/** New customers of the branch: the use must be on the customer's first order there, and no counter use there. */
async function refuseNotNewCustomers(
  tx: Queryable,
  placed: readonly PlacedCouponUse[],
  refused: CouponUseRefusals,
): Promise<void> {
  const forNew = placed.filter((p) => p.newCustomersOnly && !refused.has(p.index));
  if (forNew.length === 0) return;
  const pairs = [...groupBy(forNew, (p) => `${p.customerId}:${p.branchId}`).values()].map(
    (g) => g[0] as PlacedCouponUse,
  );
  const firsts = await firstOrdersAtBranches(tx, pairs);
  const byPair = new Map(firsts.map((f) => [`${f.customerId}:${f.branchId}`, f]));
  for (const p of forNew) {
    const f = byPair.get(`${p.customerId}:${p.branchId}`);
    if (!f || f.walkIn || f.firstOrderId !== p.orderId) refused.set(p.index, 'coupon_new_customers_only');
  }
}

/** Per customer, where the coupon counts per customer: the uses each customer's counter gave (the rest refused). */
async function claimPerCustomer(
  tx: Queryable,
  stillLive: readonly PlacedCouponUse[],
  refused: CouponUseRefusals,
): Promise<PlacedCouponUse[]> {
  const customerGranted: PlacedCouponUse[] = [];
  for (const group of groupBy(stillLive, (p) => `${p.couponId}:${p.customerId}`).values()) {
    const first = group[0] as PlacedCouponUse;
    if (first.perCustomerLimit === null) {
      customerGranted.push(...group);
      continue;
    }
    const k = await claimCustomerUses(tx, {
      couponId: first.couponId,
      customerId: first.customerId,
      limit: first.perCustomerLimit,
      n: group.length,
    });
    customerGranted.push(...group.slice(0, k));
    for (const p of group.slice(k)) refused.set(p.index, 'coupon_customer_limit');
  }
  return customerGranted;
}

/** Globally, per coupon: the uses each coupon's counter gave; a refused one gives its customer's use back. */
async function claimPerCoupon(
  tx: Queryable,
  customerGranted: readonly PlacedCouponUse[],
  refused: CouponUseRefusals,
  now: Date,
): Promise<PlacedCouponUse[]> {
  const accepted: PlacedCouponUse[] = [];
  for (const [couponId, group] of groupBy(customerGranted, (p) => p.couponId)) {
    const k = await claimGlobalUses(tx, couponId, group.length, now);
    accepted.push(...group.slice(0, k));
    for (const p of group.slice(k)) {
      refused.set(p.index, 'coupon_used_up');
      // What it took of its customer's counter goes back (the global counter gave it nothing).
      if (p.perCustomerLimit !== null) {
        await releaseUses(tx, { couponId, customerId: p.customerId, n: 1, customerOnly: true });
      }
    }
  }
  return accepted;
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
