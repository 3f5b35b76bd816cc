import type { Language } from '@sufra/shared/language';
import { formatSar } from '@sufra/shared/money';
import type { OwnedReward, PointsEntry, Reward } from '@sufra/shared/schemas/loyalty';
import { formatNumber } from '../../lib/format-number';
import type { TFunction } from '../../lib/i18n';

/**
 * Whether an owned reward belongs on `/prize`: won (the wheel), granted by staff, or bought in the prize shop (issue
 * 24 item 7: a prize-shop purchase is a prize too, its source is `purchase` like a points-shop one).
 */
export function isPrize(owned: Pick<OwnedReward, 'source'> & { reward: Pick<Reward, 'shop'> }): boolean {
  return owned.source === 'prize' || owned.source === 'staff' || owned.reward.shop === 'prize';
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A reward's window or a ledger row's date in the interface's language and digits, in the branch's time zone when
 * known (house rule 6). The Gregorian calendar in Arabic too: validity dates are compared with receipts and the
 * cashier's screen, which are Gregorian (ar-SA alone would pick the Hijri calendar).
 */
export function formatLoyaltyDate(iso: string, language: Language, timeZone?: string, withTime = false): string {
  const key = `${language}:${timeZone ?? ''}:${withTime}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'ar' ? 'ar-SA-u-ca-gregory' : 'en-SA', {
      dateStyle: 'medium',
      ...(withTime ? { timeStyle: 'short' } : {}),
      ...(timeZone ? { timeZone } : {}),
    });
    dateFormats.set(key, format);
  }
  return format.format(new Date(iso));
}

/** A signed points change ("+120", "−40") in the interface's digits; the sign kept with the number in RTL text. */
export function formatPointsChange(points: number, language: Language): string {
  const sign = points > 0 ? '+' : points < 0 ? '\u2212' : '';
  return `\u2066${sign}${formatNumber(Math.abs(points), language)}\u2069`;
}

/** What a reward gives, in words: "Free item", "20% off, up to SAR 15.00", "SAR 10.00 off", "Gift". */
export function rewardKindText(reward: Reward, language: Language, t: TFunction): string {
  switch (reward.kind) {
    case 'percent': {
      const percent = new Intl.NumberFormat(language === 'ar' ? 'ar-SA' : 'en-SA', { style: 'percent' }).format(
        (reward.percentBasisPoints ?? 0) / 10_000,
      );
      return reward.maxDiscountHalalas === null
        ? t('loyalty.kind.percent', { percent })
        : t('loyalty.kind.percentCapped', { percent, cap: formatSar(reward.maxDiscountHalalas, language) });
    }
    case 'fixed':
      return t('loyalty.kind.fixed', { amount: formatSar(reward.amountHalalas ?? 0, language) });
    default:
      return t(`loyalty.kind.${reward.kind}`);
  }
}

/** The system's reason codes that have words of their own; anything else is a manager's words, shown as written. */
const REASON_CODES = new Set([
  'order_completed',
  'reward_purchase',
  'points_expired',
  'order_refunded',
  'order_canceled',
  'referral_converted',
  'referral_welcome',
  'referral_refunded',
]);

/** Why a ledger row happened: the localized reason for the system's codes, the manager's own words for adjustments. */
export function entryReasonText(entry: Pick<PointsEntry, 'kind' | 'reason'>, t: TFunction): string {
  if (REASON_CODES.has(entry.reason)) return t(`loyalty.reason.${entry.reason}`);
  if (entry.kind === 'adjust' || entry.kind === 'bonus') return entry.reason;
  return t(`loyalty.entryKind.${entry.kind}`);
}

/** Progress to the next level, 0–100, from the lifetime points and the two levels' thresholds. */
export function levelProgress(lifetime: number, from: number, to: number): number {
  if (to <= from) return 100;
  return Math.max(0, Math.min(100, Math.round(((lifetime - from) / (to - from)) * 100)));
}
