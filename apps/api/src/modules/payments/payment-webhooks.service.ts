import { AppError } from '../../plugins/errors.ts';
import {
  type PaymentProvider,
  PaymentProviderError,
  type ProviderPayment,
  type WebhookRequest,
} from '../../providers/payment/payment-provider.ts';
import type { PaymentsCore, Settled } from './payment-core.service.ts';
import {
  findAttempt,
  findAttemptByProviderPayment,
  type PaymentAttemptRow,
  recordWebhookEvent,
} from './payments.repo.ts';

/** The provider's webhooks: verified, deduplicated, acknowledged, then settled in the background. */
export function createPaymentWebhooks(
  core: PaymentsCore,
  settle: (attempt: PaymentAttemptRow, payment: ProviderPayment) => Promise<Settled>,
) {
  const { ctx, deps } = core;
  const { db } = ctx;
  const { provider, log } = deps;

  /** Webhook settles still running after their acknowledgement. */
  const webhookWork = new Set<Promise<void>>();

  async function settleFromWebhook(eventId: string, payment: ProviderPayment): Promise<void> {
    let attempt = await findAttemptByProviderPayment(db, provider.name, payment.id);
    if (!attempt) {
      // A create whose answer was lost: the attempt is found by the id we put in the payment's metadata.
      const attemptId = Number(payment.metadata.attemptId);
      const unbound = Number.isSafeInteger(attemptId) ? await findAttempt(db, attemptId) : undefined;
      if (unbound && unbound.providerPaymentId === null && String(unbound.orderId) === payment.metadata.orderId) {
        attempt = unbound;
      }
    }
    if (!attempt) {
      log.warn({ eventId, paymentId: payment.id }, 'webhook for an unknown payment');
      return;
    }
    if (payment.status === 'failed') {
      await settle(attempt, payment);
      return;
    }
    await settle(attempt, await provider.fetchPayment(payment.id));
  }

  return {
    /**
     * A provider's webhook: verified over the raw body first (forged → 401, nothing changed), deduplicated by event
     * id, and acknowledged at once; its payment is then settled in the background (idle() waits for that), with the
     * same settle as the redirect. A genuine event about something we never act on is acknowledged and ignored. A
     * `paid` is believed only from the provider's own answer to a fetch (matched like the redirect's); a signed
     * `failed` is taken as sent (failing keeps the order unpaid, which is always safe, and the timeout test card's
     * fetch is held, so only the webhook can tell). A fetch that fails after the acknowledgement loses nothing: the
     * return page's verify and the expiry sweeper both ask the provider again.
     */
    async receiveWebhook(providerName: string, request: WebhookRequest): Promise<void> {
      if (providerName !== provider.name) throw new AppError('not_found');
      let event: ReturnType<PaymentProvider['verifyWebhook']>;
      try {
        event = provider.verifyWebhook(request);
      } catch (error) {
        if (error instanceof PaymentProviderError) throw new AppError('payment_webhook_invalid');
        throw error;
      }
      const payment = event.payment;
      if (!payment) {
        log.info({ eventId: event.eventId, type: event.type }, 'webhook acknowledged: nothing to act on');
        return;
      }
      const fresh = await recordWebhookEvent(db, {
        provider: provider.name,
        eventId: event.eventId,
        type: event.type,
        providerPaymentId: payment.id,
        now: ctx.now(),
      });
      if (!fresh) return;
      const work = settleFromWebhook(event.eventId, payment).catch((error: unknown) => {
        log.warn(
          { eventId: event.eventId, paymentId: payment.id, err: error },
          'webhook settle failed; verify and the sweeper will ask again',
        );
      });
      webhookWork.add(work);
      void work.finally(() => webhookWork.delete(work));
    },

    /** Resolves once the webhooks acknowledged so far are settled (tests; the app waits for it on close). */
    async webhooksIdle(): Promise<void> {
      while (webhookWork.size > 0) await Promise.allSettled([...webhookWork]);
    },
  };
}
