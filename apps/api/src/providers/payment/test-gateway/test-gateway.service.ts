import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { PaymentStatus } from '@sufra/shared/machines/payment-status';
import {
  type CardBrand,
  type CardErrorCode,
  type CardField,
  checkCard,
  toAsciiDigits,
} from '@sufra/shared/payments/card';
import type { PaymentsConfig } from '../../../config/env.ts';
import type { Database, Transaction } from '../../../db/client.ts';
import { testCardOutcome } from './test-cards.ts';
import {
  findGatewayPayment,
  findGatewayPaymentByGivenId,
  type GatewayPaymentRow,
  insertGatewayPayment,
  insertGatewayWebhook,
  refundGatewayPayment,
  updateGatewayPaymentFrom,
} from './test-gateway.repo.ts';

/** An answer of the gateway's API that is not a success, in its own (Moyasar-like) error format. */
export class GatewayApiError extends Error {
  override name = 'GatewayApiError';
  readonly status: number;
  readonly type: 'invalid_request_error' | 'authentication_error' | 'record_not_found';
  readonly errors: Record<string, string[]> | undefined;
  constructor(status: number, type: GatewayApiError['type'], message: string, errors?: Record<string, string[]>) {
    super(message);
    this.status = status;
    this.type = type;
    this.errors = errors;
  }
}

export interface GatewayCreateInput {
  amount: number;
  currency: string;
  description: string;
  callback_url: string;
  given_id?: string | undefined;
  metadata?: Record<string, string> | undefined;
}

/** The gateway's payment as its API and webhooks show it (Moyasar's field names, so both adapters read alike). */
export interface GatewayPaymentJson {
  id: string;
  status: PaymentStatus;
  amount: number;
  currency: string;
  description: string;
  refunded: number;
  callback_url: string;
  metadata: Record<string, string>;
  /** The hosted card page while the diner still has something to do; null after. */
  transaction_url: string | null;
  source: {
    type: 'creditcard';
    company: CardBrand | null;
    /** Masked: only the last 4 digits are known. */
    number: string | null;
    message: string | null;
    transaction_url: string | null;
  };
  created_at: string;
  updated_at: string;
}

export type WebhookType = 'payment_paid' | 'payment_failed' | 'payment_refunded';

const FAILURE_MESSAGES: Record<string, string> = {
  declined: 'Insufficient funds',
  '3ds_failed': '3-D Secure transaction attempt failed',
  timeout: 'The card processor timed out',
};

export type CardSubmission =
  | { kind: 'invalid'; errors: Partial<Record<CardField, CardErrorCode>>; brand: CardBrand | null }
  | { kind: 'three_ds' }
  | { kind: 'done'; redirectUrl: string };

export interface TestGatewayDeps {
  db: Database;
  now: () => Date;
  settings: PaymentsConfig['testGateway'];
  /** Called after a transaction that queued a webhook has committed (the relay sends it at once). */
  onWebhookQueued: () => void;
}

export type TestGatewayService = ReturnType<typeof createTestGatewayService>;

export function toJson(deps: TestGatewayDeps, row: GatewayPaymentRow): GatewayPaymentJson {
  const { settings } = deps;
  const url = row.status === 'initiated' ? `${settings.publicUrl}/pay/${row.id}` : null;
  return {
    id: row.id,
    status: row.status as PaymentStatus,
    amount: row.amount,
    currency: row.currency,
    description: row.description,
    refunded: row.refunded,
    callback_url: row.callbackUrl,
    metadata: row.metadata,
    transaction_url: url,
    source: {
      type: 'creditcard',
      company: (row.cardBrand as CardBrand | null) ?? null,
      number: row.cardLast4 ? `XXXX-XXXX-XXXX-${row.cardLast4}` : null,
      message: row.failureReason
        ? (FAILURE_MESSAGES[row.failureReason] ?? null)
        : row.status === 'paid'
          ? 'APPROVED'
          : null,
      transaction_url: url,
    },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Where the diner goes back to: the merchant's callback with ?id=&status=&message= (which the merchant must not trust). */
export function callbackUrlFor(deps: TestGatewayDeps, row: GatewayPaymentRow): string {
  const url = new URL(row.callbackUrl);
  url.searchParams.set('id', row.id);
  url.searchParams.set('status', row.status);
  const message = toJson(deps, row).source.message;
  if (message) url.searchParams.set('message', message);
  return url.toString();
}

/** The ids create() issues: `tgpay_` and 24 hex digits. */
const PAYMENT_ID = /^tgpay_[0-9a-f]{24}$/;

async function mustFind(deps: TestGatewayDeps, id: string): Promise<GatewayPaymentRow> {
  const { db } = deps;
  // Only what this gateway ever issues reaches the query: a NUL byte or half a surrogate pair would fail in the
  // database as a 500 (issue 24 item 17).
  const row = PAYMENT_ID.test(id) ? await findGatewayPayment(db, id) : undefined;
  if (!row) throw new GatewayApiError(404, 'record_not_found', 'Object not found');
  return row;
}

/** Changes the status from `initiated` and queues the webhook, in one transaction; undefined if another request won. */
async function finish(
  deps: TestGatewayDeps,
  row: GatewayPaymentRow,
  status: 'paid' | 'failed',
  failureReason: string | null,
) {
  const { db, now } = deps;
  const at = now();
  const updated = await db.transaction(async (tx) => {
    const changed = await updateGatewayPaymentFrom(tx, row.id, 'initiated', {
      status,
      failureReason,
      threeDsCode: null,
      updatedAt: at,
    });
    if (!changed) return undefined;
    await queueWebhook(deps, tx, changed, status === 'paid' ? 'payment_paid' : 'payment_failed', at);
    return changed;
  });
  if (updated) deps.onWebhookQueued();
  return updated ?? (await mustFind(deps, row.id));
}

async function queueWebhook(
  deps: TestGatewayDeps,
  tx: Transaction,
  row: GatewayPaymentRow,
  type: WebhookType,
  at: Date,
) {
  const eventId = `evt_${randomBytes(12).toString('hex')}`;
  const body = JSON.stringify({
    id: eventId,
    type,
    created_at: at.toISOString(),
    live: false,
    data: toJson(deps, row),
  });
  await insertGatewayWebhook(tx, { eventId, paymentId: row.id, type, body, now: at });
}

export async function createPayment(
  deps: TestGatewayDeps,
  input: GatewayCreateInput,
): Promise<{ payment: GatewayPaymentJson; created: boolean }> {
  const { db, now } = deps;
  if (input.currency !== 'SAR') {
    throw new GatewayApiError(400, 'invalid_request_error', 'Validation Failed', {
      currency: ['is not supported'],
    });
  }
  const requestHash = createHash('sha256')
    .update(JSON.stringify([input.amount, input.currency, input.description, input.callback_url, input.metadata ?? {}]))
    .digest('hex');
  const at = now();
  const inserted = await insertGatewayPayment(db, {
    id: `tgpay_${randomBytes(12).toString('hex')}`,
    givenId: input.given_id ?? null,
    requestHash,
    amount: input.amount,
    currency: input.currency,
    description: input.description,
    callbackUrl: input.callback_url,
    metadata: input.metadata ?? {},
    createdAt: at,
    updatedAt: at,
  });
  if (inserted) return { payment: toJson(deps, inserted), created: true };
  // given_id taken: the same request again is a retry (answer the first payment); another is a mistake.
  const existing = input.given_id ? await findGatewayPaymentByGivenId(db, input.given_id) : undefined;
  if (!existing || existing.requestHash !== requestHash) {
    throw new GatewayApiError(400, 'invalid_request_error', 'given_id was already used for another payment', {
      given_id: ['has already been taken'],
    });
  }
  return { payment: toJson(deps, existing), created: false };
}

export async function getPayment(deps: TestGatewayDeps, id: string): Promise<GatewayPaymentRow> {
  return mustFind(deps, id);
}

export async function refund(
  deps: TestGatewayDeps,
  id: string,
  amount: number | undefined,
): Promise<GatewayPaymentRow> {
  const { db, now } = deps;
  const row = await mustFind(deps, id);
  if (row.status !== 'paid') {
    throw new GatewayApiError(400, 'invalid_request_error', `A ${row.status} payment can't be refunded`);
  }
  const refundAmount = amount ?? row.amount - row.refunded;
  const at = now();
  const updated = await db.transaction(async (tx) => {
    const changed = await refundGatewayPayment(tx, id, refundAmount, at);
    if (changed) await queueWebhook(deps, tx, changed, 'payment_refunded', at);
    return changed;
  });
  if (!updated) {
    throw new GatewayApiError(400, 'invalid_request_error', 'The amount is more than what is left to refund', {
      amount: ['is greater than the refundable amount'],
    });
  }
  deps.onWebhookQueued();
  return updated;
}

/** The hosted page's form: checks the card with the shared rules; keeps brand and last 4 only. */
export async function submitCard(
  deps: TestGatewayDeps,
  id: string,
  card: { number: string; expiry: string; cvv: string; holder: string },
): Promise<CardSubmission> {
  const { db, now } = deps;
  const row = await mustFind(deps, id);
  if (row.status !== 'initiated') return { kind: 'done', redirectUrl: callbackUrlFor(deps, row) };
  if (row.threeDsCode) return { kind: 'three_ds' };
  const checked = checkCard(card, now());
  if (!checked.ok) return { kind: 'invalid', errors: checked.errors, brand: checked.brand };
  const outcome = testCardOutcome(checked.digits);
  const cardFields = { cardBrand: checked.brand, cardLast4: checked.digits.slice(-4), testOutcome: outcome };
  if (outcome === 'declined') {
    const withCard = await updateGatewayPaymentFrom(db, id, 'initiated', { ...cardFields, updatedAt: now() });
    const finished = await finish(deps, withCard ?? row, 'failed', 'declined');
    return { kind: 'done', redirectUrl: callbackUrlFor(deps, finished) };
  }
  const code = String(randomInt(0, 10_000)).padStart(4, '0');
  await updateGatewayPaymentFrom(db, id, 'initiated', { ...cardFields, threeDsCode: code, updatedAt: now() });
  return { kind: 'three_ds' };
}

/** The simulated 3-D Secure step: the code shown on the page passes, anything else (or the 3DS test card) fails. */
export async function submitThreeDs(
  deps: TestGatewayDeps,
  id: string,
  code: string,
): Promise<{ redirectUrl: string } | { backToCard: true }> {
  const row = await mustFind(deps, id);
  if (row.status !== 'initiated') return { redirectUrl: callbackUrlFor(deps, row) };
  if (!row.threeDsCode) return { backToCard: true };
  const right = toAsciiDigits(code.trim()) === row.threeDsCode;
  const finished =
    !right || row.testOutcome === '3ds_failed'
      ? await finish(deps, row, 'failed', '3ds_failed')
      : row.testOutcome === 'timeout'
        ? await finish(deps, row, 'failed', 'timeout')
        : await finish(deps, row, 'paid', null);
  return { redirectUrl: callbackUrlFor(deps, finished) };
}

/** The gateway's rules: payments, the card and 3-D Secure steps, refunds; every change queues its webhook in one transaction. */
export function createTestGatewayService(deps: TestGatewayDeps) {
  return {
    createPayment: createPayment.bind(null, deps),
    getPayment: getPayment.bind(null, deps),
    refund: refund.bind(null, deps),
    submitCard: submitCard.bind(null, deps),
    submitThreeDs: submitThreeDs.bind(null, deps),
    toJson: toJson.bind(null, deps),
    callbackUrlFor: callbackUrlFor.bind(null, deps),
  };
}
