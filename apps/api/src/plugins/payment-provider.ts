import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env.ts';
import type { DatabaseHandle } from '../db/client.ts';
import type { PaymentProvider } from '../providers/payment/payment-provider.ts';
import { createPaymentProvider } from '../providers/payment/payment-providers.ts';
import { testGatewayRoutes } from '../providers/payment/test-gateway/test-gateway.routes.ts';
import {
  createTestGatewayService,
  type TestGatewayService,
} from '../providers/payment/test-gateway/test-gateway.service.ts';
import {
  createGatewayWebhookRelay,
  type GatewayWebhookRelay,
} from '../providers/payment/test-gateway/test-gateway-webhooks.ts';

/** Where the built-in test gateway is mounted when it is the provider. */
export const TEST_GATEWAY_PREFIX = '/test-gateway';
/** Where the test gateway posts its webhooks by default (payments.routes receives them). */
export const TEST_GATEWAY_WEBHOOK_PATH = '/api/payments/webhooks/test/';

declare module 'fastify' {
  interface FastifyInstance {
    /** The configured card payment provider (issue 5). */
    paymentProvider: PaymentProvider;
    /** The built-in test gateway when it is mounted (PAYMENT_PROVIDER=test), else null. */
    testGateway: { service: TestGatewayService; webhooks: GatewayWebhookRelay } | null;
  }
}

/**
 * Card payments (issue 5): the provider our services call (`app.paymentProvider`), and the built-in gateway with its
 * webhook relay when it is the provider (`app.testGateway`; registerRelays starts its relay with the others).
 */
export async function registerPaymentProvider(
  app: FastifyInstance,
  config: Config,
  deps: { database: DatabaseHandle; now: () => Date; provider: PaymentProvider | undefined },
): Promise<void> {
  // The gateway runs in this process: reach it (and let it reach our webhook route) over loopback at the port
  // actually listened on, which tests and PORT=0 only know after listen().
  const ownUrl = (path: string) => {
    const address = app.server.address();
    const port = address && typeof address === 'object' ? address.port : config.port;
    return `http://127.0.0.1:${port}${path}`;
  };
  app.decorate(
    'paymentProvider',
    deps.provider ?? createPaymentProvider(config.payments, () => ownUrl(TEST_GATEWAY_PREFIX)),
  );
  if (config.payments.provider !== 'test') {
    app.decorate('testGateway', null);
    return;
  }
  const settings = config.payments.testGateway;
  const webhooks = createGatewayWebhookRelay({
    db: deps.database.db,
    now: deps.now,
    log: app.log,
    url: settings.webhookUrl ?? (() => ownUrl(TEST_GATEWAY_WEBHOOK_PATH)),
    secret: settings.webhookSecret,
    timeoutMs: config.payments.timeoutMs,
    intervalMs: settings.webhookIntervalMs,
  });
  const service = createTestGatewayService({
    db: deps.database.db,
    now: deps.now,
    settings,
    onWebhookQueued: () => webhooks.kick(),
  });
  app.decorate('testGateway', { service, webhooks });
  await app.register(testGatewayRoutes, { prefix: TEST_GATEWAY_PREFIX, service, settings, base: TEST_GATEWAY_PREFIX });
}
