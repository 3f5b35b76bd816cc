import { PAYMENT_STATUSES } from '@sufra/shared/machines/payment-status';
import { CARD_BRANDS } from '@sufra/shared/payments/card';
import { z } from 'zod';

/**
 * The test gateway's API contract. It stands for a third party, so this is not one of our contracts (those live
 * in packages/shared): the gateway validates requests with it and our adapter validates the gateway's answers
 * with it, as it would with any provider's documented format.
 */

export const gatewayCreateBody = z.object({
  /** Halalas; at least 1 SAR, as Moyasar requires. */
  amount: z.number().int().min(100).max(100_000_000),
  currency: z.string().length(3),
  description: z.string().trim().min(1).max(255),
  callback_url: z.url({ protocol: /^https?$/ }).max(2000),
  /** The merchant's idempotency key (Moyasar's name for it). */
  given_id: z.string().min(1).max(200).optional(),
  metadata: z.record(z.string().max(40), z.string().max(500)).optional(),
});

export const gatewayRefundBody = z.object({ amount: z.number().int().positive().optional() }).default({});

export const gatewayPaymentJson = z.object({
  id: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.number().int(),
  currency: z.string(),
  description: z.string(),
  refunded: z.number().int(),
  callback_url: z.string(),
  metadata: z.record(z.string(), z.string()),
  transaction_url: z.string().nullable(),
  source: z.object({
    type: z.literal('creditcard'),
    company: z.enum(CARD_BRANDS).nullable(),
    number: z.string().nullable(),
    message: z.string().nullable(),
    transaction_url: z.string().nullable(),
  }),
  created_at: z.string(),
  updated_at: z.string(),
});

export const gatewayWebhookBody = z.object({
  id: z.string().min(1),
  type: z.enum(['payment_paid', 'payment_failed', 'payment_refunded']),
  created_at: z.string(),
  live: z.boolean(),
  data: gatewayPaymentJson,
});
