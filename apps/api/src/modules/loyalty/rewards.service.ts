import type { RewardShop } from '@sufra/shared/loyalty/rewards';
import { isRedeemable, rewardStatus } from '@sufra/shared/loyalty/rewards';
import type {
  BuyRewardResponse,
  MyRewardsResponse,
  OwnedReward,
  RewardQrResponse,
  ShopResponse,
} from '@sufra/shared/schemas/loyalty';
import type { AppContext } from '../../app-context.ts';
import type { Queryable } from '../../db/client.ts';
import { isUniqueViolation, pgErrorCode } from '../../db/errors.ts';
import type { CustomerPrincipal, StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { findCustomerPoints } from './loyalty.repo.ts';
import { issueOwnedReward, newRewardCode, type RewardsDeps, toOwned, toReward } from './owned-rewards.service.ts';
import { REWARD_QR_REFRESH_MS, signRewardQr } from './reward-qr.service.ts';
import { lookup, redeem } from './reward-redemption.service.ts';
import { purchaseReward } from './reward-writes.repo.ts';
import {
  type CustomerRewardRow,
  findOwnedByCode,
  findOwnedReward,
  findReward,
  insertCustomerReward,
  listOwnedRewards,
  listShopRewards,
} from './rewards.repo.ts';

// The owned reward's view and issue (owned-rewards.ts) and the cashier's redemption (reward-redemption.ts) live
// beside this file; other modules import these names from here, as before.

const DAY_MS = 86_400_000;

/** Inside the reward's window of sale (issue 27), as the purchase statement reads it. */
function onSale(reward: { activeFrom: Date | null; activeUntil: Date | null }, now: Date): boolean {
  return (
    (reward.activeFrom === null || reward.activeFrom.getTime() <= now.getTime()) &&
    (reward.activeUntil === null || reward.activeUntil.getTime() > now.getTime())
  );
}

export async function shop(
  { ctx }: RewardsDeps,
  brandId: number,
  shop: RewardShop,
  customer: CustomerPrincipal | null,
): Promise<ShopResponse> {
  const [rows, points] = await Promise.all([
    listShopRewards(ctx.db, brandId, shop, ctx.now()),
    customer ? findCustomerPoints(ctx.db, customer.id, brandId) : undefined,
  ]);
  const wallet = points?.walletPoints ?? null;
  return {
    rewards: rows.map((r) => ({
      ...toReward(r),
      affordable: wallet !== null && r.pointsCost !== null && r.pointsCost <= wallet,
      soldOut: r.stock !== null && r.issuedCount >= r.stock,
    })),
    walletPoints: wallet,
  };
}

/**
 * Buys a reward with points, on a QR context the caller may have kept (qr.service withKeptContext): one
 * statement (reward-writes.repo purchaseReward) reads the reward, checks the diner's session and that the context is
 * still its brand's ('stale_context' when not: nothing written, the caller reads it again), and writes the
 * wallet's move, the owned reward and the ledger row together, so points are never taken without the reward or
 * the other way round. One round trip.
 */
export async function buy(
  deps: RewardsDeps,
  customer: CustomerPrincipal,
  session: { familyId: string },
  contextVersion: number,
  rewardId: number,
  shop: RewardShop,
): Promise<BuyRewardResponse | 'stale_context'> {
  const now = deps.ctx.now();
  for (let attempt = 0; ; attempt += 1) {
    let result: Awaited<ReturnType<typeof purchaseReward>>;
    try {
      result = await purchaseReward(deps.ctx.db, {
        brandId: customer.brandId,
        customerId: customer.id,
        rewardId,
        shop,
        code: newRewardCode(),
        at: now,
        session,
        contextVersion,
      });
    } catch (error) {
      // A code already taken in the brand (one in 2^40): the statement wrote nothing; draw another.
      if (attempt < 4 && isUniqueViolation(error, 'customer_rewards_brand_code_uq')) continue;
      // Another diner bought the last copy in between (the stock's CHECK failed the statement: nothing written).
      if (pgErrorCode(error) === '23514' && String(error).includes('rewards_stock_check')) {
        throw new AppError('reward_out_of_stock');
      }
      throw error;
    }
    // The refusals in the order the routes' checks gave them before they were folded in.
    if (!result.sessionLive) throw new AppError('session_expired');
    if (!result.contextCurrent) return 'stale_context';
    const { reward, written } = result;
    if (!reward?.isActive || reward.shop !== shop || !onSale(reward, now)) throw new AppError('shop_reward_not_found');
    if (reward.pointsCost === null) throw new AppError('reward_not_for_sale');
    if (!written && reward.stock !== null && reward.issuedCount >= reward.stock) {
      throw new AppError('reward_out_of_stock');
    }
    if (!written) throw new AppError('points_insufficient');
    return { owned: await toOwned(deps, { owned: written.owned, reward }, now), walletPoints: written.walletPoints };
  }
}

/**
 * A manager grants a prize to a diner of their brand (it lands in My Rewards). `alongside` runs in the same
 * transaction with the owned copy (an evaluation's apology marks itself sent there: both or neither).
 */
export async function grant(
  deps: RewardsDeps,
  staff: StaffPrincipal,
  customerId: number,
  rewardId: number,
  alongside?: (tx: Parameters<typeof insertCustomerReward>[0], owned: CustomerRewardRow) => Promise<void>,
): Promise<OwnedReward> {
  const { db } = deps.ctx;
  if (staff.role === 'cashier') throw new AppError('forbidden');
  const reward = await findReward(db, rewardId, staff.brandId);
  if (!reward?.isActive) throw new AppError('shop_reward_not_found');
  const customer = await findCustomerPoints(db, customerId, staff.brandId);
  if (!customer) throw new AppError('customer_not_found');
  const now = deps.ctx.now();
  const owned = await db.transaction(async (tx) => {
    const row = await issueOwnedReward(tx, {
      brandId: staff.brandId,
      customerId,
      rewardId,
      source: 'staff',
      pointsSpent: 0,
      validFrom: now,
      expiresAt: reward.validDays === null ? null : new Date(now.getTime() + reward.validDays * DAY_MS),
      grantedByStaffId: staff.id,
      createdAt: now,
    });
    await alongside?.(tx, row);
    return row;
  });
  return toOwned(deps, { owned, reward }, now);
}

export async function mine(deps: RewardsDeps, customer: CustomerPrincipal): Promise<MyRewardsResponse> {
  const now = deps.ctx.now();
  const rows = await listOwnedRewards(deps.ctx.db, customer.id, customer.brandId);
  return { rewards: await Promise.all(rows.map((r) => toOwned(deps, r, now))) };
}

/** A fresh signed token for the reward's QR; only for the diner's own reward, and only while redeemable. */
export async function qr(deps: RewardsDeps, customer: CustomerPrincipal, ownedId: number): Promise<RewardQrResponse> {
  const now = deps.ctx.now();
  const found = await findOwnedReward(deps.ctx.db, ownedId, { customerId: customer.id, brandId: customer.brandId });
  if (!found) throw new AppError('reward_not_found');
  const status = rewardStatus(found.owned, now);
  if (status === 'claimed') throw new AppError('reward_already_claimed');
  if (status === 'expired') throw new AppError('reward_expired');
  if (!isRedeemable(status)) throw new AppError('reward_not_available');
  const signed = signRewardQr(
    deps.secret,
    { ownedRewardId: ownedId, customerId: customer.id, brandId: customer.brandId },
    now,
  );
  return {
    token: signed.token,
    expiresAt: signed.expiresAt.toISOString(),
    refreshAfterSeconds: REWARD_QR_REFRESH_MS / 1000,
  };
}

/**
 * Rewards: the shops, buying with points (one transaction: the points' ledger row and the owned reward), My Rewards
 * with each reward's signed QR, and the cashier's redemption (looked up, then claimed once by a conditional update).
 * The operations are plain functions (the shop above, the redemption in reward-redemption.ts); this binds them to the
 * app so callers say `rewards.buy(...)`.
 */
export function createRewardsService(ctx: AppContext, options: { secret: string }) {
  const deps: RewardsDeps = { ctx, secret: options.secret };
  return {
    shop: shop.bind(null, deps),
    buy: buy.bind(null, deps),
    grant: grant.bind(null, deps),
    mine: mine.bind(null, deps),
    qr: qr.bind(null, deps),
    lookup: lookup.bind(null, deps),
    redeem: redeem.bind(null, deps),
  };
}

export type RewardsService = ReturnType<typeof createRewardsService>;

/** A brand's reward by id, for the modules that give rewards (punch cards). */
export function findRewardOfBrand(db: Queryable, id: number, brandId: number) {
  return findReward(db, id, brandId);
}

/** Gives a customer an owned reward in the caller's transaction (a game's prize). */
export function giveOwnedReward(tx: Queryable, row: Parameters<typeof insertCustomerReward>[1]) {
  return insertCustomerReward(tx, row);
}

/** The owned rewards a code names, with their holder (a checkout's reward code). */
export function findOwnedRewardsByCode(db: Queryable, code: string) {
  return findOwnedByCode(db, code);
}
