/**
 * The cashier's side of rewards: a presented reward looked up (a scanned QR or a typed code with the diner's
 * phone, typed codes throttled) and redeemed once at the cashier's branch.
 */
import type { Language } from '@sufra/shared/language';
import { normalizeRewardCode, rewardRefusal } from '@sufra/shared/loyalty/rewards';
import { errorMessage } from '@sufra/shared/messages/errors';
import { parsePhone } from '@sufra/shared/phone/phone-number';
import type { RedemptionBody, RedemptionLookupResponse } from '@sufra/shared/schemas/loyalty';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { type RewardsDeps, toOwned } from './owned-rewards.service.ts';
import { readRewardQr } from './reward-qr.service.ts';
import { redeemOwnedReward } from './reward-writes.repo.ts';
import {
  codeAttemptsSince,
  findOwnedByCode,
  findOwnedReward,
  insertCodeAttempt,
  lockCodeAttempts,
} from './rewards.repo.ts';

/**
 * Typed reward codes per minute (docs/adr/0083-typed-reward-codes-throttled.md): a code is 8 characters of 32
 * and needs the diner's phone too, but a staff account could still be used to try codes against known phones. 30 a
 * minute is far more than one counter types (the QR is the usual way); a branch's several counters share 60.
 */
export const REWARD_CODE_LIMITS = { perStaffUser: 30, perBranch: 60, windowMs: 60_000 } as const;

/**
 * Refuses (429 reward_code_throttled, with the wait) a typed code past the minute's allowance for the staff user or
 * the branch; otherwise counts it, before the code is checked. The count and the row are one transaction under
 * advisory locks on the user and the branch (always in that order), so of a burst of simultaneous tries only the
 * allowance is checked (issue 24: 50 at once were all checked on PostgreSQL); a refusal writes no row.
 */
async function throttleTypedCode({ ctx }: RewardsDeps, staffUserId: number, branchId: number, now: Date) {
  const since = new Date(now.getTime() - REWARD_CODE_LIMITS.windowMs);
  await ctx.db.transaction(async (tx) => {
    await lockCodeAttempts(tx, staffUserId, branchId);
    const byUser = await codeAttemptsSince(tx, { staffUserId }, since);
    const atBranch = await codeAttemptsSince(tx, { branchId }, since);
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
    await insertCodeAttempt(tx, { staffUserId, branchId, at: now });
  });
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
  const refusal = rewardRefusal(found.owned, found.reward, body.branchId, now);
  return {
    owned: await toOwned(deps, found, now),
    customer: { name: found.customerName, phone: found.phone },
    refusal,
    refusalMessage: refusal ? errorMessage(refusal, language) : null,
  };
}

/**
 * Which owned reward a redemption claims. A scanned QR of the cashier's brand names the reward, its diner and brand
 * (read and claimed in one statement by the caller); a typed code is found first by its code and the diner's phone.
 */
async function redemptionTarget(deps: RewardsDeps, staff: StaffPrincipal, body: RedemptionBody, now: Date) {
  if ('qr' in body) {
    const claims = readRewardQr(deps.secret, body.qr, now);
    if (claims === 'invalid') throw new AppError('reward_qr_invalid');
    if (claims === 'stale') throw new AppError('reward_qr_stale');
    if (claims.brandId !== staff.brandId) throw new AppError('reward_other_brand');
    return { id: claims.ownedRewardId, customerId: claims.customerId, brandId: claims.brandId };
  }
  const found = await presented(deps, staff, body, now);
  const refusal = rewardRefusal(found.owned, found.reward, body.branchId, now);
  if (refusal) throw new AppError(refusal);
  return { id: found.owned.id, customerId: found.owned.customerId, brandId: found.owned.brandId };
}

/**
 * Redeems once, at the cashier's branch (the route's staff guard has checked who they are; the branch must be one
 * of theirs): every refusal is checked first for its own message, then the claim's conditional update checks them
 * again, so of two cashiers redeeming one reward at once exactly one succeeds. A scanned QR of the cashier's brand
 * is one statement after the guard's query; see redemptionTarget for the rest.
 */
export async function redeem(
  deps: RewardsDeps,
  staff: StaffPrincipal,
  body: RedemptionBody,
): Promise<RedemptionLookupResponse> {
  const { db } = deps.ctx;
  const now = deps.ctx.now();
  if (!staff.branchIds.includes(body.branchId)) throw new AppError('branch_out_of_scope');
  const target = await redemptionTarget(deps, staff, body, now);
  const result = await redeemOwnedReward(db, target.id, target, {
    staffUserId: staff.id,
    branchId: body.branchId,
    now,
  });
  if (!result.found) throw new AppError('reward_not_found');
  if (!result.claimed) {
    // Refused by the claim's conditions: the facts as they were say why; when they say nothing, a concurrent
    // claim won: read it again for the reason (claimed by the other cashier, most likely).
    const refusal = rewardRefusal(result.owned, result.reward, body.branchId, now);
    if (refusal) throw new AppError(refusal);
    const again = await findOwnedReward(db, target.id, {});
    throw new AppError(
      (again && rewardRefusal(again.owned, again.reward, body.branchId, now)) ?? 'reward_already_claimed',
    );
  }
  return {
    owned: await toOwned(deps, { owned: result.owned, reward: result.reward }, now, result.branchName),
    customer: { name: result.customerName, phone: result.phone },
    refusal: null,
    refusalMessage: null,
  };
}
