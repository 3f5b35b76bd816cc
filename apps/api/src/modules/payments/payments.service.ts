import { randomUUID } from 'node:crypto';
import type { Language } from '@sufra/shared/language';
import type { PaymentStatus } from '@sufra/shared/machines/payment-status';
import { type ErrorCode, errorMessage } from '@sufra/shared/messages/errors';
import { type Order, PAYMENT_EXPIRED_REASON } from '@sufra/shared/schemas/order';
import type {
  CardPageResponse,
  PaymentOutcome,
  PaymentRedirect,
  PaymentVerifyResponse,
} from '@sufra/shared/schemas/payment';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { Queryable } from '../../db/client.ts';
import { drainLeased, RELAY_RETRIES } from '../../lib/relay.ts';
import type { CustomerPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import {
  type CreatePaymentInput,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderPayment,
  type WebhookRequest,
} from '../../providers/payment/payment-provider.ts';
import { notifyLive } from '../order-events/order-events.repo.ts';
import type { OrderLifecycle } from '../orders/order-lifecycle.ts';
import { findCustomerOrder, insertOutboxEvent, listLinesOf, type OrderRow } from '../orders/orders.repo.ts';
import { failureCodeOf } from './payment-failure.ts';
import {
  cancelUnpaidCardOrder,
  claimDueRefunds,
  claimExpiringCardOrders,
  findAttempt,
  findAttemptByProviderPayment,
  findOrderRow,
  insertPaymentAttempt,
  insertRefund,
  listAttemptsOfOrder,
  lockOrderForAttempt,
  markAttemptRefunded,
  markOrderPaid,
  markOrderRefunded,
  markRefundDone,
  markRefundFailedAttempt,
  moveAttemptFromInitiated,
  type PaymentAttemptRow,
  recordWebhookEvent,
  scheduleExpiryCheck,
  setAttemptFailureMessage,
  setAttemptProviderPayment,
} from './payments.repo.ts';

export interface PaymentsDeps {
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  /** Called after a commit that owes a refund (the app drains the refunds then). */
  onRefundQueued: () => void;
  /** The order lifecycle seam: a refund raises `refunded` in the transaction that records it. */
  lifecycle: OrderLifecycle;
  /** A card order's row and lines as the API answers it (orders.service toOrder). */
  toOrder: (
    row: { order: OrderRow; branchNameAr: string; branchNameEn: string },
    lines: Awaited<ReturnType<typeof listLinesOf>>,
  ) => Order;
}

type Settled = 'paid' | 'failed' | 'pending' | 'ignored';

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

/** The live `order_updated` notice to the order's diner and board; sent when the caller's transaction commits. */
function announceOrder(tx: Queryable, order: Pick<OrderRow, 'id' | 'brandId' | 'branchId' | 'customerId'>) {
  return notifyLive(tx, {
    kind: 'order_updated',
    orderId: order.id,
    brandId: order.brandId,
    branchId: order.branchId,
    customerId: order.customerId,
  });
}

/** The attempts a verify asks the provider about: open, bound to a payment, the newest MAX_OPEN_ATTEMPTS. */
function changeable(attempts: PaymentAttemptRow[]): PaymentAttemptRow[] {
  return attempts.filter((a) => a.status === 'initiated' && a.providerPaymentId !== null).slice(0, MAX_OPEN_ATTEMPTS);
}

/**
 * What a provider error means to the diner: a refused card is theirs to change; a throttled provider or one that
 * does not answer is worth another try shortly; a refused key or method is our configuration (never "card refused").
 */
function providerErrorCode(error: PaymentProviderError, withCard: boolean): ErrorCode {
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

export function createPaymentsService(ctx: AppContext, deps: PaymentsDeps) {
  const { db } = ctx;
  const { provider, log } = deps;

  /** Built from the configured public URL, never from the request's Host header (a forged host would send the diner elsewhere). */
  function callbackUrl(uuid: string, orderId: number): string {
    return `${ctx.config.publicUrl}/payment/${uuid}?order=${orderId}`;
  }

  /**
   * What the provider is asked for an attempt's payment. The description carries the order's id: its number is not
   * drawn yet when placement asks.
   */
  function paymentRequest(
    orderId: number,
    uuid: string,
    attempt: { id: number; idempotencyKey: string; amountHalalas: number },
    language: Language,
  ): CreatePaymentInput {
    return {
      amountHalalas: attempt.amountHalalas,
      currency: 'SAR',
      description: `Sufra order id ${orderId}`,
      callbackUrl: callbackUrl(uuid, orderId),
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
  function beginAttempt(
    order: { id: number; total: number },
    uuid: string,
    attempt: { id: number; idempotencyKey: string },
    language: Language,
  ): { finish(): Promise<PaymentRedirect> } {
    const created = provider
      .createPayment(paymentRequest(order.id, uuid, { ...attempt, amountHalalas: order.total }, language))
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
  async function startAttempt(order: OrderRow, uuid: string, language: Language): Promise<PaymentRedirect> {
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
        provider: provider.name,
        idempotencyKey: newAttemptKey(),
        amountHalalas: order.total,
        now,
      });
      return { attempt };
    });
    if ('reuse' in opened) return { redirectUrl: opened.reuse };
    return beginAttempt(order, uuid, opened.attempt, language).finish();
  }

  /** Why a provider's payment is not the one this attempt asked for (null: it matches). */
  function mismatch(attempt: PaymentAttemptRow, payment: ProviderPayment): string | null {
    if (attempt.providerPaymentId !== null && payment.id !== attempt.providerPaymentId) return 'payment id';
    if (payment.amountHalalas !== attempt.amountHalalas) return 'amount';
    if (payment.currency !== 'SAR') return 'currency';
    if (payment.metadata.orderId !== String(attempt.orderId)) return 'order';
    return null;
  }

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
      // The kitchen hand-off held since placement, now that the money is verified.
      await insertOutboxEvent(tx, {
        orderId: order.id,
        event: 'order_placed',
        payload: { orderId: order.id, brandId: order.brandId, branchId: order.branchId, number: order.number },
      });
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

  async function customerOrder(customer: CustomerPrincipal, orderId: number) {
    const row = await findCustomerOrder(db, orderId, customer.id, customer.brandId);
    if (!row) throw new AppError('order_not_found');
    return row;
  }

  function outcomeOf(order: OrderRow, latest: PaymentAttemptRow | undefined): PaymentOutcome {
    if (order.paymentStatus !== 'unpaid') return 'paid';
    if (order.status === 'canceled' || !latest) return 'failed';
    if (latest.status === 'failed') return 'failed';
    // Never reached the provider (its create failed): nothing to wait for.
    if (latest.status === 'initiated' && latest.providerPaymentId === null) return 'failed';
    return latest.status === 'initiated' ? 'pending' : 'failed';
  }

  /** A card order of this customer that can still be paid, with the provider's browser tokenization (Moyasar). */
  async function orderForCardPage(customer: CustomerPrincipal, orderId: number) {
    const tokenization = provider.cardTokenization;
    // The test gateway takes the card on its own page: ours is not for it.
    if (!tokenization) throw new AppError('not_found');
    const row = await customerOrder(customer, orderId);
    if (row.order.paymentMethod !== 'card' || row.order.status === 'canceled') throw new AppError('order_not_payable');
    if (row.order.paymentStatus !== 'unpaid') throw new AppError('payment_already_completed');
    return { row, tokenization };
  }

  return {
    startAttempt,
    beginAttempt,
    /** The provider's name, as placement writes it on an order's first attempt. */
    providerName: provider.name,

    /** What our card page needs: the order (its total) and where the browser turns the card into a token. */
    async cardPage(customer: CustomerPrincipal, orderId: number, uuid: string): Promise<CardPageResponse> {
      const { row, tokenization } = await orderForCardPage(customer, orderId);
      return {
        order: deps.toOrder(row, await listLinesOf(db, [orderId])),
        tokenization,
        callbackUrl: callbackUrl(uuid, orderId),
      };
    },

    /**
     * The token our card page made in the browser (the card itself never comes here): the open attempt's payment is
     * created with it under the attempt's idempotency key, so a retried submit never makes a second payment. A
     * refused token or a provider that does not answer leaves the attempt open for another try.
     */
    async submitCardToken(
      customer: CustomerPrincipal,
      orderId: number,
      uuid: string,
      token: string,
      language: Language,
    ): Promise<PaymentRedirect> {
      const { row } = await orderForCardPage(customer, orderId);
      let [attempt] = await listAttemptsOfOrder(db, orderId);
      if (attempt?.status !== 'initiated') {
        // The last attempt was settled meanwhile (declined in another tab): a new one, as the failed page's retry.
        await startAttempt(row.order, uuid, language);
        [attempt] = await listAttemptsOfOrder(db, orderId);
      }
      if (!attempt) throw new AppError('payment_provider_unavailable', { orderId });
      let payment: ProviderPayment;
      try {
        payment = await provider.createPayment({
          ...paymentRequest(orderId, uuid, attempt, language),
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
        await setAttemptProviderPayment(db, attempt.id, payment.id, attempt.redirectUrl, ctx.now());
        attempt = { ...attempt, providerPaymentId: payment.id };
      }
      if (payment.status === 'initiated' && payment.redirectUrl) return { redirectUrl: payment.redirectUrl };
      // Decided at once (no 3-D Secure step): settled here, and the return page shows the verdict.
      await settle(attempt, payment);
      return { redirectUrl: callbackUrl(uuid, orderId) };
    },

    /**
     * A replayed card placement answers a page to pay on: the open attempt's, or a new one when the last failed
     * or never reached the provider. Nothing for an order that is paid or canceled.
     */
    async redirectForReplay(orderId: number, uuid: string, language: Language): Promise<PaymentRedirect | undefined> {
      const order = await findOrderRow(db, orderId);
      if (order?.paymentMethod !== 'card' || order.paymentStatus !== 'unpaid' || order.status === 'canceled') {
        return undefined;
      }
      return startAttempt(order, uuid, language);
    },

    /** A new attempt for an unpaid card order of this customer (never a second order). */
    async retry(customer: CustomerPrincipal, orderId: number, uuid: string, language: Language) {
      const row = await customerOrder(customer, orderId);
      const order = row.order;
      if (order.paymentMethod !== 'card') throw new AppError('order_not_payable');
      if (order.paymentStatus !== 'unpaid') throw new AppError('payment_already_completed');
      if (order.status === 'canceled') {
        throw new AppError(order.cancelReason === PAYMENT_EXPIRED_REASON ? 'payment_expired' : 'order_not_payable');
      }
      const payment = await startAttempt(order, uuid, language);
      return { order: deps.toOrder(row, await listLinesOf(db, [orderId])), payment };
    },

    /** The return page's question. The query string the provider appended is never read: the provider is asked. */
    async verify(customer: CustomerPrincipal, orderId: number, language: Language): Promise<PaymentVerifyResponse> {
      let row = await customerOrder(customer, orderId);
      if (row.order.paymentMethod !== 'card') throw new AppError('order_not_payable');
      // A canceled (expired) order is asked about too: a payment made after all is then settled, and refunded.
      if (row.order.paymentStatus === 'unpaid') {
        await verifyOpenAttempts(orderId);
        row = await customerOrder(customer, orderId);
      }
      const [latest] = await listAttemptsOfOrder(db, orderId);
      const outcome = outcomeOf(row.order, latest);
      // What happened, when the provider said (declined, insufficient funds, 3-D Secure), else the spec's words.
      const code = latest?.status === 'failed' ? failureCodeOf(latest.failureMessage) : 'payment_failed';
      return {
        outcome,
        order: deps.toOrder(row, await listLinesOf(db, [orderId])),
        attemptStatus: latest ? (latest.status as PaymentStatus) : null,
        error: outcome === 'failed' ? { code, message: errorMessage(code, language) } : null,
      };
    },

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

export type PaymentsService = ReturnType<typeof createPaymentsService>;
