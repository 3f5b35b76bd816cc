import type { Language } from '@sufra/shared/language';
import type { PaymentStatus } from '@sufra/shared/machines/payment-status';
import { errorMessage } from '@sufra/shared/messages/errors';
import { PAYMENT_EXPIRED_REASON } from '@sufra/shared/schemas/order';
import type { CardPageResponse, PaymentRedirect, PaymentVerifyResponse } from '@sufra/shared/schemas/payment';
import type { AppContext } from '../../app-context.ts';
import { findCustomerOrder, listLinesOf } from '../../core/order-rows.repo.ts';
import { toOrder } from '../../core/orders.view.ts';
import type { CustomerPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { PaymentProviderError, type ProviderPayment } from '../../providers/payment/payment-provider.ts';
import { beginAttempt, callbackUrl, paymentRequest, startAttempt } from './payment-attempts.service.ts';
import { type PaymentsCore, type PaymentsDeps, providerErrorCode } from './payment-core.service.ts';
import { createPaymentExpirySweep } from './payment-expiry-sweep.service.ts';
import { failureCodeOf } from './payment-failure.rules.ts';
import { createPaymentRefunds } from './payment-refunds.service.ts';
import { createPaymentSettle, outcomeOf } from './payment-settle.service.ts';
import { createPaymentWebhooks } from './payment-webhooks.service.ts';
import { findOrderRow, listAttemptsOfOrder, setAttemptProviderPayment } from './payments.repo.ts';

/** What the payments' operations need: the core (app and deps) and the settle step they share with webhooks. */
export interface PaymentsParts {
  core: PaymentsCore;
  settle: ReturnType<typeof createPaymentSettle>['settle'];
  verifyOpenAttempts: ReturnType<typeof createPaymentSettle>['verifyOpenAttempts'];
}

async function customerOrder({ core }: PaymentsParts, customer: CustomerPrincipal, orderId: number) {
  const row = await findCustomerOrder(core.ctx.db, orderId, customer.id, customer.brandId);
  if (!row) throw new AppError('order_not_found');
  return row;
}

/** A card order of this customer that can still be paid, with the provider's browser tokenization (Moyasar). */
async function orderForCardPage(parts: PaymentsParts, customer: CustomerPrincipal, orderId: number) {
  const tokenization = parts.core.deps.provider.cardTokenization;
  // The test gateway takes the card on its own page: ours is not for it.
  if (!tokenization) throw new AppError('not_found');
  const row = await customerOrder(parts, customer, orderId);
  if (row.order.paymentMethod !== 'card' || row.order.status === 'canceled') throw new AppError('order_not_payable');
  if (row.order.paymentStatus !== 'unpaid') throw new AppError('payment_already_completed');
  return { row, tokenization };
}

/** What our card page needs: the order (its total) and where the browser turns the card into a token. */
export async function cardPage(
  parts: PaymentsParts,
  customer: CustomerPrincipal,
  orderId: number,
  uuid: string,
): Promise<CardPageResponse> {
  const { core } = parts;
  const { row, tokenization } = await orderForCardPage(parts, customer, orderId);
  return {
    order: toOrder(row, await listLinesOf(core.ctx.db, [orderId])),
    tokenization,
    callbackUrl: callbackUrl(core, uuid, orderId),
  };
}

/**
 * The token our card page made in the browser (the card itself never comes here): the open attempt's payment is
 * created with it under the attempt's idempotency key, so a retried submit never makes a second payment. A
 * refused token or a provider that does not answer leaves the attempt open for another try.
 */
export async function submitCardToken(
  parts: PaymentsParts,
  customer: CustomerPrincipal,
  orderId: number,
  uuid: string,
  token: string,
  language: Language,
): Promise<PaymentRedirect> {
  const { core } = parts;
  const { db } = core.ctx;
  const { provider, log } = core.deps;
  const { row } = await orderForCardPage(parts, customer, orderId);
  let [attempt] = await listAttemptsOfOrder(db, orderId);
  if (attempt?.status !== 'initiated') {
    // The last attempt was settled meanwhile (declined in another tab): a new one, as the failed page's retry.
    await startAttempt(core, row.order, uuid, language);
    [attempt] = await listAttemptsOfOrder(db, orderId);
  }
  if (!attempt) throw new AppError('payment_provider_unavailable', { orderId });
  let payment: ProviderPayment;
  try {
    payment = await provider.createPayment({
      ...paymentRequest(core, orderId, uuid, attempt, language),
      sourceToken: token,
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    log.warn(
      { orderId, attemptId: attempt.id, kind: error.kind, status: error.httpStatus },
      'payment create with the card token failed',
    );
    throw new AppError(providerErrorCode(error, true));
  }
  if (payment.id !== attempt.providerPaymentId) {
    await setAttemptProviderPayment(db, attempt.id, payment.id, attempt.redirectUrl, core.ctx.now());
    attempt = { ...attempt, providerPaymentId: payment.id };
  }
  if (payment.status === 'initiated' && payment.redirectUrl) return { redirectUrl: payment.redirectUrl };
  // Decided at once (no 3-D Secure step): settled here, and the return page shows the verdict.
  await parts.settle(attempt, payment);
  return { redirectUrl: callbackUrl(core, uuid, orderId) };
}

/**
 * A replayed card placement answers a page to pay on: the open attempt's, or a new one when the last failed
 * or never reached the provider. Nothing for an order that is paid or canceled.
 */
export async function redirectForReplay(
  { core }: PaymentsParts,
  orderId: number,
  uuid: string,
  language: Language,
): Promise<PaymentRedirect | undefined> {
  const order = await findOrderRow(core.ctx.db, orderId);
  if (order?.paymentMethod !== 'card' || order.paymentStatus !== 'unpaid' || order.status === 'canceled') {
    return undefined;
  }
  return startAttempt(core, order, uuid, language);
}

/** A new attempt for an unpaid card order of this customer (never a second order). */
export async function retry(
  parts: PaymentsParts,
  customer: CustomerPrincipal,
  orderId: number,
  uuid: string,
  language: Language,
) {
  const { core } = parts;
  const row = await customerOrder(parts, customer, orderId);
  const order = row.order;
  if (order.paymentMethod !== 'card') throw new AppError('order_not_payable');
  if (order.paymentStatus !== 'unpaid') throw new AppError('payment_already_completed');
  if (order.status === 'canceled') {
    throw new AppError(order.cancelReason === PAYMENT_EXPIRED_REASON ? 'payment_expired' : 'order_not_payable');
  }
  const payment = await startAttempt(core, order, uuid, language);
  return { order: toOrder(row, await listLinesOf(core.ctx.db, [orderId])), payment };
}

/** The return page's question. The query string the provider appended is never read: the provider is asked. */
export async function verify(
  parts: PaymentsParts,
  customer: CustomerPrincipal,
  orderId: number,
  language: Language,
): Promise<PaymentVerifyResponse> {
  const { core } = parts;
  let row = await customerOrder(parts, customer, orderId);
  if (row.order.paymentMethod !== 'card') throw new AppError('order_not_payable');
  // A canceled (expired) order is asked about too: a payment made after all is then settled, and refunded.
  if (row.order.paymentStatus === 'unpaid') {
    await parts.verifyOpenAttempts(orderId);
    row = await customerOrder(parts, customer, orderId);
  }
  const [latest] = await listAttemptsOfOrder(core.ctx.db, orderId);
  const outcome = outcomeOf(row.order, latest);
  // What happened, when the provider said (declined, insufficient funds, 3-D Secure), else the spec's words.
  const code = latest?.status === 'failed' ? failureCodeOf(latest.failureMessage) : 'payment_failed';
  return {
    outcome,
    order: toOrder(row, await listLinesOf(core.ctx.db, [orderId])),
    attemptStatus: latest ? (latest.status as PaymentStatus) : null,
    error: outcome === 'failed' ? { code, message: errorMessage(code, language) } : null,
  };
}

/**
 * Card payments: attempts at the provider, our card page, the return page's verify, webhooks, the expiry sweep and
 * refunds. The parts live in payment-*.ts and the operations above; this binds them to the app.
 */
export function createPaymentsService(ctx: AppContext, deps: PaymentsDeps) {
  const core: PaymentsCore = { ctx, deps };
  const { settle, verifyOpenAttempts } = createPaymentSettle(core);
  const parts: PaymentsParts = { core, settle, verifyOpenAttempts };
  const { expireAbandonedOnce } = createPaymentExpirySweep(core, settle);
  const { receiveWebhook, webhooksIdle } = createPaymentWebhooks(core, settle);
  const { owePaidOrderRefund, drainRefundsOnce } = createPaymentRefunds(core);

  return {
    startAttempt: startAttempt.bind(null, core),
    beginAttempt: beginAttempt.bind(null, core),
    /** The provider's name, as placement writes it on an order's first attempt. */
    providerName: deps.provider.name,
    cardPage: cardPage.bind(null, parts),
    submitCardToken: submitCardToken.bind(null, parts),
    redirectForReplay: redirectForReplay.bind(null, parts),
    retry: retry.bind(null, parts),
    verify: verify.bind(null, parts),
    /**
     * A provider's webhook: verified over the raw body first (forged → 401, nothing changed), deduplicated by event
     * id, and acknowledged at once; its payment is then settled in the background (idle() waits for that), with the
     * same settle as the redirect. A genuine event about something we never act on is acknowledged and ignored. A
     * `paid` is believed only from the provider's own answer to a fetch (matched like the redirect's); a signed
     * `failed` is taken as sent (failing keeps the order unpaid, which is always safe, and the timeout test card's
     * fetch is held, so only the webhook can tell). A fetch that fails after the acknowledgement loses nothing: the
     * return page's verify and the expiry sweeper both ask the provider again.
     */
    receiveWebhook,

    /** Resolves once the webhooks acknowledged so far are settled (tests; the app waits for it on close). */
    webhooksIdle,

    /**
     * One sweep of card orders unpaid past CARD_PAYMENT_TIMEOUT_MINUTES (the payment-expiry relay runs it): each
     * claimed under a lease, so instances never work on one order at once; a provider that does not answer gets
     * the order looked at again with backoff.
     */
    expireAbandonedOnce,

    /** In a cancel's transaction: a paid card order owes a full refund, sent after commit (onRefundQueued). */
    owePaidOrderRefund,

    /**
     * Sends due refunds to the provider. An error that may hide a refund already made (a timeout, a refusal of a
     * second refund) is checked by fetching the payment: refunded there → done here. Otherwise retried later.
     */
    drainRefundsOnce,
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
