import type { PaymentsConfig } from '../../config/env.ts';
import { createMoyasarProvider } from './moyasar-provider.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createTestGatewayProvider } from './test-gateway-provider.ts';

/**
 * The configured provider: Moyasar when PAYMENT_PROVIDER=moyasar, else the built-in test gateway, reached at
 * TEST_GATEWAY_API_URL or else at `ownGatewayUrl()` (this process, once it listens).
 */
export function createPaymentProvider(payments: PaymentsConfig, ownGatewayUrl: () => string): PaymentProvider {
  if (payments.provider === 'moyasar' && payments.moyasar) {
    return createMoyasarProvider({ ...payments.moyasar, timeoutMs: payments.timeoutMs });
  }
  return createTestGatewayProvider({
    apiUrl: payments.testGateway.apiUrl ?? ownGatewayUrl,
    secretKey: payments.testGateway.secretKey,
    webhookSecret: payments.testGateway.webhookSecret,
    timeoutMs: payments.timeoutMs,
  });
}
