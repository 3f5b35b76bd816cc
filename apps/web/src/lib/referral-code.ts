import { local } from './storage';
import { readChoice, saveChoice } from './stored-choice';

/**
 * The friend's referral code, remembered from /reference/{code} through registration (issue 17): tied to the
 * brand it belongs to (a code of one restaurant means nothing at another) and kept for 30 days, so a friend who
 * opens the link today and registers at the restaurant next week still counts.
 */
const KEY = 'sufra.referralCode';
const KEEP_MS = 30 * 86_400_000;

export function rememberReferralCode(code: string, brandId: number): void {
  saveChoice(local, KEY, code, brandId, KEEP_MS);
}

export function rememberedReferralCode(brandId: number | undefined): string | null {
  return brandId === undefined ? null : readChoice<string>(local, KEY, brandId);
}

export function forgetReferralCode(): void {
  local.removeItem(KEY);
}
