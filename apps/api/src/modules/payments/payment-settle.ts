import { handsToKitchenAt } from '@sufra/shared/machines/order-lifecycle';
import type { PaymentOutcome } from '@sufra/shared/schemas/payment';
import { PaymentProviderError, type ProviderPayment } from '../../providers/payment/payment-provider.ts';
import type { OrderRow } from '../orders/orders.repo.ts';
import { announceOrder, changeable, type PaymentsCore, type Settled } from './payment-core.ts';
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
  const { ctx, deps } = core;
  const { db } = ctx;
  const { provider, log } = deps;

  /**
   * The one place an attempt's outcome is written, for the redirect's verify and the webhook alike. Conditional
   * updates make it exactly once: the attempt moves only from `initiated`, the order only from unpaid (and not
   * canceled), and the kitchen hand-off and the live notice are written in that same transaction. A payment for
   * an order that can no longer take it (canceled, or paid by another attempt) is refunded.
   */
  async function settle(attempt: PaymentAttemptRow, payment: ProviderPayment): Promise<Settled> {
    if (payment.status === 'initiated') return 'pending';
    if (payment.status !== 'paid' && payment.status !== 'failed') return 'ignored';
    const wrong = mismatch(attempt, payment);
    const now = ctx.now();
    let refundQueued = false;
    const result = await db.transaction(async (tx): Promise<Settled> => {
      if (wrong !== null) {
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
          refundQueued = true;
        }
        return moved ? 'failed' : 'ignored';
      }
      if (payment.status === 'failed') {
        const moved = await moveAttemptFromInitiated(tx, attempt.id, 'failed', payment.id, payment.failureMessage, now);
        return moved ? 'failed' : 'ignored';
      }
      const moved = await moveAttemptFromInitiated(tx, attempt.id, 'paid', payment.id, null, now);
      if (!moved) return 'ignored';
      const order = await markOrderPaid(tx, attempt.orderId, now);
      if (!order) {
        await insertRefund(tx, {
          attemptId: attempt.id,
          orderId: attempt.orderId,
          amountHalalas: payment.amountHalalas,
          reason: 'order_not_payable',
          now,
        });
        refundQueued = true;
        return 'ignored';
      }
      await deps.lifecycle.raise(tx, { moment: 'paid', order, at: now });
      // The kitchen hand-off held since placement, now that the money is verified (the kitchen's handler writes it).
      if (handsToKitchenAt(order) === 'payment') {
        await deps.lifecycle.raise(tx, { moment: 'handed_to_kitchen', order, at: now });
      }
      await announceOrder(tx, order);
      return 'paid';
    });
    if (wrong !== null)
      log.error({ attemptId: attempt.id, paymentId: payment.id, wrong }, 'payment does not match its order');
    if (refundQueued) deps.onRefundQueued();
    return result;
  }

  /**
   * Asks the provider about the attempts that can still change: open and bound to a payment (newest first, at most
   * MAX_OPEN_ATTEMPTS of them; settled ones are never asked again). A provider that does not answer leaves them open.
   */
  async function verifyOpenAttempts(orderId: number): Promise<void> {
    const attempts = await listAttemptsOfOrder(db, orderId);
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
      if ((await settle(attempt, payment)) === 'paid') return;
    }
  }

  return { settle, verifyOpenAttempts };
}
