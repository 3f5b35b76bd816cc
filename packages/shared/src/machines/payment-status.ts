import type { Language } from '../language.ts';

/**
 * A card payment's status, as the provider reports it (Moyasar's words, which the built-in test gateway uses
 * too). An order keeps one row per payment attempt; a retry after `failed` is a new payment, never a move back.
 * No `authorized`: both providers capture at once (no separate capture step), so it would never be entered.
 */
export const PAYMENT_STATUSES = ['initiated', 'paid', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const INITIAL_PAYMENT_STATUS: PaymentStatus = 'initiated';

/** No move leaves these. */
export const TERMINAL_PAYMENT_STATUSES: readonly PaymentStatus[] = ['failed', 'refunded'];

/** The one table of allowed moves. */
export const PAYMENT_STATUS_TRANSITIONS: readonly { from: PaymentStatus; to: PaymentStatus }[] = [
  // The card went through (3-D Secure passed, the issuer approved).
  { from: 'initiated', to: 'paid' },
  // Declined, 3-D Secure failed, or abandoned and expired at the provider.
  { from: 'initiated', to: 'failed' },
  // Refunded in full (an order canceled after payment, or paid after it was canceled).
  { from: 'paid', to: 'refunded' },
];

export function isPaymentStatus(value: unknown): value is PaymentStatus {
  return typeof value === 'string' && (PAYMENT_STATUSES as readonly string[]).includes(value);
}

export function canTransitionPayment(from: PaymentStatus, to: PaymentStatus): boolean {
  return PAYMENT_STATUS_TRANSITIONS.some((t) => t.from === from && t.to === to);
}

export function nextPaymentStatuses(from: PaymentStatus): PaymentStatus[] {
  return PAYMENT_STATUS_TRANSITIONS.filter((t) => t.from === from).map((t) => t.to);
}

export function isTerminalPaymentStatus(status: PaymentStatus): boolean {
  return TERMINAL_PAYMENT_STATUSES.includes(status);
}

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, Record<Language, string>> = {
  initiated: { en: 'Awaiting payment', ar: 'بانتظار الدفع' },
  paid: { en: 'Paid', ar: 'مدفوع' },
  failed: { en: 'Payment failed', ar: 'فشل الدفع' },
  refunded: { en: 'Refunded', ar: 'مُسترد' },
};

export function paymentStatusLabel(status: PaymentStatus, language: Language): string {
  return PAYMENT_STATUS_LABELS[status][language];
}
