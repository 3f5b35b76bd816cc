import { handsToKitchenAt } from '@sufra/shared/machines/order-lifecycle';
import type { PaymentOutcome } from '@sufra/shared/schemas/payment';
import { announceOrder } from '../../core/live-notices.repo.ts';
import type { OrderRow } from '../../core/order-rows.repo.ts';
import type { Transaction } from '../../db/client.ts';
import { PaymentProviderError, type ProviderPayment } from '../../providers/payment/payment-provider.ts';
import { changeable, type PaymentsCore, type Settled } from './payment-core.service.ts';
import {
  insertRefund,
  listAttemptsOfOrder,
  markOrderPaid,
  moveAttemptFromInitiated,
  type PaymentAttemptRow,
} from './payments.repo.ts';

/** Why a provider's payment is not the one this attempt asked for (null: it matches). */
export function mismatch(attempt: PaymentAttemptRow, payment: ProviderPayment): string | null {
  if (attempt.providerPaymentId !== null && payment.id !== attempt.providerPaymentId) return 'payment id';
  if (payment.amountHalalas !== attempt.amountHalalas) return 'amount';
  if (payment.currency !== 'SAR') return 'currency';
  if (payment.metadata.orderId !== String(attempt.orderId)) return 'order';
  return null;
}

export function outcomeOf(order: OrderRow, latest: PaymentAttemptRow | undefined): PaymentOutcome {
  if (order.paymentStatus !== 'unpaid') return 'paid';
  if (order.status === 'canceled' || !latest) return 'failed';
  if (latest.status === 'failed') return 'failed';
  // Never reached the provider (its create failed): nothing to wait for.
  if (latest.status === 'initiated' && latest.providerPaymentId === null) return 'failed';
  return latest.status === 'initiated' ? 'pending' : 'failed';
}

/** Settling an attempt from the provider's answer, and asking the provider about the open ones. */
export function createPaymentSettle(core: PaymentsCore) {
  return { settle: settle.bind(null, core), verifyOpenAttempts: verifyOpenAttempts.bind(null, core) };
}

/** What a settlement's transaction decided, and whether it queued a refund (the relay is woken after commit). */
interface SettledInTransaction {
  result: Settled;
  refundQueued: boolean;
}

/**
 * The one place an attempt's outcome is written, for the redirect's verify and the webhook alike. Conditional
 * updates make it exactly once: the attempt moves only from `initiated`, the order only from unpaid (and not
 * canceled), and the kitchen hand-off and the live notice are written in that same transaction. A payment for
 * an order that can no longer take it (canceled, or paid by another attempt) is refunded.
 */
export async function settle(
  core: PaymentsCore,
  attempt: PaymentAttemptRow,
  payment: ProviderPayment,
): Promise<Settled> {
  const { ctx, deps } = core;
  if (payment.status === 'initiated') return 'pending';
  if (payment.status !== 'paid' && payment.status !== 'failed') return 'ignored';
  const wrong = mismatch(attempt, payment);
  const now = ctx.now();
  const { result, refundQueued } = await ctx.db.transaction(async (tx): Promise<SettledInTransaction> => {
    if (wrong !== null) return failMismatched(tx, attempt, payment, wrong, now);
    if (payment.status === 'failed') {
      const moved = await moveAttemptFromInitiated(tx, attempt.id, 'failed', payment.id, payment.failureMessage, now);
      return { result: moved ? 'failed' : 'ignored', refundQueued: false };
    }
    return settlePaid(core, tx, attempt, payment, now);
  });
  if (wrong !== null)
    deps.log.error({ attemptId: attempt.id, paymentId: payment.id, wrong }, 'payment does not match its order');
  if (refundQueued) deps.onRefundQueued();
  return result;
}

/** A payment that is not the one the attempt asked for: the attempt fails, and money taken for it goes back. */
async function failMismatched(
  tx: Transaction,
  attempt: PaymentAttemptRow,
  payment: ProviderPayment,
  wrong: string,
  now: Date,
): Promise<SettledInTransaction> {
  // Money state must follow the provider's: whatever was taken for a payment we cannot accept goes back.
  const moved = await moveAttemptFromInitiated(tx, attempt.id, 'failed', payment.id, `mismatch: ${wrong}`, now);
  if (moved && payment.status === 'paid') {
    await insertRefund(tx, {
      attemptId: attempt.id,
      orderId: attempt.orderId,
      amountHalalas: payment.amountHalalas,
      reason: 'mismatch',
      now,
    });
    return { result: 'failed', refundQueued: true };
  }
  return { result: moved ? 'failed' : 'ignored', refundQueued: false };
}

/**
 * A paid payment: the attempt and the order marked paid, the lifecycle's `paid` (and the kitchen hand-off held
 * since placement) raised, the boards told; an order that can no longer take the money has it refunded.
 */
async function settlePaid(
  core: PaymentsCore,
  tx: Transaction,
  attempt: PaymentAttemptRow,
  payment: ProviderPayment,
  now: Date,
): Promise<SettledInTransaction> {
  const { deps } = core;
  const moved = await moveAttemptFromInitiated(tx, attempt.id, 'paid', payment.id, null, now);
  if (!moved) return { result: 'ignored', refundQueued: false };
  const order = await markOrderPaid(tx, attempt.orderId, now);
  if (!order) {
    await insertRefund(tx, {
      attemptId: attempt.id,
      orderId: attempt.orderId,
      amountHalalas: payment.amountHalalas,
      reason: 'order_not_payable',
      now,
    });
    return { result: 'ignored', refundQueued: true };
  }
  await deps.lifecycle.raise(tx, { moment: 'paid', order, at: now });
  // The kitchen hand-off held since placement, now that the money is verified (the kitchen's handler writes it).
  if (handsToKitchenAt(order) === 'payment') {
    await deps.lifecycle.raise(tx, { moment: 'handed_to_kitchen', order, at: now });
  }
  await announceOrder(tx, order);
  return { result: 'paid', refundQueued: false };
}

/**
 * Asks the provider about the attempts that can still change: open and bound to a payment (newest first, at most
 * MAX_OPEN_ATTEMPTS of them; settled ones are never asked again). A provider that does not answer leaves them open.
 */
export async function verifyOpenAttempts(core: PaymentsCore, orderId: number): Promise<void> {
  const { provider, log } = core.deps;
  const attempts = await listAttemptsOfOrder(core.ctx.db, orderId);
  for (const attempt of changeable(attempts)) {
    if (attempt.providerPaymentId === null) continue;
    let payment: ProviderPayment;
    try {
      payment = await provider.fetchPayment(attempt.providerPaymentId);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      log.warn({ attemptId: attempt.id, kind: error.kind }, 'payment fetch failed; left pending');
      continue;
    }
    if ((await settle(core, attempt, payment)) === 'paid') return;
  }
}
