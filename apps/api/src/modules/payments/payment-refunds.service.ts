import { announceOrder } from '../../core/live-notices.repo.ts';
import type { Queryable } from '../../db/client.ts';
import { drainLeased, RELAY_RETRIES } from '../../lib/relay.ts';
import { PaymentProviderError } from '../../providers/payment/payment-provider.ts';
import type { PaymentsCore } from './payment-core.service.ts';
import {
  claimDueRefunds,
  insertRefund,
  listAttemptsOfOrder,
  markAttemptRefunded,
  markOrderRefunded,
  markRefundDone,
  markRefundFailedAttempt,
} from './payments.repo.ts';

/** Refunds: owed in a cancel's transaction, and sent to the provider by the refund relay. */
export function createPaymentRefunds(core: PaymentsCore) {
  const { ctx, deps } = core;
  const { db } = ctx;
  const { provider, log } = deps;

  return {
    /** In a cancel's transaction: a paid card order owes a full refund, sent after commit (onRefundQueued). */
    async owePaidOrderRefund(tx: Queryable, orderId: number): Promise<boolean> {
      const attempts = await listAttemptsOfOrder(tx, orderId);
      const paid = attempts.find((a) => a.status === 'paid');
      if (!paid) return false;
      await insertRefund(tx, {
        attemptId: paid.id,
        orderId,
        amountHalalas: paid.amountHalalas,
        reason: 'order_canceled',
        now: ctx.now(),
      });
      return true;
    },

    /**
     * Sends due refunds to the provider. An error that may hide a refund already made (a timeout, a refusal of a
     * second refund) is checked by fetching the payment: refunded there → done here. Otherwise retried later.
     */
    async drainRefundsOnce(): Promise<{ done: number; failed: number }> {
      const result = { done: 0, failed: 0 };
      await drainLeased({
        now: ctx.now,
        claim: (now, leaseUntil, limit) => claimDueRefunds(db, now, leaseUntil, limit),
        async handle(refund) {
          if (refund.providerPaymentId === null) throw new Error('refund of an attempt without a payment id');
          try {
            await provider.refundPayment(refund.providerPaymentId);
          } catch (error) {
            if (!(error instanceof PaymentProviderError)) throw error;
            const current = await provider.fetchPayment(refund.providerPaymentId);
            if (current.status !== 'refunded') throw error;
          }
          await db.transaction(async (tx) => {
            if (!(await markRefundDone(tx, refund.id, refund.attempts, ctx.now()))) return;
            await markAttemptRefunded(tx, refund.attemptId, ctx.now());
            if (refund.reason !== 'order_canceled') return;
            const order = await markOrderRefunded(tx, refund.orderId, ctx.now());
            if (!order) return;
            await deps.lifecycle.raise(tx, { moment: 'refunded', order, at: ctx.now() });
            await announceOrder(tx, order);
          });
          result.done += 1;
        },
        retry: RELAY_RETRIES.refunds,
        async failed(refund, message, retryAt) {
          result.failed += 1;
          log.warn({ refundId: refund.id, attempts: refund.attempts, error: message }, 'refund failed; will retry');
          await markRefundFailedAttempt(db, refund.id, refund.attempts, retryAt ?? ctx.now(), message);
        },
      });
      return result;
    },
  };
}
