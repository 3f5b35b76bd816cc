import type { PaymentOutcome } from '@sufra/shared/schemas/payment';

/** How often the return page asks the server again while the provider has no verdict, and for how long in all. */
export const PAYMENT_POLL_INTERVAL_MS = 1_000;
export const PAYMENT_POLL_LIMIT_MS = 30_000;

/**
 * What the return page does with a verdict: go on (paid, failed), ask again in a second, or stop asking and offer a
 * retry ("still checking") once the budget is spent, so a provider that never answers cannot keep the page spinning.
 */
export type PaymentReturnStep = 'paid' | 'failed' | 'poll' | 'stalled';

export function paymentReturnStep(outcome: PaymentOutcome, elapsedMs: number): PaymentReturnStep {
  if (outcome === 'paid') return 'paid';
  if (outcome === 'failed') return 'failed';
  return elapsedMs + PAYMENT_POLL_INTERVAL_MS > PAYMENT_POLL_LIMIT_MS ? 'stalled' : 'poll';
}

/** The order id from `?order=`; anything else (the provider's `id`, `status`) is ignored. */
export function orderIdFrom(search: URLSearchParams): number | null {
  const id = Number(search.get('order'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
