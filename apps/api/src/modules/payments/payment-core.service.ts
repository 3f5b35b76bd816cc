import { randomUUID } from 'node:crypto';
import type { ErrorCode } from '@sufra/shared/messages/errors';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { OrderLifecycle } from '../../core/order-lifecycle.service.ts';

import type { PaymentProvider, PaymentProviderError } from '../../providers/payment/payment-provider.ts';
import type { PaymentAttemptRow } from './payments.repo.ts';

export interface PaymentsDeps {
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  /** Called after a commit that owes a refund (the app drains the refunds then). */
  onRefundQueued: () => void;
  /** The order lifecycle seam: a refund raises `refunded` in the transaction that records it. */
  lifecycle: OrderLifecycle;
}

/** What every part of the payments service works with: the app's context and the service's deps. */
export interface PaymentsCore {
  ctx: AppContext;
  deps: PaymentsDeps;
}

export type Settled = 'paid' | 'failed' | 'pending' | 'ignored';

/**
 * At most this many attempts of one order may be open (`initiated`) at once. A retry while the newest is still open
 * answers that one's page instead of asking the provider for another payment, so a flood of retries makes no
 * payments, and a verify (which asks about every open attempt) makes at most this many calls.
 */
export const MAX_OPEN_ATTEMPTS = 3;

/** Ours, sent to the provider as the create's idempotency key: one per attempt. */
export function newAttemptKey(): string {
  return randomUUID();
}

/** The attempts a verify asks the provider about: open, bound to a payment, the newest MAX_OPEN_ATTEMPTS. */
export function changeable(attempts: PaymentAttemptRow[]): PaymentAttemptRow[] {
  return attempts.filter((a) => a.status === 'initiated' && a.providerPaymentId !== null).slice(0, MAX_OPEN_ATTEMPTS);
}

/**
 * What a provider error means to the diner: a refused card is theirs to change; a throttled provider or one that
 * does not answer is worth another try shortly; a refused key or method is our configuration (never "card refused").
 */
export function providerErrorCode(error: PaymentProviderError, withCard: boolean): ErrorCode {
  switch (error.kind) {
    case 'rejected':
      // Without a card in the request, a refusal is of our request, not of anything the diner typed.
      return withCard ? 'payment_card_refused' : 'payment_provider_unavailable';
    case 'rate_limited':
      return 'payment_provider_busy';
    case 'misconfigured':
      return 'payment_provider_misconfigured';
    default:
      return 'payment_provider_unavailable';
  }
}
