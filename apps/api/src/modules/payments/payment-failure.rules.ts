import type { ErrorCode } from '@sufra/shared/messages/errors';

/** The diner's message for a failed attempt: what happened, when the provider said, and what to do next. */
export type PaymentFailureCode = Extract<
  ErrorCode,
  'payment_declined' | 'payment_insufficient_funds' | 'payment_3ds_failed' | 'payment_failed'
>;

/**
 * Reads the provider's reason for a failure (kept on the attempt for staff) as one of the diner's messages. The
 * providers word it freely ("Insufficient Funds", "3-D Secure transaction attempt failed (Authentication Failed)",
 * "DECLINED", "Do not honor"), so it is matched by meaning; anything else, our own reasons ("create: timeout",
 * "mismatch: amount") included, keeps the spec's "technical error".
 */
export function failureCodeOf(reason: string | null): PaymentFailureCode {
  if (!reason || /^(create|mismatch):/.test(reason)) return 'payment_failed';
  const text = reason.toLowerCase();
  if (/insufficient|not sufficient|nsf\b/.test(text)) return 'payment_insufficient_funds';
  if (/3-?d ?s(ecure)?|authenticat/.test(text)) return 'payment_3ds_failed';
  if (/declin|do not honou?r|refused|restricted|lost|stolen|expired card|not permitted|invalid card/.test(text)) {
    return 'payment_declined';
  }
  return 'payment_failed';
}
