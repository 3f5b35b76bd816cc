import type { FastifyInstance } from 'fastify';
import type { RelayLoop } from '../lib/relay.ts';
import type { MailRelay } from '../modules/email/email.relay.ts';
import type { FoodicsRelay } from '../modules/foodics/foodics.relay.ts';
import type { KitchenRelay } from '../modules/kitchen/kitchen.relay.ts';
import type { PointsExpiry } from '../modules/loyalty/points-expiry.relay.ts';
import type { PaymentExpiry } from '../modules/payments/payment-expiry.relay.ts';
import type { RefundRelay } from '../modules/payments/refund.relay.ts';
import type { GatewayWebhookRelay } from '../providers/payment/test-gateway/test-gateway-webhooks.ts';
import type { SmsRelay } from '../providers/sms/sms-relay.ts';

/** The relays tests reach by name (they call drainOnce()). */
export interface NamedRelays {
  /** The SMS outbox relay. */
  smsRelay: SmsRelay;
  /** Sends owed card refunds to the provider. */
  refundRelay: RefundRelay;
  /** Expires card orders left unpaid past CARD_PAYMENT_TIMEOUT_MINUTES. */
  paymentExpiry: PaymentExpiry;
  /** The kitchen hand-off relay of order_outbox. */
  kitchenRelay: KitchenRelay;
  /** Writes off loyalty points past their brand's days. */
  pointsExpiry: PointsExpiry;
  /** Hands integrated branches' orders to Foodics and follows them there (polls). */
  foodicsRelay: FoodicsRelay;
  /** The mail outbox relay (receipts, staff invitations). */
  mailRelay: MailRelay;
}

declare module 'fastify' {
  interface FastifyInstance extends NamedRelays {
    /** Every relay this app runs, in the order they start. */
    relays: readonly RelayLoop<unknown>[];
  }
}

/**
 * Every relay the app runs, from one list: each named one decorated, all started once the app is ready, all
 * stopped when it closes. Called once every relay exists; onClose hooks run in reverse order of registration, so
 * the relays stop (waiting for a pass under way) before the live hub and the database close.
 * `gatewayWebhooks`: the test gateway's relay when it is mounted (reached through app.testGateway).
 */
export function registerRelays(
  app: FastifyInstance,
  named: NamedRelays,
  gatewayWebhooks: GatewayWebhookRelay | null,
): void {
  for (const [key, relay] of Object.entries(named)) app.decorate(key, relay);
  const { smsRelay, refundRelay, paymentExpiry, kitchenRelay, pointsExpiry, foodicsRelay, mailRelay } = named;
  const relays: RelayLoop<unknown>[] = [
    smsRelay,
    gatewayWebhooks,
    refundRelay,
    paymentExpiry,
    kitchenRelay,
    pointsExpiry,
    foodicsRelay,
    mailRelay,
  ].filter((relay) => relay !== null);
  app.decorate('relays', relays);
  app.addHook('onReady', async () => {
    for (const relay of relays) await relay.start();
  });
  app.addHook('onClose', async () => {
    await Promise.all(relays.map((relay) => relay.stop()));
  });
}
