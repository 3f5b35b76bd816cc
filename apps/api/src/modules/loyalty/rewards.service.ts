import { randomInt } from 'node:crypto';
import type { Language } from '@sufra/shared/language';
import {
  formatRewardCode,
  isRedeemable,
  normalizeRewardCode,
  REWARD_CODE_ALPHABET,
  REWARD_CODE_LENGTH,
  type RewardShop,
  type RewardSource,
  rewardStatus,
} from '@sufra/shared/loyalty/rewards';
import { type ErrorCode, errorMessage } from '@sufra/shared/messages/errors';
import { parsePhone } from '@sufra/shared/phone/phone-number';
import type {
  BuyRewardResponse,
  MyRewardsResponse,
  OwnedReward,
  RedemptionBody,
  RedemptionLookupResponse,
  Reward,
  RewardQrResponse,
  ShopResponse,
} from '@sufra/shared/schemas/loyalty';
import type { AppContext } from '../../app-context.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { CustomerPrincipal, StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { findCustomerPoints } from './loyalty.repo.ts';
import { REWARD_QR_REFRESH_MS, readRewardQr, signRewardQr } from './reward-qr.ts';
import {
  type CustomerRewardRow,
  codeAttemptsSince,
  findBranchName,
  findOwnedByCode,
  findOwnedReward,
  findReward,
  insertCodeAttempt,
  insertCustomerReward,
  listOwnedRewards,
  listShopRewards,
  type OwnedRewardRow,
  purchaseReward,
  type RewardRow,
  redeemOwnedReward,
} from './rewards.repo.ts';

const DAY_MS = 86_400_000;

/**
 * Typed reward codes per minute (docs/decisions.md, "Typed reward codes are throttled"): a code is 8 characters of 32
 * and needs the diner's phone too, but a staff account could still be used to try codes against known phones. 30 a
 * minute is far more than one counter types (the QR is the usual way); a branch's several counters share 60.
 */
export const REWARD_CODE_LIMITS = { perStaffUser: 30, perBranch: 60, windowMs: 60_000 } as const;

export function toReward(row: RewardRow): Reward {
  return {
    id: row.id,
    shop: row.shop as Reward['shop'],
    kind: row.kind as Reward['kind'],
    name: { ar: row.nameAr, en: row.nameEn },
    description: { ar: row.descriptionAr, en: row.descriptionEn },
    image: row.image,
    pointsCost: row.pointsCost,
    itemId: row.itemId,
    percentBasisPoints: row.percentBp,
    maxDiscountHalalas: row.maxDiscountHalalas,
    amountHalalas: row.amountHalalas,
    validDays: row.validDays,
  };
}

export function newRewardCode(): string {
  let code = '';
  for (let i = 0; i < REWARD_CODE_LENGTH; i += 1) code += REWARD_CODE_ALPHABET[randomInt(REWARD_CODE_ALPHABET.length)];
  return code;
}

/**
 * Inserts an owned copy with a fresh code (a code already taken in the brand is drawn again). Exported for the
 * reactions that issue rewards inside another transaction (a filled punch card).
 */
export async function issueOwnedReward(
  tx: Parameters<typeof insertCustomerReward>[0],
  input: Omit<Parameters<typeof insertCustomerReward>[1], 'code'>,
): Promise<CustomerRewardRow> {
  for (let attempt = 0; ; attempt += 1) {
    const code = newRewardCode();
    try {
      // A savepoint, so a taken code (one in 2^40 per owned reward) costs only this insert, not the transaction.
      return await tx.transaction(async (sp) => insertCustomerReward(sp, { ...input, code }));
    } catch (error) {
      if (attempt < 4 && isUniqueViolation(error, 'customer_rewards_brand_code_uq')) continue;
      throw error;
    }
  }
}

/** Why a presented reward may not be redeemed at `branchId` now, or null. */
function refusalOf(owned: CustomerRewardRow, reward: RewardRow, branchId: number, now: Date): ErrorCode | null {
  const status = rewardStatus(owned, now);
  if (status === 'claimed') return 'reward_already_claimed';
  if (status === 'expired') return 'reward_expired';
  if (!isRedeemable(status)) return 'reward_not_available';
  if (reward.branchIds && !reward.branchIds.includes(branchId)) return 'reward_other_branch';
  return null;
}

/** What the rewards' operations need: the app (database, clock) and the secret that signs the rewards' QR. */
export interface RewardsDeps {
  ctx: AppContext;
  secret: string;
}

/** `claimedBranch`: the claim's branch names when the caller has them (saves their read). */
async function toOwned(
  { ctx }: RewardsDeps,
  row: OwnedRewardRow,
  now: Date,
  claimedBranch?: { ar: string; en: string },
): Promise<OwnedReward> {
  const { owned, reward } = row;
  return {
    id: owned.id,
    reward: toReward(reward),
    source: owned.source as RewardSource,
    code: formatRewardCode(owned.code),
    status: rewardStatus(owned, now),
    pointsSpent: owned.pointsSpent,
    validFrom: owned.validFrom.toISOString(),
    expiresAt: owned.expiresAt ? owned.expiresAt.toISOString() : null,
    claimedAt: owned.claimedAt ? owned.claimedAt.toISOString() : null,
    claimedBranch:
      owned.claimedBranchId === null
        ? null
        : (claimedBranch ?? (await findBranchName(ctx.db, owned.claimedBranchId)) ?? null),
  };
}

/**
 * Refuses (429 reward_code_throttled, with the wait) a typed code past the minute's allowance for the staff user or
 * the branch; otherwise counts it. The counts are read without a lock, so a burst of simultaneous tries can pass the
 * allowance by the burst's size (as the sign-in throttles); a refusal writes no row.
 */
async function throttleTypedCode({ ctx }: RewardsDeps, staffUserId: number, branchId: number, now: Date) {
  const { db } = ctx;
  const since = new Date(now.getTime() - REWARD_CODE_LIMITS.windowMs);
  const [byUser, atBranch] = await Promise.all([
    codeAttemptsSince(db, { staffUserId }, since),
    codeAttemptsSince(db, { branchId }, since),
  ]);
  const full = [
    byUser.count >= REWARD_CODE_LIMITS.perStaffUser ? byUser.oldest : null,
    atBranch.count >= REWARD_CODE_LIMITS.perBranch ? atBranch.oldest : null,
  ].filter((d): d is Date => d !== null);
  if (full.length > 0) {
    // The allowance comes back when the oldest counted try leaves the window.
    const freeAt = Math.max(...full.map((d) => d.getTime() + REWARD_CODE_LIMITS.windowMs));
    throw new AppError('reward_code_throttled', {
      retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)),
    });
  }
  await insertCodeAttempt(db, { staffUserId, branchId, at: now });
}

/** The presented reward, from a scanned QR or a typed code with the diner's phone; refusals as errors. */
async function presented(deps: RewardsDeps, staff: StaffPrincipal, body: RedemptionBody, now: Date) {
  const { db } = deps.ctx;
  if ('qr' in body) {
    const claims = readRewardQr(deps.secret, body.qr, now);
    if (claims === 'invalid') throw new AppError('reward_qr_invalid');
    if (claims === 'stale') throw new AppError('reward_qr_stale');
    if (claims.brandId !== staff.brandId) throw new AppError('reward_other_brand');
    const found = await findOwnedReward(db, claims.ownedRewardId, {
      customerId: claims.customerId,
      brandId: claims.brandId,
    });
    if (!found) throw new AppError('reward_not_found');
    return found;
  }
  const code = normalizeRewardCode(body.code);
  if (!code) throw new AppError('reward_code_invalid', undefined, { code: 'reward_code_invalid' });
  const phone = parsePhone(body.phone);
  if (!phone.ok) throw new AppError(phone.problem, undefined, { phone: phone.problem });
  await throttleTypedCode(deps, staff.id, body.branchId, now);
  const matches = (await findOwnedByCode(db, code)).filter((m) => m.phone === phone.e164);
  const ours = matches.find((m) => m.owned.brandId === staff.brandId);
  if (ours) return ours;
  if (matches.length > 0) throw new AppError('reward_other_brand');
  throw new AppError('reward_not_found');
}

export async function shop(
  { ctx }: RewardsDeps,
  brandId: number,
  shop: RewardShop,
  customer: CustomerPrincipal | null,
): Promise<ShopResponse> {
  const [rows, points] = await Promise.all([
    listShopRewards(ctx.db, brandId, shop),
    customer ? findCustomerPoints(ctx.db, customer.id, brandId) : undefined,
  ]);
  const wallet = points?.walletPoints ?? null;
  return {
    rewards: rows.map((r) => ({
      ...toReward(r),
      affordable: wallet !== null && r.pointsCost !== null && r.pointsCost <= wallet,
    })),
    walletPoints: wallet,
  };
}

/**
 * Buys a reward with points, on a QR context the caller may have kept (qr.service withKeptContext): one
 * statement (rewards.repo purchaseReward) reads the reward, checks the diner's session and that the context is
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
      throw error;
    }
    // The refusals in the order the routes' checks gave them before they were folded in.
    if (!result.sessionLive) throw new AppError('session_expired');
    if (!result.contextCurrent) return 'stale_context';
    const { reward, written } = result;
    if (!reward?.isActive || reward.shop !== shop) throw new AppError('shop_reward_not_found');
    if (reward.pointsCost === null) throw new AppError('reward_not_for_sale');
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

/** What the cashier sees before redeeming: the reward, its diner, and whether it may be redeemed here now. */
export async function lookup(
  deps: RewardsDeps,
  staff: StaffPrincipal,
  body: RedemptionBody,
  language: Language,
): Promise<RedemptionLookupResponse> {
  if (!staff.branchIds.includes(body.branchId)) throw new AppError('branch_out_of_scope');
  const now = deps.ctx.now();
  const found = await presented(deps, staff, body, now);
  const refusal = refusalOf(found.owned, found.reward, body.branchId, now);
  return {
    owned: await toOwned(deps, found, now),
    customer: { name: found.customerName, phone: found.phone },
    refusal,
    refusalMessage: refusal ? errorMessage(refusal, language) : null,
  };
}

type SignedInStaff = { staff: { id: number; brandId: number; familyId: string }; load: () => Promise<StaffPrincipal> };

/**
 * Which owned reward a redemption claims. A scanned QR of the cashier's brand names the reward, its diner and brand
 * (checked, read and claimed in one statement by the caller); anything refused before the database, and a typed
 * code, has the staff check made alone first (`load`), so its refusals come in the guard's order.
 */
async function redemptionTarget(deps: RewardsDeps, signedIn: SignedInStaff, body: RedemptionBody, now: Date) {
  const claims = 'qr' in body ? readRewardQr(deps.secret, body.qr, now) : null;
  if (claims !== null && typeof claims === 'object' && claims.brandId === signedIn.staff.brandId) {
    return { id: claims.ownedRewardId, customerId: claims.customerId, brandId: claims.brandId };
  }
  const staff = await signedIn.load();
  if (!staff.branchIds.includes(body.branchId)) throw new AppError('branch_out_of_scope');
  if ('qr' in body) {
    if (claims === 'invalid') throw new AppError('reward_qr_invalid');
    if (claims === 'stale') throw new AppError('reward_qr_stale');
    throw new AppError('reward_other_brand');
  }
  // A typed code is found first by its code and the diner's phone.
  const found = await presented(deps, staff, body, now);
  const refusal = refusalOf(found.owned, found.reward, body.branchId, now);
  if (refusal) throw new AppError(refusal);
  return { id: found.owned.id, customerId: found.owned.customerId, brandId: found.owned.brandId };
}

/**
 * Redeems once, at the cashier's branch: every refusal is checked first for its own message, then the claim's
 * conditional update checks them again, so of two cashiers redeeming one reward at once exactly one succeeds. A
 * scanned QR of the cashier's brand is one statement with the staff check folded in (`signedIn`: the token's
 * claims, not yet checked against the database); see redemptionTarget for the rest.
 */
export async function redeem(
  deps: RewardsDeps,
  signedIn: SignedInStaff,
  body: RedemptionBody,
): Promise<RedemptionLookupResponse> {
  const { db } = deps.ctx;
  const now = deps.ctx.now();
  const target = await redemptionTarget(deps, signedIn, body, now);
  const result = await redeemOwnedReward(db, target.id, target, {
    staff: signedIn.staff,
    branchId: body.branchId,
    now,
  });
  if (!result.staffLive) throw new AppError('session_expired');
  if (!result.inScope) throw new AppError('branch_out_of_scope');
  if (!result.found) throw new AppError('reward_not_found');
  if (!result.claimed) {
    // Refused by the claim's conditions: the facts as they were say why; when they say nothing, a concurrent
    // claim won: read it again for the reason (claimed by the other cashier, most likely).
    const refusal = refusalOf(result.owned, result.reward, body.branchId, now);
    if (refusal) throw new AppError(refusal);
    const again = await findOwnedReward(db, target.id, {});
    throw new AppError((again && refusalOf(again.owned, again.reward, body.branchId, now)) ?? 'reward_already_claimed');
  }
  return {
    owned: await toOwned(deps, { owned: result.owned, reward: result.reward }, now, result.branchName),
    customer: { name: result.customerName, phone: result.phone },
    refusal: null,
    refusalMessage: null,
  };
}

/**
 * Rewards: the shops, buying with points (one transaction: the points' ledger row and the owned reward), My Rewards
 * with each reward's signed QR, and the cashier's redemption (looked up, then claimed once by a conditional update).
 * The operations are the plain functions above; this binds them to the app so callers say `rewards.buy(...)`.
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
