import type { Language } from '@sufra/shared/language';
import type { PaymentRedirect } from '@sufra/shared/schemas/payment';
import type { OrderRow } from '../../core/order-rows.repo.ts';
import { AppError } from '../../plugins/errors.ts';
import { type CreatePaymentInput, PaymentProviderError } from '../../providers/payment/payment-provider.ts';
import {
  changeable,
  MAX_OPEN_ATTEMPTS,
  newAttemptKey,
  type PaymentsCore,
  providerErrorCode,
} from './payment-core.service.ts';
import {
  insertPaymentAttempt,
  listAttemptsOfOrder,
  lockOrderForAttempt,
  type PaymentAttemptRow,
  setAttemptFailureMessage,
  setAttemptProviderPayment,
} from './payments.repo.ts';

// Opening an attempt: the provider's create, and the page the diner is sent to.

/** Built from the configured public URL, never from the request's Host header (a forged host would send the diner elsewhere). */
export function callbackUrl({ ctx }: PaymentsCore, uuid: string, orderId: number): string {
  return `${ctx.config.publicUrl}/payment/${uuid}?order=${orderId}`;
}

/**
 * What the provider is asked for an attempt's payment. The description carries the order's id: its number is not
 * drawn yet when placement asks.
 */
export function paymentRequest(
  core: PaymentsCore,
  orderId: number,
  uuid: string,
  attempt: { id: number; idempotencyKey: string; amountHalalas: number },
  language: Language,
): CreatePaymentInput {
  return {
    amountHalalas: attempt.amountHalalas,
    currency: 'SAR',
    // In the diner's language: the provider's page shows it as it is (the Arabic page read "Sufra order id 2").
    description: language === 'ar' ? `طلب سفرة رقم ${orderId}` : `Sufra order id ${orderId}`,
    callbackUrl: callbackUrl(core, uuid, orderId),
    idempotencyKey: attempt.idempotencyKey,
    metadata: { orderId: String(orderId), attemptId: String(attempt.id) },
    language,
  };
}

/**
 * Asks the provider for an attempt's payment at once; `finish` records its answer on the attempt (which must be
 * written by then) and says where to send the diner. Placement begins it while its order is being written, so the
 * provider's round trip and the order's overlap; a payment begun for an order whose write then failed is never
 * finished: the provider keeps a payment nobody is sent to, which is never paid. A provider that does not answer
 * leaves the order unpaid with the attempt unbound (a webhook for it still finds it by metadata), and the diner
 * gets a clear 502 and can retry.
 */
export function beginAttempt(
  core: PaymentsCore,
  order: { id: number; total: number },
  uuid: string,
  attempt: { id: number; idempotencyKey: string },
  language: Language,
): { finish(): Promise<PaymentRedirect> } {
  const { ctx, deps } = core;
  const { db } = ctx;
  const { provider, log } = deps;
  const created = provider
    .createPayment(paymentRequest(core, order.id, uuid, { ...attempt, amountHalalas: order.total }, language))
    // Settled here, so a payment begun for a write that failed leaves no unhandled rejection behind.
    .then(
      (payment) => ({ payment }),
      (error: unknown) => ({ error }),
    );
  return {
    async finish() {
      const outcome = await created;
      if ('error' in outcome) {
        const { error } = outcome;
        if (!(error instanceof PaymentProviderError)) throw error;
        log.warn({ orderId: order.id, attemptId: attempt.id, kind: error.kind }, 'payment create failed');
        await setAttemptFailureMessage(db, attempt.id, `create: ${error.kind}`, ctx.now());
        throw new AppError(providerErrorCode(error, false), { orderId: order.id });
      }
      const { payment } = outcome;
      await setAttemptProviderPayment(db, attempt.id, payment.id, payment.redirectUrl, ctx.now());
      if (!payment.redirectUrl) throw new AppError('payment_provider_unavailable', { orderId: order.id });
      return { redirectUrl: payment.redirectUrl };
    },
  };
}

/**
 * A page to pay an unpaid card order on (the failed page's retry, a replay whose attempt is spent): the newest
 * attempt's page while it is still open, else a new attempt, its row first. Attempts of one order are opened under
 * the order's row lock, so a flood of retries makes one payment at the provider, not one each:
 * - the newest still open with a page → that page again;
 * - the newest's create still on its way (no answer, no failure yet) → 409 payment_in_progress;
 * - MAX_OPEN_ATTEMPTS open at the provider already (older tabs) → the newest of their pages;
 * - otherwise (the last failed, or its create did) → a new attempt.
 */
export async function startAttempt(
  core: PaymentsCore,
  order: OrderRow,
  uuid: string,
  language: Language,
): Promise<PaymentRedirect> {
  const { ctx, deps } = core;
  const { db } = ctx;
  const now = ctx.now();
  const opened = await db.transaction(async (tx): Promise<{ reuse: string } | { attempt: PaymentAttemptRow }> => {
    await lockOrderForAttempt(tx, order.id);
    const attempts = await listAttemptsOfOrder(tx, order.id);
    const newest = attempts[0];
    if (newest?.status === 'initiated') {
      if (newest.redirectUrl) return { reuse: newest.redirectUrl };
      // Twice the provider's deadline: a create that old has answered or failed (or its process died).
      const inFlight =
        newest.providerPaymentId === null &&
        newest.failureMessage === null &&
        now.getTime() - newest.createdAt.getTime() < 2 * ctx.config.payments.timeoutMs;
      if (inFlight) throw new AppError('payment_in_progress');
    }
    const open = changeable(attempts);
    if (open.length >= MAX_OPEN_ATTEMPTS) {
      const page = open.find((a) => a.redirectUrl !== null)?.redirectUrl;
      if (page) return { reuse: page };
      throw new AppError('payment_in_progress');
    }
    const attempt = await insertPaymentAttempt(tx, {
      orderId: order.id,
      provider: deps.provider.name,
      idempotencyKey: newAttemptKey(),
      amountHalalas: order.total,
      now,
    });
    return { attempt };
  });
  if ('reuse' in opened) return { redirectUrl: opened.reuse };
  return beginAttempt(core, order, uuid, opened.attempt, language).finish();
}
