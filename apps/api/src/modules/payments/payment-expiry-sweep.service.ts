import { PAYMENT_EXPIRED_REASON } from '@sufra/shared/schemas/order';
import { announceOrder } from '../../core/live-notices.repo.ts';
import { drainLeased, RELAY_RETRIES } from '../../lib/relay.ts';
import { PaymentProviderError, type ProviderPayment } from '../../providers/payment/payment-provider.ts';
import type { PaymentsCore, Settled } from './payment-core.service.ts';
import {
  cancelUnpaidCardOrder,
  claimExpiringCardOrders,
  listAttemptsOfOrder,
  type PaymentAttemptRow,
  scheduleExpiryCheck,
} from './payments.repo.ts';

/** Expiring abandoned card orders (the payment-expiry relay runs the sweep). */
export function createPaymentExpirySweep(
  core: PaymentsCore,
  settle: (attempt: PaymentAttemptRow, payment: ProviderPayment) => Promise<Settled>,
) {
  const { ctx, deps } = core;
  const { db } = ctx;
  const { provider, log } = deps;

  /**
   * One abandoned card order: every open attempt is asked of the provider first (a lost webhook must not lose a
   * payment), and one found paid is settled like a late verify. A provider that does not answer throws, so the
   * sweeper looks again later. Otherwise the order is canceled with its live notice, in one transaction. Attempts
   * still open at the provider stay `initiated`, as the provider has them: one paid later settles onto a canceled
   * order, and that is refunded ("paid after cancel").
   */
  async function expireOrder(orderId: number): Promise<'settled' | 'expired' | 'gone'> {
    for (const attempt of await listAttemptsOfOrder(db, orderId)) {
      // Every open one, past the cap too: nothing may be canceled over a payment nobody asked about.
      if (attempt.status !== 'initiated' || attempt.providerPaymentId === null) continue;
      let payment: ProviderPayment;
      try {
        payment = await provider.fetchPayment(attempt.providerPaymentId);
      } catch (error) {
        // Unknown to the provider: never created, so nothing was taken (a Moyasar attempt whose diner never sent
        // the card from our card page holds only its reserved id). Anything else: ask again later.
        if (error instanceof PaymentProviderError && error.kind === 'not_found') continue;
        throw error;
      }
      if ((await settle(attempt, payment)) === 'paid') return 'settled';
    }
    const canceled = await db.transaction(async (tx) => {
      const order = await cancelUnpaidCardOrder(tx, orderId, PAYMENT_EXPIRED_REASON, ctx.now());
      if (!order) return order;
      // The lifecycle's cancel reactions (loyalty gives back points the order spent), in this transaction.
      await deps.lifecycle.raise(tx, { moment: 'canceled', order, at: ctx.now() });
      // The diner's open page hears of it; the board never listed it (it was not paid), and filters it out.
      await announceOrder(tx, order);
      return order;
    });
    return canceled ? 'expired' : 'gone';
  }

  return {
    /**
     * One sweep of card orders unpaid past CARD_PAYMENT_TIMEOUT_MINUTES (the payment-expiry relay runs it): each
     * claimed under a lease, so instances never work on one order at once; a provider that does not answer gets
     * the order looked at again with backoff.
     */
    async expireAbandonedOnce(): Promise<{ expired: number; settled: number; failed: number }> {
      const result = { expired: 0, settled: 0, failed: 0 };
      await drainLeased({
        now: ctx.now,
        claim: (now, leaseUntil, limit) =>
          claimExpiringCardOrders(
            db,
            now,
            new Date(now.getTime() - ctx.config.payments.cardPaymentTimeoutMs),
            leaseUntil,
            limit,
          ),
        async handle(order) {
          const outcome = await expireOrder(order.id);
          if (outcome !== 'gone') result[outcome] += 1;
        },
        retry: RELAY_RETRIES.cardExpiry,
        async failed(order, message, retryAt) {
          result.failed += 1;
          log.warn({ orderId: order.id, checks: order.attempts, err: message }, 'card order expiry deferred');
          await scheduleExpiryCheck(db, order.id, order.attempts, retryAt ?? ctx.now());
        },
      });
      return result;
    },
  };
}
