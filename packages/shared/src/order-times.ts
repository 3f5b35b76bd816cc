import type { Language } from './language.ts';
import type { PreparationTime } from './order-estimate.ts';

export type { PreparationTime } from './order-estimate.ts';

/**
 * Order times (issue 28 item 3): the bounds and defaults of a branch's preparation time, the board's "accept, ready
 * in N min" choices and its reasons to decline, in both languages. The estimate itself is order-estimate.ts, apart,
 * so the diner's checkout takes only it and no chunk is shared by the diner's pages and the staff app (the menu
 * route's first load lists every shared chunk; docs/adr/0500-order-time-estimates.md). No zod.
 */

export const PREPARATION_LIMITS = {
  baseMinutes: { min: 0, max: 240 },
  perItemMinutes: { min: 0, max: 30 },
} as const;

/** A new branch's, and what a branch saved before issue 28 has. */
export const DEFAULT_PREPARATION: PreparationTime = { baseMinutes: 15, perItemMinutes: 1 };

/** The board's "ready in" choices when accepting, and the API's bounds on any delay. */
export const ACCEPT_DELAY_CHOICES = [10, 15, 20, 25, 30, 45, 60] as const;
export const ACCEPT_DELAY_LIMITS = { min: 1, max: 240 } as const;

/** Why the kitchen declines an order, from a list the diner reads in their language. */
export const DECLINE_REASONS = ['too_busy', 'item_unavailable', 'closing_soon', 'outside_delivery', 'other'] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

export const DECLINE_REASON_LABELS: Record<DeclineReason, Record<Language, string>> = {
  too_busy: { en: 'The kitchen is too busy right now', ar: 'المطبخ مشغول جدًا الآن' },
  item_unavailable: { en: 'An item in the order is not available', ar: 'أحد أصناف الطلب غير متوفر' },
  closing_soon: { en: 'The branch is about to close', ar: 'الفرع على وشك الإغلاق' },
  outside_delivery: { en: 'We cannot deliver to this address now', ar: 'لا يمكننا التوصيل إلى هذا العنوان الآن' },
  other: { en: 'The restaurant could not take the order', ar: 'تعذّر على المطعم قبول الطلب' },
};

export function isDeclineReason(value: unknown): value is DeclineReason {
  return typeof value === 'string' && (DECLINE_REASONS as readonly string[]).includes(value);
}

export function declineReasonLabel(reason: DeclineReason, language: Language): string {
  return DECLINE_REASON_LABELS[reason][language];
}
